import Foundation
import Keystone
import Testing

/// The Keystone side of MigratingFromResolver.md, compiled and run; `DocumentationSyncTests`
/// checks that the article shows it line for line. The types are nested so that their names
/// cannot clash with the other examples'.
@Suite("Migrating from Resolver")
struct MigrationResolverExamples {
    @Test("Registering and resolving: .implements → .bind, .application → .singleton")
    func registeringAndResolving() {
        let container = Container()
        container.register(scope: .singleton) { _ in NetworkService() }
            .bind(Fetching.self)
        container.register { r in try ContentViewModel(fetcher: r.resolve()) }

        let model: ContentViewModel = container.resolve()

        #expect(model.fetcher.fetch() == "live")
        let fetcher: Fetching = container.resolve()
        #expect(fetcher === container.resolve(NetworkService.self))  // the same singleton
        #expect(container.resolveOptional(UserProfile.self) == nil)  // Resolver.optional()
    }

    @Test("Scopes: cached + reset, .shared → .weak, .unique → .transient")
    func scopes() {
        let scopes = Container()
        scopes.register(scope: .userCache) { _ in UserProfile() }
        scopes.register(scope: .weak) { _ in Coordinator() }  // Resolver's .shared
        scopes.register(scope: .transient) { _ in PriceFormatter() }  // Resolver's .unique

        let profile: UserProfile = scopes.resolve()
        let again: UserProfile = scopes.resolve()  // the same profile
        scopes.reset(.userCache)  // log-out: the next resolve builds a new profile
        #expect(profile === again)
        #expect(profile !== scopes.resolve(UserProfile.self))

        let coordinator: Coordinator = scopes.resolve()
        #expect(coordinator === scopes.resolve(Coordinator.self))  // shared while held
        #expect(scopes.resolve(PriceFormatter.self) !== scopes.resolve(PriceFormatter.self))
    }

    @Test("Resolver's .shared is Keystone's .weak: an instance nobody holds is built again")
    func weakIsNotASingleton() {
        let scopes = Container()
        scopes.register(scope: .weak) { _ in Coordinator() }
        #expect(coordinatorID(in: scopes) != coordinatorID(in: scopes))
    }

    /// Resolves a coordinator and lets it go before returning.
    func coordinatorID(in container: Container) -> UUID {
        container.resolve(Coordinator.self).id
    }

    @Test("Names and typed arguments")
    func namesAndArguments() {
        let items = Container()
        items.register(name: .archive) { _ in ItemFolder(path: "/archive") }
        items.register(scope: .transient) { (_, id: Int, title: String) in ItemDetail(id: id, title: title) }

        let archive = items.resolve(ItemFolder.self, name: .archive)
        let detail: ItemDetail = items.resolve(arguments: 42, "Answer")

        #expect(archive.path == "/archive")
        #expect(detail.id == 42 && detail.title == "Answer")
        #expect(items.resolveOptional(ItemFolder.self) == nil)  // only under its name
        #expect(throws: ResolutionError.self) { try items.tryResolve(ItemDetail.self, arguments: "42") }
    }

    @Test("Property wrappers read Container.shared")
    func propertyWrappers() {
        let container = Container()
        container.register(scope: .singleton) { _ in NetworkService() }
            .bind(Fetching.self)
        container.register { r in try ContentViewModel(fetcher: r.resolve()) }
        container.register(scope: .transient) { _ in PriceFormatter() }
        container.register(scope: .weak) { _ in Coordinator() }

        Container.withShared(container) {
            let screen = ContentScreen()
            #expect(screen.model.fetcher.fetch() == "live")
            #expect(screen.formatter === screen.formatter)  // built once, on first use
            _ = screen.coordinator  // the first read builds one, which nobody else holds…
            #expect(screen.coordinator == nil)  // …so it is gone
            #expect(screen.profile == nil)  // not registered
        }
    }

    @Test("Child containers: a mock bound as Container.shared for one operation")
    func childContainers() {
        let container = Container()
        container.register(scope: .singleton) { _ in NetworkService() }
            .bind(Fetching.self)
        container.register { r in try ContentViewModel(fetcher: r.resolve()) }

        let mock = Container(parent: container)
        mock.register(Fetching.self) { _ in MockNetworkService() }
        mock.register { r in try ContentViewModel(fetcher: r.resolve()) }

        let mocked: ContentViewModel = Container.withShared(mock) { Container.shared.resolve() }

        #expect(mocked.fetcher.fetch() == "mock")
        #expect(container.resolve(ContentViewModel.self).fetcher.fetch() == "live")
    }

    @Test("A parent's registration resolves its dependencies from the parent")
    func parentRegistrationUsesParentDependencies() {
        let container = Container()
        container.register(Fetching.self) { _ in NetworkService() }
        container.register { r in try ContentViewModel(fetcher: r.resolve()) }
        let child = Container(parent: container)
        child.register(Fetching.self) { _ in MockNetworkService() }

        #expect(child.resolve(ContentViewModel.self).fetcher.fetch() == "live")
    }

    @Test("Cyclic dependencies: resolveProperties → .then")
    func cyclicDependencies() {
        let cycle = Container()
        cycle.register { r in try ParentService(child: r.resolve()) }
            .then { _, parent in parent.child.parent = parent }
        cycle.register { _ in ChildService() }

        let parent: ParentService = cycle.resolve()  // parent.child.parent === parent

        #expect(parent.child.parent === parent)
    }

    // The types the article's examples use.

    protocol Fetching: AnyObject {
        func fetch() -> String
    }
    final class NetworkService: Fetching, Sendable {
        func fetch() -> String { "live" }
    }
    final class MockNetworkService: Fetching, Sendable {
        func fetch() -> String { "mock" }
    }
    final class ContentViewModel {
        let fetcher: Fetching
        init(fetcher: Fetching) { self.fetcher = fetcher }
    }
    final class UserProfile: Sendable {}
    final class Coordinator: Sendable {
        let id = UUID()
    }
    final class PriceFormatter: Sendable {}
    struct ItemFolder {
        let path: String
    }
    struct ItemDetail {
        let id: Int
        let title: String
    }

    final class ContentScreen {
        @Injected var model: ContentViewModel
        @LazyInjected var formatter: PriceFormatter
        @WeakLazyInjected var coordinator: Coordinator?
        @OptionalInjected var profile: UserProfile?
    }

    final class ParentService {
        let child: ChildService
        init(child: ChildService) { self.child = child }
    }
    final class ChildService {
        weak var parent: ParentService?
    }
}

extension Scope {
    static let userCache = Scope.cached("userCache")
}

extension Name {
    static let archive: Name = "archive"
}

extension MigrationResolverExamples {
    @Test("The guide's table names the Resolver releases accepted and each deliberate difference")
    func releasesTable() throws {
        let section = try releasesSection(ofGuide: "Resolver")
        for expected in [
            "1.0", "1.5.1", "`Resolver.decorate`", "process-wide", "`.application`", "`.cached`", "`.shared`",
        ] {
            #expect(section.contains(expected), "\(expected)")
        }
    }
}
