import Foundation
import Keystone
import Testing

// The examples of the doc comments in Sources/Keystone, compiled and run: each test holds an
// example as its doc comment shows it, then checks what the comment says about it.
// `DocumentationSyncTests` fails when a doc comment's example is not found here (or in
// another test file) line for line. A module of its own, so that the examples' type names
// (`APIClient`, `Checkout`, …) cannot clash with the other targets' fixtures.

// MARK: - Stand-ins for the types the examples name

protocol APIClient: AnyObject, Sendable {}
final class LiveAPIClient: APIClient {}
protocol Storage: AnyObject, Sendable {}
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
    init(game: Game, api: APIClient) {
        self.api = api
        self.game = game
        self.page = 1
    }
}
struct Configuration: Sendable {
    let path: String
}
/// What `Database` is also resolved as, through `bind`.
protocol NoteDatabase: AnyObject, Sendable {}
extension Database: NoteDatabase {}

final class Database: Sendable, Disposable {
    let config: Configuration
    private let state = Recorder()
    init(config: Configuration) { self.config = config }
    static func open(config: Configuration) async throws -> Database {
        await Task.yield()
        return Database(config: config)
    }
    func migrate() async throws { state.record("migrated") }
    func close() { state.record("closed") }
    func dispose() {}
    var events: [String] { state.events }
}
final class Thing: Sendable {}
/// What the optional awaited resolve's example may or may not have.
protocol Tracker: Sendable {}
final class OrderService: Sendable {
    let database: Database
    let tracker: Tracker?
    init(database: Database, tracker: Tracker?) {
        self.database = database
        self.tracker = tracker
    }
}
/// The collection of the async collections' example.
protocol HealthCheck: AnyObject, Sendable {
    var name: String { get }
}
final class DiskCheck: HealthCheck {
    let name = "disk"
}
final class DatabaseCheck: HealthCheck {
    let name = "database"
    let database: Database
    init(database: Database) async {
        await Task.yield()
        self.database = database
    }
}
final class HealthReport: Sendable {
    let checks: [HealthCheck]
    init(checks: [HealthCheck]) { self.checks = checks }
}
protocol IntFetcher: Sendable {}
protocol StringFetcher: Sendable {}
final class ThingFetcher: IntFetcher, StringFetcher, Sendable {
    let thing: Thing
    private let state = Recorder()
    init(thing: Thing = Thing()) { self.thing = thing }
    func warmUp() { state.record("warm") }
    func close() { state.record("closed") }
    var events: [String] { state.events }
}
final class User: Sendable {
    let name: String
    init(name: String) { self.name = name }
}
final class Greeting: Sendable {
    let text: String
    init(for name: String) { text = "Hello, \(name)" }
}
protocol Migration: Sendable {}
struct CreateUsers: Migration {}
struct AddIndex: Migration {
    let db: Database
}
final class Session: Sendable {}
class Camera: @unchecked Sendable {  // no stored state: nothing to guard
    static func open() throws -> Camera { throw CameraUnavailable() }
}
struct CameraUnavailable: Error {}
final class FakeCamera: Camera, @unchecked Sendable {}  // no stored state
enum PaymentResult { case accepted, declined }
protocol PaymentGateway: Sendable {
    func charge(_ amount: Int) -> PaymentResult
}
struct DecliningGateway: PaymentGateway {
    func charge(_ amount: Int) -> PaymentResult { .declined }
}
struct AcceptingGateway: PaymentGateway {
    func charge(_ amount: Int) -> PaymentResult { .accepted }
}
final class Checkout: Sendable {
    let gateway: PaymentGateway
    init(gateway: PaymentGateway) { self.gateway = gateway }
    func pay(_ amount: Int) -> PaymentResult { gateway.charge(amount) }
}

/// Records what happened, from any thread. `@unchecked Sendable`: `lock` guards `recorded`.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    func record(_ event: String) { lock.withLock { recorded.append(event) } }
    var events: [String] { lock.withLock { recorded } }
}

extension Name {
    static let audit: Name = "audit"
}

extension Scope {
    static let session = Scope.cached("session")
}

// MARK: - Container

@Suite("Doc comment examples: the container")
struct ContainerDocCommentExamples {
    @Test func containerOverview() {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }

        let storage: Storage = container.resolve()

