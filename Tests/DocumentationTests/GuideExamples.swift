// Every Swift example of the DocC articles in Sources/Keystone/Keystone.docc, compiled and run,
// with the outcome each article describes checked. `DocumentationSyncTests` fails if an
// article's example is not here line for line.
import Keystone
import Testing

// MARK: - Services the articles use (besides those of ReadmeExamples.swift)

final class MockAPIClient: APIClient {}

final class SyncService: Sendable {
    let storage: Storage
    let client: APIClient
    init(storage: Storage, client: APIClient) {
        self.storage = storage
        self.client = client
    }
}

final class A: Sendable {
    let b: B
    let c: C
    init(b: B, c: C) {
        self.b = b
        self.c = c
    }
}
final class B: Sendable {
    let d: D
    init(d: D) { self.d = d }
}
final class C: Sendable {
    let d: D
    init(d: D) { self.d = d }
}
final class D: Sendable {}

final class Account: Sendable {
    let owner: String
    init(owner: String) { self.owner = owner }
}

final class Connection: Sendable {
    let host: String
    init(host: String) { self.host = host }
}

protocol PaymentService: Sendable {}
final class Checkout: Sendable {
    init(payments: PaymentService) {}
}

extension Scope {
    static let account = Scope.cached("account")
}

extension Name {
    static let primary: Name = "primary"
    static let replica: Name = "replica"
}

// MARK: - The articles' examples

@Suite("DocC article examples")
struct GuideExamples {
    @Test("Landing page and Getting Started: register")
    func register() throws {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
        container.register { r in try SyncService(storage: r.resolve(), client: r.resolve()) }

        let storage: Storage = container.resolve()
        #expect(try storage.client === container.tryResolve(APIClient.self))
        #expect(try container.tryResolve(SyncService.self).client === storage.client)
    }

    @Test("Getting Started: the three flavours, and ending lifetimes")
    func flavours() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
        container.register { r in try SyncService(storage: r.resolve(), client: r.resolve()) }

        let sync: SyncService = container.resolve()  // a missing registration is a bug: trap
        let client: APIClient? = container.resolveOptional()  // optional feature: nil if unregistered
        do {
            let storage: Storage = try container.tryResolve()  // handle the error yourself
            print(storage.client === client)
        } catch {
            print(error)  // what failed, where, and how to fix it
        }

        #expect(sync.client === client)
        #expect(printed == ["true"])

