// Every Swift example of README.md, compiled and run. `DocumentationSyncTests` checks that
// each paragraph of each README code block stands, line for line, in a file of this target,
// so the README cannot drift from code that builds and behaves as it says.
import Keystone
import Testing

// MARK: - The services the examples use

protocol APIClient: AnyObject, Sendable {}
final class LiveAPIClient: APIClient {}

protocol Storage: AnyObject, Sendable {
    var client: APIClient { get }
}
final class DiskStorage: Storage {
    let client: APIClient
    init(client: APIClient) { self.client = client }
}

protocol Logger: Sendable {}
struct AuditLogger: Logger {}

struct Game: Sendable, Equatable {
    let title: String
}

final class DetailViewModel: Sendable {
    let api: APIClient
    let game: Game
    let page: Int
    init(api: APIClient, game: Game, page: Int) {
        self.api = api
        self.game = game
        self.page = page
    }
}

final class UserSession: Sendable {
    let user: String
    init(user: String) { self.user = user }
}

struct Folder: Sendable {
    let path: String
}

protocol IntFetcher: AnyObject, Sendable {
    func int() -> Int
}

final class ThingFetcher: IntFetcher, @unchecked Sendable {
    // `@unchecked Sendable`: only the test's single thread touches `events`.
    var events: [String] = []
    func int() -> Int { 42 }
    func warmUp() { events.append("warm") }
    func close() { events.append("closed") }
}

struct Summary: Sendable {
    let value: Int
    init(of fetcher: ThingFetcher) { value = fetcher.int() }
}

final class CircularDependencyOne: @unchecked Sendable {
    // `@unchecked Sendable`: built and linked on one thread, then only read.
    let dependencyTwo: CircularDependencyTwo
    init(_ dependencyTwo: CircularDependencyTwo) { self.dependencyTwo = dependencyTwo }
}

final class CircularDependencyTwo: @unchecked Sendable {
    // `@unchecked Sendable`: built and linked on one thread, then only read.
    weak var dependencyOne: CircularDependencyOne?
}

final class Session: Sendable {
    init(client: APIClient) {}
}

final class Root: Sendable {
    init(session: Session) {}
}

final class RequestContext: Sendable {}
final class ResponseCache: Sendable {
    init(context: RequestContext) {}
}

/// The app's composition root in the verification example: complete and correct.
func makeAppContainer() -> Container {
    let container = Container()
    container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
    container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
    return container
}

@Test func theGraphIsComplete() throws {
    try makeAppContainer().verify().requireValid()
}

protocol PaymentGateway: Sendable {
    func charge(_ amount: Int) -> Bool
}
struct AcceptingGateway: PaymentGateway {
    func charge(_ amount: Int) -> Bool { true }
}
struct DecliningGateway: PaymentGateway {
    func charge(_ amount: Int) -> Bool { false }
}
final class ShopCheckout: Sendable {
    let gateway: PaymentGateway
    init(gateway: PaymentGateway) { self.gateway = gateway }
    func pay(_ amount: Int) -> String { gateway.charge(amount) ? "paid" : "declined" }
}

/// The shop's composition root in the testing example.
func makeShopContainer() -> Container {
    let container = Container()
    container.register(PaymentGateway.self, scope: .singleton) { _ in AcceptingGateway() }
    container.register { r in try ShopCheckout(gateway: r.resolve()) }
    return container
}

@Test func checkoutDeclinesWhenTheGatewayDoes() throws {
    try makeShopContainer().withOverrides { overrides in
        overrides.register(PaymentGateway.self) { _ in DecliningGateway() }
    } operation: { shop in
        let checkout: ShopCheckout = try shop.tryResolve()
        #expect(checkout.pay(10) == "declined")
    }
}

struct Configuration: Sendable {
    let path: String
}

/// A database whose opening is asynchronous.
final class Database: Sendable {
    let configuration: Configuration
    private init(configuration: Configuration) { self.configuration = configuration }

    static func open(configuration: Configuration) async throws -> Database {
        await Task.yield()
        return Database(configuration: configuration)
    }
}

// MARK: - Declarations the examples make at file level