        #expect(storage is DiskStorage)
    }

    @Test func registerWithArguments() {
        let container = Container()
        let game = Game(title: "Go")
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(DetailViewModel.self, scope: .transient) { (r, game: Game, page: Int) in
            try DetailViewModel(api: r.resolve(), game: game, page: page)
        }
        let viewModel: DetailViewModel = container.resolve(arguments: game, 2)

        #expect(viewModel.game == game && viewModel.page == 2)
    }

    @Test func resolveFlavours() {
        let container = Container()
        let game = Game(title: "Go")
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Logger.self, name: "audit") { _ in AuditLogger() }
        container.register(DetailViewModel.self) { (r, game: Game, page: Int) in
            try DetailViewModel(api: r.resolve(), game: game, page: page)
        }
        let api: APIClient = container.resolve()
        let audit = container.resolve(Logger.self, name: "audit")
        let viewModel: DetailViewModel = container.resolve(arguments: game, 2)

        #expect(audit is AuditLogger)
        #expect(viewModel.api === api)
    }

    @Test func resolverResolvesDependencies() {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }

        #expect((container.resolve(Storage.self) as? DiskStorage)?.client === container.resolve(APIClient.self))
    }

    @Test func namesAsConstants() {
        let container = Container()
        container.register(Logger.self, name: .audit) { _ in AuditLogger() }
        let logger = container.resolve(Logger.self, name: .audit)

        #expect(logger is AuditLogger)
        #expect(container.resolveOptional(Logger.self) == nil)
    }

    @Test func customScopes() {
        let container = Container()
        container.register(Session.self, scope: .session) { _ in Session() }
        container.reset(.session)  // on log-out
        let before: Session = container.resolve()
        container.reset(.session)

        #expect(container.resolve(Session.self) !== before)
    }

    @Test func registrationRefinements() {
        let container = Container()
        container.register(scope: .singleton) { _ in ThingFetcher() }
            .bind(IntFetcher.self)
            .bind(StringFetcher.self)
            .then { _, fetcher in fetcher.warmUp() }
            .onDispose { fetcher in fetcher.close() }

        let fetcher: ThingFetcher = container.resolve()
        #expect(container.resolve(IntFetcher.self) as? ThingFetcher === fetcher)
        #expect(container.resolve(StringFetcher.self) as? ThingFetcher === fetcher)
        container.dispose()
        #expect(fetcher.events == ["warm", "closed"])
    }

    @Test func contributionsToACollection() {
        let container = Container()
        container.register(Database.self, scope: .singleton) { _ in Database(config: Configuration(path: "db")) }
        container.contribute(Migration.self) { _ in CreateUsers() }
        container.contribute(Migration.self, scope: .singleton) { r in try AddIndex(db: r.resolve()) }

        let migrations: [Migration] = container.resolveAll()  // [CreateUsers, AddIndex]

        #expect(migrations.count == 2)
        #expect(migrations.first is CreateUsers && migrations.last is AddIndex)
    }

    @Test func typedErrors() {
        let container = Container()
        var setUpShown = false
        func showSetUpScreen() { setUpShown = true }
        func start(with client: APIClient) {}
        do {
            let client: APIClient = try container.tryResolve()
            start(with: client)
        } catch {
            if error.kind == .notRegistered { showSetUpScreen() }
            print(error)
        }

        #expect(setUpShown)
    }

    @Test func autoregisterInitialisers() {
        let container = Container()
        container.register(Thing.self) { _ in Thing() }
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.autoregister(ThingFetcher.init)  // ThingFetcher(thing:)
        container.autoregister(Storage.self, scope: .singleton, DiskStorage.init)
        container.autoregister(DetailViewModel.init, argument: Game.self)  // DetailViewModel(game:api:)

        #expect(container.resolve(Storage.self) === container.resolve(Storage.self))
        #expect(container.resolve(DetailViewModel.self, arguments: Game(title: "Go")).game.title == "Go")
        #expect(container.resolveOptional(ThingFetcher.self) != nil)
    }

    @Test func autoregisterWithATransform() {
        let container = Container()
        container.register(APIClient.self) { _ in LiveAPIClient() }
        container.register(User.self) { _ in User(name: "Ada") }
        container.autoregister(Storage.self, scope: .singleton, DiskStorage.init)
        container.autoregister(Greeting.self) { (user: User) in Greeting(for: user.name) }

        #expect(container.resolve(Greeting.self).text == "Hello, Ada")
    }

    @Test func autoregisterWithAnArgument() {
        let container = Container()
        let game = Game(title: "Go")
        container.register(APIClient.self) { _ in LiveAPIClient() }
        container.autoregister(DetailViewModel.init, argument: Game.self)
        let viewModel: DetailViewModel = container.resolve(arguments: game)

        #expect(viewModel.game == game)
    }

    @Test func circularThroughThen() {
        let container = Container()
        container.register { _ in CircularDependencyTwo() }
        container.register(scope: .singleton) { r in try CircularDependencyOne(r.resolve()) }
            .then { _, one in one.dependencyTwo.dependencyOne = one }

        let one: CircularDependencyOne = container.resolve()
        #expect(one.dependencyTwo.dependencyOne === one)
        one.dependencyTwo.dependencyOne = nil  // let the two go
    }
}