        container.reset(.singleton)  // the next resolve builds new singletons
        #expect(try container.tryResolve(APIClient.self) !== client)
        container.dispose()  // ends the container; resolving now fails with `.disposed`
        #expect(throws: ResolutionError.self) { try container.tryResolve(APIClient.self) }
    }

    @Test("Scopes: the graph scope")
    func graphScope() throws {
        let graph = Container()
        graph.register { r in try A(b: r.resolve(), c: r.resolve()) }
        graph.register { r in try B(d: r.resolve()) }
        graph.register { r in try C(d: r.resolve()) }
        graph.register { _ in D() }

        let a: A = graph.resolve()
        // a.b.d === a.c.d, and the next resolve of A makes a new D
        #expect(a.b.d === a.c.d)
        #expect(try graph.tryResolve(A.self).b.d !== a.b.d)
    }

    @Test("Scopes: request scopes")
    func requestScopes() throws {
        let notes = Container()
        notes.register(scope: .singleton) { _ in NoteDatabase() }
        notes.registerRequestValue(RequestID.self)
        notes.registerRequestValue(User.self)
        notes.register(scope: .request) { r in try RequestLog(id: r.resolve()) }
        notes.register { r in try NotesHandler(database: r.resolve(), log: r.resolve()) }

        let request = notes.beginRequest(providing: RequestID("req-7"), User(name: "ada"))
        let handler: NotesHandler = try request.tryResolve()
        let user: User = try request.tryResolve()
        request.end()  // disposes the request's instances, newest first

        #expect(handler.log.id == RequestID("req-7") && user.name == "ada")
        #expect(request.isEnded)
    }

    @Test("Scopes: a cached scope")
    func cachedScope() {
        let accounts = Container()
        accounts.register(scope: .account) { _ in Account(owner: "alice") }
        let before: Account = accounts.resolve()
        accounts.reset(.account)  // disposes and drops it; registrations stay
        let after: Account = accounts.resolve()

        #expect(before !== after)
        #expect(accounts.resolve(Account.self) === after)
    }

    @Test("Arguments and names: runtime arguments")
    func arguments() throws {
        let screens = Container()
        screens.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        screens.register(scope: .transient) { (r, game: Game, page: Int) in
            try DetailViewModel(api: r.resolve(), game: game, page: page)
        }

        let detail: DetailViewModel = screens.resolve(arguments: Game(title: "Go"), 3)
        #expect(detail.game == Game(title: "Go") && detail.page == 3)
        let error = try #require(throws: ResolutionError.self) {
            try screens.tryResolve(DetailViewModel.self, arguments: Game(title: "Go"))
        }
        #expect(error.kind == .argumentMismatch)
        #expect(error.nearMisses.count == 1)
    }

    @Test("Arguments and names: names")
    func names() {
        let databases = Container()
        databases.register(Connection.self, name: .primary, scope: .singleton) { _ in Connection(host: "db-1") }
        databases.register(Connection.self, name: .replica, scope: .singleton) { _ in Connection(host: "db-2") }

        let replica = databases.resolve(Connection.self, name: .replica)
        #expect(replica.host == "db-2")
        #expect(databases.resolve(Connection.self, name: "primary").host == "db-1")
    }

    @Test("Child containers")
    func childContainers() throws {
        let app = Container()
        app.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }

        let preview = Container(parent: app)
        preview.register(APIClient.self, scope: .singleton) { _ in MockAPIClient() }
        preview.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }

        let previewStorage: Storage = preview.resolve()  // built with the mock
        preview.dispose()  // `app` is untouched

        #expect(previewStorage.client is MockAPIClient)
        #expect(try app.tryResolve(APIClient.self) is LiveAPIClient)
    }

    @Test("Diagnostics: the path of a missing dependency")
    func diagnostics() throws {
        var printed: [[String]] = []
        func print(_ path: [String]) { printed.append(path) }

        let app = Container()
        app.register { r in try Checkout(payments: r.resolve()) }

        do {
            let _: Checkout = try app.tryResolve()
        } catch  where error.kind == .notRegistered {
            print(error.path)  // ["Checkout", "PaymentService"]
        }

        #expect(printed == [["Checkout", "PaymentService"]])
    }
}

final class Camera: Sendable {
    let real: Bool
    init(real: Bool) { self.real = real }
}

final class PhotoPicker: Sendable {
    let camera: Camera
    init(camera: Camera) { self.camera = camera }
}

