// Not linked into the Swift 6 target: it uses the types of ProcessWideSettingsTests.swift,
// which stays in this target only.

import Foundation
import KeystoneResolver
import Testing

import class Keystone.Container

/// The examples of KeystoneResolver's doc comments, compiled and run (`DocCommentSyncTests`
/// checks that each one appears here or in another test file, line for line).
@Suite("KeystoneResolver doc comment examples")
struct DocCommentExamplesTests {
    @Test("ResolverOptions: implements and scope chained on a static registration")
    func options() {
        Container.withShared(Container()) {
            Resolver.register { NetworkService() }
                .implements(Fetching.self)
                .scope(.application)
            Resolver.register { ContentViewModel(fetcher: Resolver.resolve()) }

            let model: ContentViewModel = Resolver.resolve()

            #expect(model.fetcher.name == "network")
            #expect(Resolver.resolve(Fetching.self) as? NetworkService === Resolver.resolve(NetworkService.self))
        }
    }

    @Test("Args: keyed arguments")
    func arguments() {
        let resolver = Resolver()
        resolver.register { _, args in ItemDetail(id: args("id"), title: args("title")) }
        let detail: ItemDetail = resolver.resolve(args: ["id": 42, "title": "Answer"])
        #expect(detail.id == 42 && detail.title == "Answer")
    }

    @Test("ResolverScopeCache: a cache of one's own")
    func sessionCache() {
        let resolver = Resolver()
        resolver.register { NetworkService() }.scope(.session)
        let first: NetworkService = resolver.resolve()
        #expect(first === resolver.resolve(NetworkService.self))
        ResolverScope.session.reset()
        #expect(first !== resolver.resolve(NetworkService.self))
    }

    @Test("The property wrappers")
    func propertyWrappers() {
        Container.withShared(Container()) {
            Resolver.register { NetworkService() }
                .implements(Fetching.self)
                .scope(.application)
            Resolver.register { ContentViewModel(fetcher: Resolver.resolve()) }
            Resolver.register(name: "fred") { NameService() }
            Resolver.register { PriceFormatter() }
            Resolver.register { Coordinator() }.scope(.shared)

            let screen = ContentScreen()
            #expect(screen.model.fetcher.name == "network")
            #expect(screen.fred.name == "fred")
            let lazy = LazyExample.ContentScreen()
            #expect(lazy.formatter === lazy.formatter)
            let coordinator: Coordinator = Resolver.resolve()
            #expect(ChildScreen().coordinator === coordinator)
        }
    }

    @Test("Resolver.root and the mock: the paragraphs of its example")
    func mockParagraphs() {
        // `extension Resolver { static let mock = … }` is in ProcessWideSettingsTests.swift, and
        // `Resolver.root = .mock` in its `mockRoot` test, which restores the root.
        #expect(Resolver.mock !== Resolver.main)
    }

    final class NetworkService: Fetching {
        var name: String { "network" }
    }

    struct ItemDetail {
        let id: Int
        let title: String
    }

    final class NameService {
        let name = "fred"
    }

    final class PriceFormatter {}

    final class ContentScreen {
        @Injected var model: ContentViewModel
        @Injected(name: "fred") var fred: NameService
    }

    enum LazyExample {
        final class ContentScreen {
            @LazyInjected var formatter: PriceFormatter
        }
    }

    final class ChildScreen {
        @WeakLazyInjected var coordinator: Coordinator?
    }
}

extension ResolverScope {
    static let session = ResolverScopeCache()
}