final class CircularDependencyOne: @unchecked Sendable {  // set up once, before it is shared
    let dependencyTwo: CircularDependencyTwo
    init(_ two: CircularDependencyTwo) { dependencyTwo = two }
}
final class CircularDependencyTwo: @unchecked Sendable {  // set up once, before it is shared
    var dependencyOne: CircularDependencyOne?
}

// MARK: - Shared container and overrides

@Suite("Doc comment examples: the shared container")
struct SharedContainerDocCommentExamples {
    func makeTestContainer() -> Container {
        let container = Container()
        container.register(PaymentGateway.self) { _ in DecliningGateway() }
        return container
    }

    func runCheckout() throws {
        @Injected var gateway: PaymentGateway
        #expect(gateway.charge(1) == .declined)
    }

    @Test func checkoutUsesTheFakeGateway() throws {
        let container = makeTestContainer()
        try Container.withShared(container) {
            try runCheckout()  // property wrappers inside resolve from `container`
        }
    }

    @Test func overrides() throws {
        let container = Container()
        container.register(PaymentGateway.self) { _ in AcceptingGateway() }
        container.register { r in try Checkout(gateway: r.resolve()) }
        try container.withOverrides { overrides in
            overrides.register(PaymentGateway.self) { _ in DecliningGateway() }
        } operation: { container in
            let checkout: Checkout = try container.tryResolve()
            #expect(checkout.pay(10) == .declined)
        }
        #expect(container.resolve(Checkout.self).pay(10) == .accepted)
    }
}

// MARK: - Verification

@Suite("Doc comment examples: verification")
struct VerificationDocCommentExamples {
    func makeContainer() -> Container {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
        return container
    }

    @Test func theGraphIsComplete() throws {
        try makeContainer().verify().requireValid()
    }

    @Test func graphRendering() {
        let container = makeContainer()
        let graph = container.verify().graph
        let dot: String = graph.dot  // Graphviz: save it and run `dot -Tsvg`; `graph.mermaid` for Markdown

        #expect(dot.contains("digraph"))
        #expect(graph.mermaid.contains("DiskStorage") || graph.mermaid.contains("Storage"))
    }

    @Test func standIns() {
        let container = Container()
        container.register(Camera.self, scope: .singleton) { _ in try Camera.open() }
            .verify(because: "opens the camera") { _ in FakeCamera() }

        #expect(container.verify().isValid)
        #expect(container.verify().unchecked.count == 1)
        #expect(throws: ResolutionError.self) { try container.tryResolve(Camera.self) }
    }

    @Test func samples() {
        let container = Container()
        container.register(APIClient.self) { _ in LiveAPIClient() }
        container.register(DetailViewModel.self) { (r, game: Game, page: Int) in
            try DetailViewModel(api: r.resolve(), game: game, page: page)
        }
        var samples = VerificationSamples()
        samples.add(DetailViewModel.self, arguments: Game(title: "Go"), 1)
        let report = container.verify(samples: samples)

        #expect(report.isValid)
        #expect(report.unchecked.isEmpty)
    }
}

// MARK: - Injection

let game = Game(title: "Go")

final class Settings: @unchecked Sendable {  // read and written by one test at a time
    let greeting = "Hello"
    var isDark = false
}
final class Profile: @unchecked Sendable {  // read and written by one test at a time
    var nickname: String?
}
final class PaymentService: @unchecked Sendable {  // read and written by one test at a time
    var refunds: [String] = []
    func pay(_ amount: Int) -> Bool { amount > 0 }
    func refund(_ amount: Int, reason: String) { refunds.append("\(amount): \(reason)") }
}
protocol Analytics: Sendable {}
final class PDFExporter: Sendable {}
final class Coordinator: Sendable {}
final class DataBaseClient: @unchecked Sendable {  // used by one test at a time
    let rootPath: String
    var rows: [String] = []
    init(rootPath: String) { self.rootPath = rootPath }
    func append(_ data: String) { rows.append(data) }
}
final class ViewModel: Sendable {
    let database: LazyResolver<DataBaseClient>
    init(database: LazyResolver<DataBaseClient>) { self.database = database }