@Suite("DocC article examples: verification")
struct VerificationGuideExamples {
    @Test("Verification: a report")
    func report() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }

        let shop = Container()
        shop.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        shop.register { r in try Checkout(payments: r.resolve()) }

        let report = shop.verify()
        print(report.isValid)  // false: nothing provides PaymentService
        print(report.problems[0].path)  // ["Checkout", "PaymentService"]

        #expect(printed == ["false", "[\"Checkout\", \"PaymentService\"]"])

        let dot = shop.verify().graph.dot  // dot -Tsvg graph.dot -o graph.svg
        let mermaid = shop.verify().graph.mermaid  // paste into a ```mermaid block
        #expect(dot.contains("Checkout") && mermaid.contains("PaymentService"))
    }

    @Test("Verification: stand-ins and skipped registrations")
    func sideEffects() throws {
        let studio = Container()
        studio.register(scope: .singleton) { _ in Camera(real: true) }
            .verify(because: "opens the camera") { _ in Camera(real: false) }
        studio.register(PhotoPicker.self) { r in try PhotoPicker(camera: r.resolve()) }
            .skipVerification(because: "shows a system sheet")

        let studioReport = studio.verify()
        // studioReport.unchecked lists both, with their reasons
        #expect(studioReport.isValid)
        #expect(studioReport.unchecked.map(\.registration) == ["`Camera`", "`PhotoPicker`"])
        #expect(try studio.tryResolve(PhotoPicker.self).camera.real)
    }

    @Test("Verification: samples for registrations with arguments")
    func samples() {
        let screens = Container()
        screens.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        screens.register(scope: .transient) { (r, game: Game, page: Int) in
            try DetailViewModel(api: r.resolve(), game: game, page: page)
        }

        var samples = VerificationSamples()
        samples.add(DetailViewModel.self, arguments: Game(title: "Go"), 1)
        let checked = screens.verify(samples: samples)
        #expect(checked.isValid && checked.unchecked.isEmpty)
        #expect(screens.verify().unchecked.count == 1)
    }
}

@Suite("DocC article examples: testing")
struct TestingGuideExamples {
    @Test("Testing: overrides stay inside one operation")
    func overrides() throws {
        let shop = makeShopContainer()
        let result = try shop.withOverrides { overrides in
            overrides.register(PaymentGateway.self) { _ in DecliningGateway() }
        } operation: { copy in
            try copy.tryResolve(ShopCheckout.self).pay(10)
        }
        // result == "declined"; `shop` still accepts payments
        #expect(result == "declined")
        #expect(try shop.tryResolve(ShopCheckout.self).pay(10) == "paid")
    }

    @Test("Testing: a shared container per test")
    func sharedPerTest() throws {
        let testContainer = makeShopContainer()
        let paid = try Container.withShared(testContainer) {
            try Container.shared.tryResolve(ShopCheckout.self).pay(5)
        }
        #expect(paid == "paid")
        #expect(Container.shared !== testContainer)
    }
}

final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}

/// The mail box of the main-actor examples (README and the Concurrency article).
protocol MailStore: Sendable {
    func subjects() -> [String]
}

struct MemoryMailStore: MailStore {
    func subjects() -> [String] { ["Welcome", "Invoice"] }
}

@MainActor
final class InboxViewModel {
    let store: any MailStore
    private(set) var subjects: [String] = []

    init(store: any MailStore) { self.store = store }

    func reload() { subjects = store.subjects() }
}

@MainActor
func showInbox(from ui: Container) -> [String] {
    let model: InboxViewModel = ui.resolve()
    model.reload()
    return model.subjects
}

func refreshInBackground(_ app: Container) async throws -> Int {
    let model: InboxViewModel = try await app.resolveAsync()
    await model.reload()
    return await model.subjects.count
}

@Suite("DocC article examples: concurrency")
struct ConcurrencyGuideExamples {
    @Test("Concurrency: main-actor services")
    @MainActor
    func mainActorServices() async throws {
        let app = Container()
        app.register(MailStore.self, scope: .singleton) { _ in MemoryMailStore() }
        app.registerMainActor(scope: .singleton) { r in
            InboxViewModel(store: try r.resolve())
        }

        #expect(showInbox(from: app) == ["Welcome", "Invoice"])
        #expect(try await refreshInBackground(app) == 2)
    }

    @Test("Concurrency: async factories")
    func asyncFactories() async throws {
        let backend = Container()
        backend.register(Configuration.self, scope: .singleton) { _ in Configuration(path: "db.json") }
        backend.register(Database.self, scope: .singleton) { r in
            try await Database.open(configuration: r.resolve())
        }
        backend.register(scope: .transient) { r in
            try await Repository(database: r.resolve())
        }

        let repository: Repository = try await backend.resolveAsync()
        #expect(repository.database.configuration.path == "db.json")
        #expect(try await backend.resolveAsync(Repository.self).database === repository.database)
    }
}
