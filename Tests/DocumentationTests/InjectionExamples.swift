import Keystone
import Testing

/// The README examples of the injection features, compiled and run: each test body holds
/// the example between `// snippet` and `// end`, then checks what it claims.
/// `DocumentationSyncTests` checks that README.md shows them line for line.
@Suite("Injection README snippets")
struct InjectionSnippetTests {
    @Test func lazyResolver() throws {
        let container = Container()
        // snippet
        container.register(DatabaseClient.self, scope: .transient) { (_, path: String) in DatabaseClient(path: path) }
        container.register(Exporter.self) { (r, path: String) in
            Exporter(database: LazyResolver(DatabaseClient.self, from: r, arguments: path))
        }
        // end
        let exporter: Exporter = container.resolve(arguments: "/data")

        #expect(try exporter.export(["a", "b"]) == "/data: a, b")
        #expect(exporter.database.object == nil)
    }

    @Test func isolatedResolver() throws {
        let container = Container()
        container.register(UserBilling.self, scope: .weak) { (_, userId: String) in UserBilling(userId: userId) }
        let userId = "u1"
        // snippet
        let billing = IsolatedResolver(LazyResolver(UserBilling.self, from: container, arguments: userId))
        let receipt = try billing.resolve { billing in try billing.charge(5) }  // disposed after, even on throw
        // end

        #expect(receipt == "u1 paid 5")
        #expect(billing.lazyResolver.object == nil)
    }

    @Test func propertyWrappers() {
        let container = Container()
        Container.withShared(container) { checkPropertyWrappers(container) }
    }

    func checkPropertyWrappers(_ container: Container) {
        container.register(SnippetAPI.self) { _ in SnippetAPI() }
        container.register(SnippetExporter.self, scope: .transient) { _ in SnippetExporter() }
        container.register(SnippetCoordinator.self, scope: .weak) { _ in SnippetCoordinator() }
        container.register(SnippetSettings.self, scope: .singleton) { _ in SnippetSettings() }
        container.register(SnippetPayments.self) { _ in SnippetPayments() }

        let controller = ProfileViewController()

        #expect(controller.analytics == nil)
        _ = controller.coordinator  // the first read builds one, which nobody else holds…
        #expect(controller.coordinator == nil)  // …so it is gone: the controller held it weakly
        #expect(controller.greeting == "hello")
        #expect(controller.pay(3))
        _ = controller.exporter
        #expect(controller.$exporter.object != nil)
    }

    @Test func modules() throws {
        let container = Container()
        // snippet
        let thingModule = Module {
            singleton { Thing() }
            transient { try ThingFetcher(thing: get()) }
                .bind(IntFetcher.self)
            weak(name: "feed") { FeedStore() }
        }
        try container.load(thingModule)  // throws ModuleError if a key is registered twice
        // end

        #expect(container.resolve(IntFetcher.self).fetch() == 42)
        container.unload(thingModule)  // releases and disposes its singletons
        #expect(container.resolveOptional(ThingFetcher.self) == nil)
    }

    @Test func collections() {
        let container = Container()
        container.register(Database.self, scope: .singleton) { _ in Database() }
        // snippet
        container.contribute(Migration.self) { _ in CreateUsers() }
        container.contribute(Migration.self, scope: .singleton) { r in try AddIndex(db: r.resolve()) }

        let migrations: [Migration] = container.resolveAll()  // in registration order, each in its scope
        // end

        #expect(migrations.map(\.name) == ["create users", "add index"])
    }

    @Test func autoregister() {
        let container = Container()
        // snippet
        container.autoregister(Thing.init)
        container.autoregister(ThingFetcher.init)  // ThingFetcher(thing:): `thing` is resolved
        container.autoregister(IntFetcher.self, name: "fetcher", scope: .transient, ThingFetcher.init)
        container.autoregister(ThingViewModel.init, argument: String.self)  // first parameter: a runtime argument
        // end

        #expect(container.resolve(IntFetcher.self, name: "fetcher").fetch() == 42)
        #expect(container.resolve(ThingViewModel.self, arguments: "title").title == "title")
    }
}

// MARK: - The snippets' types

extension InjectionSnippetTests {
    final class DatabaseClient {
        let path: String
        init(path: String) { self.path = path }
        func write(_ rows: [String]) -> String { "\(path): \(rows.joined(separator: ", "))" }
    }

    final class Exporter {
        let database: LazyResolver<DatabaseClient>
        init(database: LazyResolver<DatabaseClient>) { self.database = database }

        func export(_ rows: [String]) throws -> String {
            // snippet
            let client = try database.resolve()  // opens the connection now
            let written = client.write(rows)
            database.dispose()  // and closes it
            // end
            return written
        }
    }

    final class UserBilling {
        let userId: String
        init(userId: String) { self.userId = userId }
        func charge(_ amount: Int) throws -> String { "\(userId) paid \(amount)" }
    }

    final class SnippetAPI {}
    final class SnippetExporter: Sendable {}
    final class SnippetCoordinator: Sendable {}
    final class SnippetAnalytics {}
    final class SnippetSettings {
        var greeting = "hello"
    }
    final class SnippetPayments {
        func pay(_ amount: Int) -> Bool { amount > 0 }
    }

    // snippet
    final class ProfileViewController {
        @Injected var api: SnippetAPI  // resolved when the controller is created
        @LazyInjected var exporter: SnippetExporter  // on first use; `$exporter.dispose()` lets it go
        @WeakLazyInjected var coordinator: SnippetCoordinator?  // not kept alive by this controller
        @OptionalInjected var analytics: SnippetAnalytics?  // nil when not registered
        @InjectedProperty(\SnippetSettings.greeting) var greeting: String
        @InjectedMethod(SnippetPayments.pay) var pay: (Int) -> Bool
    }
    // end

    final class Thing: Sendable {}
    protocol IntFetcher {
        func fetch() -> Int
    }
    final class ThingFetcher: IntFetcher, Sendable {
        let thing: Thing
        init(thing: Thing) { self.thing = thing }
        func fetch() -> Int { 42 }
    }
    final class FeedStore {}
    final class ThingViewModel {
        let title: String
        let fetcher: ThingFetcher
        init(title: String, fetcher: ThingFetcher) {
            self.title = title
            self.fetcher = fetcher
        }
    }

    final class Database {}
    protocol Migration {
        var name: String { get }
    }
    struct CreateUsers: Migration {
        let name = "create users"
    }
    struct AddIndex: Migration {
        let name = "add index"
        init(db: Database) {}
    }
}