    func save(_ data: String) throws {
        // In ViewModel:
        let client = try database.resolve()  // builds (or fetches, per its scope) and holds it
        client.append(data)
        database.dispose()  // lets it go
    }
}
final class UserBilling: @unchecked Sendable {  // used by one test at a time
    var payments: [Int] = []
    func add(payment: Int) { payments.append(payment) }
}
final class Invoice: Sendable {}

@Suite("Doc comment examples: injection")
struct InjectionDocCommentExamples {
    final class HomeViewModel {
        @Injected var api: APIClient
        @Injected(name: "audit") var logger: Logger
        @Injected(arguments: game, 2) var detail: DetailViewModel
    }

    final class SettingsViewModel {
        @OptionalInjected var analytics: Analytics?
    }

    final class Banner {
        @InjectedProperty(\Settings.greeting) var greeting: String
    }

    final class ThemeSwitch {
        @InjectedMutableProperty(\Settings.isDark) var isDark: Bool
    }

    final class Header {
        @InjectedUnwrappedProperty(\Profile.nickname, default: "guest") var nickname: String
    }

    final class ProfileEditor {
        @InjectedUnwrappedMutableProperty(\Profile.nickname, default: "guest") var nickname: String
    }

    final class Checkout {
        @InjectedMethod(PaymentService.pay) var pay: (Int) -> Bool
        @InjectedMethod(PaymentService.refund(_:reason:)) var refund: (Int, String) -> Void
    }

    final class ReportScreen {
        @LazyInjected var exporter: PDFExporter  // resolved the first time it is read

        func close() { $exporter.dispose() }  // lets it go; the next read resolves again
    }

    final class DetailViewController {
        @WeakLazyInjected var coordinator: Coordinator?  // owned by someone else
    }

    @Test func propertyWrappers() {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Logger.self, name: "audit") { _ in AuditLogger() }
        container.register(DetailViewModel.self) { (r, game: Game, page: Int) in
            try DetailViewModel(api: r.resolve(), game: game, page: page)
        }
        container.register(Settings.self, scope: .singleton) { _ in Settings() }
        container.register(Profile.self, scope: .singleton) { _ in Profile() }
        container.register(PaymentService.self, scope: .singleton) { _ in PaymentService() }
        container.register(PDFExporter.self) { _ in PDFExporter() }
        container.register(Coordinator.self, scope: .weak) { _ in Coordinator() }
        Container.withShared(container) {
            let home = HomeViewModel()
            #expect(home.api === home.detail.api)
            #expect(home.logger is AuditLogger)
            #expect(home.detail.page == 2)
            #expect(SettingsViewModel().analytics == nil)
            #expect(Banner().greeting == "Hello")
            let themeSwitch = ThemeSwitch()
            themeSwitch.isDark = true
            #expect(container.resolve(Settings.self).isDark)
            #expect(Header().nickname == "guest")
            let editor = ProfileEditor()
            editor.nickname = "ada"
            #expect(container.resolve(Profile.self).nickname == "ada")
            #expect(Header().nickname == "ada")
            let checkout = Checkout()
            #expect(checkout.pay(5))
            checkout.refund(5, "broken")
            #expect(container.resolve(PaymentService.self).refunds == ["5: broken"])
            let screen = ReportScreen()
            let exporter = screen.exporter
            #expect(screen.exporter === exporter)
            screen.close()
            #expect(screen.exporter !== exporter)
            let kept = Coordinator()
            _ = kept
            #expect(DetailViewController().coordinator != nil)
        }
    }

    @Test func lazyResolver() throws {
        let container = Container()
        container.register(DataBaseClient.self, scope: .singleton) { (_, rootPath: String) in
            DataBaseClient(rootPath: rootPath)
        }
        container.register(ViewModel.self, scope: .transient) { (r, rootPath: String) in
            ViewModel(database: LazyResolver(DataBaseClient.self, from: r, arguments: rootPath))
        }

        let viewModel: ViewModel = container.resolve(arguments: "/data")
        try viewModel.save("row")

        #expect(viewModel.database.object == nil)
        #expect(container.resolve(DataBaseClient.self, arguments: "/data").rows == ["row"])
    }

    @Test func isolatedResolver() throws {
        let container = Container()
        let payment = 5
        container.register(UserBilling.self, scope: .singleton) { (_, userId: String) in UserBilling() }
        container.register(Invoice.self) { (r, userId: String) in
            let billing = IsolatedResolver(LazyResolver(UserBilling.self, from: r, arguments: userId))

            try billing.resolve { userBilling in
                userBilling.add(payment: payment)
            }  // disposed here, also when the action throws
            return Invoice()
        }

        _ = container.resolve(Invoice.self, arguments: "u1")

        #expect(container.resolve(UserBilling.self, arguments: "u1").payments == [5])
    }
}