extension Scope {
    static let session = Scope.cached("session")
}

extension Name {
    static let backup: Name = "backup"
}

// MARK: - The examples

@Suite("README examples")
struct ReadmeExamples {
    @Test("At a glance")
    func atAGlance() throws {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
        container.register(Logger.self, name: "audit") { _ in AuditLogger() }
        container.register(DetailViewModel.self, scope: .transient) { (r, game: Game, page: Int) in
            try DetailViewModel(api: r.resolve(), game: game, page: page)
        }

        let storage: Storage = container.resolve()  // traps with a diagnostic if it cannot
        let audit = container.resolve(Logger.self, name: "audit")
        let viewModel: DetailViewModel = container.resolve(arguments: Game(title: "Go"), 2)
        let maybe: APIClient? = container.resolveOptional()  // nil when not registered
        let sure: APIClient = try container.tryResolve()  // throws ResolutionError

        #expect(storage.client === sure)
        #expect(audit is AuditLogger)
        #expect(viewModel.game == Game(title: "Go") && viewModel.page == 2 && viewModel.api === sure)
        #expect(maybe === sure)
    }

    @Test("Scopes: a cached scope ends with reset")
    func scopes() {
        let app = Container()
        app.register(UserSession.self, scope: .session) { _ in UserSession(user: "alice") }
        let first: UserSession = app.resolve()
        app.reset(.session)  // log-out: disposes and drops the session
        let second: UserSession = app.resolve()  // a new one

        #expect(first !== second)
        #expect(app.resolve(UserSession.self) === second)
    }

    @Test("Arguments and names")
    func argumentsAndNames() {
        let files = Container()
        files.register(Folder.self) { (_, path: String) in Folder(path: path) }
        files.register(Folder.self, name: .backup) { _ in Folder(path: "/var/backups") }

        let documents: Folder = files.resolve(arguments: "/home/alice/Documents")
        let backups = files.resolve(Folder.self, name: .backup)

        #expect(documents.path == "/home/alice/Documents")
        #expect(backups.path == "/var/backups")
        #expect(files.resolveOptional(Folder.self) == nil)
    }

    @Test("More types, hooks and disposal")
    func bindingAndHooks() throws {
        let hub = Container()
        hub.register(ThingFetcher.self, scope: .singleton) { _ in ThingFetcher() }
            .bind(IntFetcher.self)  // a protocol it conforms to
            .bind(Summary.self) { fetcher in Summary(of: fetcher) }  // or any conversion
            .then { _, fetcher in fetcher.warmUp() }  // once per new instance
            .onDispose { fetcher in fetcher.close() }  // when the container lets it go

        let ints: IntFetcher = hub.resolve()
        let summary: Summary = hub.resolve()
        hub.dispose()  // disposes held instances newest first; Disposable ones get dispose()

        let fetcher = try #require(ints as? ThingFetcher)
        #expect(summary.value == 42)
        #expect(fetcher.events == ["warm", "closed"])
        #expect(hub.resolveOptional(IntFetcher.self) == nil)
    }

    @Test("A circular reference completed with then")
    func circular() {
        let loop = Container()
        loop.register(scope: .singleton) { r in try CircularDependencyOne(r.resolve()) }
            .then { _, one in one.dependencyTwo.dependencyOne = one }
        loop.register(scope: .singleton) { _ in CircularDependencyTwo() }

        let one: CircularDependencyOne = loop.resolve()
        // one.dependencyTwo.dependencyOne === one
        #expect(one.dependencyTwo.dependencyOne === one)
    }

    @Test("Errors that explain themselves")
    func errors() throws {
        var printed: [String] = []
        func print(_ error: any Error) { printed.append("\(error)") }

        let broken = Container()
        broken.register { r in try Root(session: r.resolve()) }
        broken.register { r in try Session(client: r.resolve(APIClient.self, name: "mock")) }
        broken.register(APIClient.self) { _ in LiveAPIClient() }

        do {
            let _: Root = try broken.tryResolve()
        } catch {
            print(error)
        }

        let expected = try DocumentationText.block(after: "prints", in: DocumentationText.readme())
        #expect(printed.map(DocumentationText.withoutSites) == [DocumentationText.withoutSites(expected)])
    }

