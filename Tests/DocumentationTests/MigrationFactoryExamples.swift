import Keystone
import Testing

/// The Keystone side of MigratingFromFactory.md, compiled and run; `DocumentationSyncTests`
/// checks that the article shows it line for line. The types are nested so that their names
/// cannot clash with the other examples'.
@Suite("Migrating from Factory")
struct MigrationFactoryExamples {
    protocol NetworkClient: Sendable {
        var kind: String { get }
    }
    struct LiveNetworkClient: NetworkClient {
        var kind: String { "live" }
    }
    struct MockNetworkClient: NetworkClient {
        var kind: String { "mock" }
    }
    final class FeedService: Sendable {
        let client: NetworkClient
        init(client: NetworkClient) { self.client = client }
    }
    final class CartStore: Sendable {}
    final class ImageCache: Sendable {}
    final class OrderDetail: Sendable {
        let id: Int
        let expanded: Bool
        let client: NetworkClient
        init(id: Int, expanded: Bool, client: NetworkClient) {
            self.id = id
            self.expanded = expanded
            self.client = client
        }
    }

    final class FeedViewModel {
        @Injected var feed: FeedService
        @LazyInjected var client: NetworkClient
    }

    static func makeContainer() -> Container {
        let container = Container()
        container.register(NetworkClient.self, scope: .transient) { _ in LiveNetworkClient() }
        container.register(FeedService.self, scope: .singleton) { r in try FeedService(client: r.resolve()) }
        return container
    }

    @Test("Containers and factories: a Factory property is a registration")
    func containersAndFactories() {
        let container = Container()
        container.register(NetworkClient.self, scope: .transient) { _ in LiveNetworkClient() }
        container.register(FeedService.self, scope: .singleton) { r in try FeedService(client: r.resolve()) }

        let feed: FeedService = container.resolve()

        #expect(feed.client.kind == "live")
        #expect(container.resolve(FeedService.self) === feed)
    }

    @Test("Scopes: a cached scope declared once, .shared → .weak")
    func scopes() {
        let shop = Container()
        shop.register(CartStore.self, scope: .checkout) { _ in CartStore() }
        shop.register(ImageCache.self, scope: .weak) { _ in ImageCache() }
        shop.reset(.checkout)  // Factory: Container.shared.manager.reset(scope: .checkout)

        let cart: CartStore = shop.resolve()
        let cache: ImageCache = shop.resolve()
        #expect(shop.resolve(CartStore.self) === cart)
        #expect(shop.resolve(ImageCache.self) === cache)  // while someone holds it
        shop.reset(.checkout)
        #expect(shop.resolve(CartStore.self) !== cart)
    }

    @Test("Parameters: typed arguments after the resolver")
    func parameters() {
        let container = Self.makeContainer()
        container.register(OrderDetail.self) { (r, id: Int, expanded: Bool) in
            try OrderDetail(id: id, expanded: expanded, client: r.resolve())
        }
        let detail: OrderDetail = container.resolve(arguments: 42, true)

        #expect(detail.id == 42 && detail.expanded)
        let mismatch = #expect(throws: ResolutionError.self) {
            try container.tryResolve(OrderDetail.self, arguments: "42")
        }
        #expect(mismatch?.kind == .argumentMismatch)
    }

    @Test("Property wrappers resolve by type from Container.shared")
    func propertyWrappers() {
        Container.withShared(Self.makeContainer()) {
            let model = FeedViewModel()
            #expect(model.feed.client.kind == "live")
            #expect(model.client.kind == "live")
        }
    }

    @Test("Test overrides: a copy with the replacements; the original is untouched")
    func testOverrides() throws {
        let container = Self.makeContainer()
        let fakes = try container.withOverrides { overrides in
            overrides.register(NetworkClient.self) { _ in MockNetworkClient() }
        } operation: { copy in
            try copy.tryResolve(FeedService.self)
        }
        // fakes.client is the mock; `container` still builds the live client

        #expect(fakes.client.kind == "mock")
        #expect(container.resolve(FeedService.self).client.kind == "live")
    }
}

extension Scope {
    static let checkout = Scope.cached("checkout")
}