// MARK: - Modules

final class Subject: Sendable {
    func asObservable() -> Observable { Observable() }
}
final class Observable: Sendable {}
final class TipsViewController: Sendable {
    let fetcher: ThingFetcher
    init(fetcher: ThingFetcher) { self.fetcher = fetcher }
}
class UINavigationController: @unchecked Sendable {}  // no stored state
final class CustomNavigationController: UINavigationController, @unchecked Sendable {  // `lock` guards `configured`
    private let lock = NSLock()
    private var configured = false
    func configure() { lock.withLock { configured = true } }
    var isConfigured: Bool { lock.withLock { configured } }
}
let appModule = Module {
    transient { try TipsViewController(fetcher: get()) }
}

@Suite("Doc comment examples: modules")
struct ModuleDocCommentExamples {
    @Test func moduleDeclarations() throws {
        let container = Container()
        let thingModule = Module {
            transient { Thing() }

            singleton { try ThingFetcher(thing: get()) }
                .bind(IntFetcher.self)
                .bind(StringFetcher.self)

            weak(name: "TestSubject") { Subject() }
                .bind(Observable.self) { $0.asObservable() }
        }

        try container.load(appModule, thingModule)

        let controller: TipsViewController = container.resolve()
        #expect(container.resolve(IntFetcher.self) as? ThingFetcher === controller.fetcher)
        #expect(container.resolveOptional(Observable.self, name: "TestSubject") != nil)
    }

    @Test func getInsideModules() throws {
        let container = Container()
        let thingModule = Module {
            transient { Thing() }
            singleton { try ThingFetcher(thing: get()) }
        }

        try Container.withShared(container) {
            try container.load(appModule, thingModule)
            let controller: TipsViewController = try get()
            #expect(controller.fetcher === container.resolve(ThingFetcher.self))
        }
    }

    @Test func start() throws {
        let thingModule = Module {
            transient { Thing() }
            singleton { try ThingFetcher(thing: get()) }
        }
        try Container.withShared(Container()) {
            try Container.start(logger: PrintLogger()) {
                appModule
                thingModule
            }
            #expect(Container.shared.resolveOptional(TipsViewController.self) != nil)
        }
    }

    @Test func declarationRefinements() throws {
        let container = Container()
        try container.load(
            Module {
                singleton { CustomNavigationController() }
                    .bind(UINavigationController.self)
                    .then { controller in controller.configure() }
                transient { CircularDependencyTwo() }
                singleton { try CircularDependencyOne(get()) }
                    .then { $0.dependencyTwo.dependencyOne = $0 }
            })

        let navigation = container.resolve(UINavigationController.self)
        #expect((navigation as? CustomNavigationController)?.isConfigured == true)
        let one: CircularDependencyOne = container.resolve()
        #expect(one.dependencyTwo.dependencyOne === one)
        one.dependencyTwo.dependencyOne = nil  // let the two go
    }

    @Test func conflictingModules() {
        let container = Container()
        let testModule = Module { transient { try TipsViewController(fetcher: get()) } }
        do {
            try container.load(appModule, testModule)
        } catch {
            print(error)  // names every conflicting registration and where it was made
        }

        #expect(container.resolveOptional(TipsViewController.self) == nil)  // neither was loaded
    }
}

// MARK: - Main actor, async, logging

@MainActor
final class NotesViewModel: NotesPresenting {
    let store: NotesStore?
    var router: Router?
    init(store: NotesStore) { self.store = store }
    init() { store = nil }
}
@MainActor protocol NotesPresenting: AnyObject {}
final class NotesStore: Sendable {}
final class Router: Sendable {}