    @Test("Child containers")
    func children() throws {
        let parent = Container()
        parent.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        let child = Container(parent: parent)
        child.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }

        let shared: Storage = child.resolve()  // its client is the parent's singleton
        child.dispose()  // the parent is untouched

        #expect(try shared.client === parent.tryResolve(APIClient.self))
        #expect(parent.resolveOptional(Storage.self) == nil)
    }

    @Test("A failing verification report prints as the Verification article shows")
    func verificationReport() throws {
        let container = Container()
        container.register { r in try Checkout(payments: r.resolve()) }
        container.register(scope: .transient) { _ in RequestContext() }
        container.register(scope: .singleton) { r in try ResponseCache(context: r.resolve()) }
        let report = container.verify()

        let expected = try DocumentationText.block(
            after: "A failing report prints like this:",
            in: DocumentationText.read("Sources/Keystone/Keystone.docc/Verification.md"))
        #expect(DocumentationText.withoutSites(report.description) == DocumentationText.withoutSites(expected))
    }

    @Test("Async services")
    func asyncServices() async throws {
        let services = Container()
        services.register(Configuration.self, scope: .singleton) { _ in Configuration(path: "app.json") }
        services.register(Database.self, scope: .singleton) { r in
            try await Database.open(configuration: r.resolve())
        }

        let database: Database = try await services.resolveAsync()
        #expect(database.configuration.path == "app.json")
        #expect(try await services.resolveAsync(Database.self) === database)
        #expect(throws: ResolutionError.self) { try services.tryResolve(Database.self) }
    }

    @Test("Main-actor services")
    @MainActor
    func mainActorServices() async throws {
        let ui = Container()
        ui.register(MailStore.self, scope: .singleton) { _ in MemoryMailStore() }
        ui.registerMainActor(scope: .singleton) { r in
            InboxViewModel(store: try r.resolve())
        }

        #expect(showInbox(from: ui) == ["Welcome", "Invoice"])
        #expect(try await refreshInBackground(ui) == 2)
        let offMain = await Task.detached { Result { try ui.tryResolve(InboxViewModel.self) } }.value
        #expect(throws: ResolutionError.self) { try offMain.get() }
    }
}

@Suite("README examples: logging")
struct ReadmeLoggingExamples {
    @Test("PrintLogger")
    func printLogger() {
        let watched = Container()
        watched.logger = PrintLogger()  // [Keystone] built APIClient .singleton
        #expect(watched.logger is PrintLogger)
    }
}

/// The README's request scope example, compiled and run.
@Suite("README: request scopes")
struct ReadmeRequestScopeExamples {
    @Test("A server's request services, declared once")
    func requestScope() throws {
        let server = Container()
        server.register(scope: .singleton) { _ in NoteDatabase() }
        server.registerRequestValue(RequestID.self)
        server.register(scope: .request) { r in try RequestLog(id: r.resolve()) }
        server.register { r in try NotesHandler(database: r.resolve(), log: r.resolve()) }

        let page = try server.withRequest(providing: RequestID("req-42")) { request in
            let handler: NotesHandler = try request.tryResolve()
            return handler.list()
        }

        #expect(page == ["req-42: 0 notes"])
    }
}

// The types the request scope examples of the README and the Scopes article name.

struct RequestID: Sendable, Equatable {
    let value: String
    init(_ value: String) { self.value = value }
}
struct User: Sendable {
    let name: String
}
final class NoteDatabase: Sendable {
    let notes: [String] = []
}
/// What a request did, flushed when it ends.
final class RequestLog: Disposable, Sendable {
    let id: RequestID
    init(id: RequestID) { self.id = id }
    func dispose() {}
}
final class NotesHandler: Sendable {
    let database: NoteDatabase
    let log: RequestLog
    init(database: NoteDatabase, log: RequestLog) {
        self.database = database
        self.log = log
    }
    func list() -> [String] { ["\(log.id.value): \(database.notes.count) notes"] }
}