@Suite("Doc comment examples: main actor, async, logging")
struct ConcurrencyDocCommentExamples {
    static func makeContainer() -> Container {
        let container = Container()
        container.register(NotesStore.self, scope: .singleton) { _ in NotesStore() }
        container.registerMainActor(scope: .singleton) { r in
            NotesViewModel(store: try r.resolve())
        }
        return container
    }

    @MainActor
    @Test func onTheMainActor() {
        let container = Self.makeContainer()
        // On the main actor (a view, a `@MainActor` function): synchronous, as usual.
        let model: NotesViewModel = container.resolve()

        #expect(model.store === container.resolve(NotesStore.self))
    }

    @Test func elsewhere() async throws {
        let container = Self.makeContainer()
        // Anywhere else: `resolveAsync` runs the resolve on the main actor.
        let sameModel: NotesViewModel = try await container.resolveAsync()

        let store = sameModel.store
        #expect(store === container.resolve(NotesStore.self))
    }

    @MainActor
    @Test func mainActorRefinements() {
        let container = Container()
        container.register(Router.self) { _ in Router() }
        container.registerMainActor(scope: .singleton) { _ in NotesViewModel() }
            .bind(NotesPresenting.self)
            .then { r, model in model.router = try r.resolve() }

        let model: NotesViewModel = container.resolve()
        #expect(model.router != nil)
        #expect(container.resolve(NotesPresenting.self) === model)
    }

    @Test func asyncFactories() async throws {
        let container = Container()
        container.register(Configuration.self) { _ in Configuration(path: "notes.db") }
        container.register(Database.self, scope: .singleton) { r in
            try await Database.open(config: r.resolve())
        }
        let database: Database = try await container.resolveAsync()

        #expect(database.config.path == "notes.db")
        #expect(try await container.resolveAsync(Database.self) === database)
    }

    @Test func asyncRefinements() async throws {
        let container = Container()
        container.register(Configuration.self) { _ in Configuration(path: "notes.db") }
        container.register(scope: .singleton) { r in try await Database.open(config: r.resolve()) }
            .bind(NoteDatabase.self)
            .then { r, database in try await database.migrate() }
            .onDispose { database in database.close() }

        let database: Database = try await container.resolveAsync()
        #expect(try await container.resolveAsync(NoteDatabase.self) === database)
        container.dispose()

        #expect(database.events == ["migrated", "closed"])
    }

    @Test func asyncCollections() async throws {
        let container = Container()
        container.register(Configuration.self) { _ in Configuration(path: "notes.db") }
        container.register(Database.self, scope: .singleton) { r in
            try await Database.open(config: r.resolve())
        }
        container.contribute(HealthCheck.self) { _ in DiskCheck() }
        container.contribute(HealthCheck.self, scope: .singleton) { r in
            try await DatabaseCheck(database: r.resolve())
        }

        let checks: [HealthCheck] = try await container.resolveAllAsync()  // [DiskCheck, DatabaseCheck]

        #expect(checks.map(\.name) == ["disk", "database"])
        container.register(scope: .singleton) { r in
            try await HealthReport(checks: r.resolveAll(HealthCheck.self))
        }
        let report: HealthReport = try await container.resolveAsync()
        #expect(report.checks.map(\.name) == ["disk", "database"])
        #expect(report.checks[1] === checks[1])
    }

    @Test func asyncOptional() async throws {
        let container = Container()
        container.register(Configuration.self) { _ in Configuration(path: "orders.db") }
        container.register(Database.self, scope: .singleton) { r in
            try await Database.open(config: r.resolve())
        }
        let tracker: Tracker? = try await container.resolveOptionalAsync()
        #expect(tracker == nil)

        container.register(scope: .singleton) { r in
            try await OrderService(database: r.resolve(), tracker: r.resolveOptional())
        }
        let orders: OrderService = try await container.resolveAsync()
        #expect(orders.tracker == nil)
        #expect(orders.database.config.path == "orders.db")
    }

    @Test func logging() {
        let container = Container()
        let events = EventCollector()
        container.logger = PrintLogger()
        container.logger = CollectingLogger(events: events)
        container.register(Session.self) { _ in Session() }
        _ = container.resolve(Session.self)

        #expect(events.all.count >= 2)
    }
}

struct CollectingLogger: ContainerLogger {
    let events: EventCollector
    func log(_ event: ContainerEvent) { events.append(event.description) }
}

/// Collects log lines. `@unchecked Sendable`: `lock` guards `lines`.
final class EventCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
