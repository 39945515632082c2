// Not linked into the Swift 6 target: these tests reset the process-wide `.cached` scope
// (as the seed shows), so they must run one at a time and in one target only. The suite is
// `.serialized`, and no other test uses `ResolverScope.cached`.

import Foundation
import KeystoneResolver
import Testing

import class Keystone.Container

/// The seed document for Resolver (`001_e56c9d479edd7095.txt`, "DI-Resolver"): its one code
/// block as printed, and what its prose promises about scopes, property wrappers and features.
@Suite("Resolver seed: DI-Resolver", .serialized)
struct SeedExamplesTests {
    /// "a depends on b and c and that b and c both depend on d": the prose's graph, resolved
    /// through `@Injected private var a: A` as the seed writes it.
    final class Screen {
        @Injected private var a: SeedA
        var resolved: SeedA { a }
    }

    @Test("Graph: b and c share the d made in the same resolution cycle")
    func graphSharesWithinOneResolution() {
        Container.withShared(Container()) {
            registerGraph()
            let first = Screen().resolved
            #expect(first.b.d === first.c.d)
            // The next resolution cycle makes a new d.
            #expect(Screen().resolved.b.d !== first.b.d)
        }
    }

    @Test("Graph: marking d's dependency as unique stops the sharing")
    func uniqueStopsTheSharing() {
        Container.withShared(Container()) {
            registerGraph()
            Resolver.register { SeedD() }.scope(.unique)
            let a = Screen().resolved
            #expect(a.b.d !== a.c.d)
        }
    }

    @Test("Application: a singleton")
    func applicationIsASingleton() {
        let resolver = Resolver()
        resolver.register { SeedD() }.scope(.application)
        #expect(resolver.resolve(SeedD.self) === resolver.resolve(SeedD.self))
    }

    @Test("The seed's code block, as printed: cached instances are kept until reset, in every resolver")
    func cachedUntilReset() {
        let master = Resolver()
        let other = Resolver()
        master.register { SeedSharedViewModel() }.scope(.cached)
        other.register { SeedSharedViewModel() }.scope(.cached)
        let masterModel: SeedSharedViewModel = master.resolve()
        let detailModel: SeedSharedViewModel = master.resolve()
        let otherModel: SeedSharedViewModel = other.resolve()
        // The master and the detail view controllers "share" one view model.
        #expect(masterModel === detailModel)

        ResolverScope.cached.reset()

        #expect(master.resolve(SeedSharedViewModel.self) !== masterModel)
        #expect(other.resolve(SeedSharedViewModel.self) !== otherModel)
    }

    @Test("Shared: value types are never shared; class types are, while held")
    func onlyClassesAreShared() {
        let resolver = Resolver()
        resolver.register { SeedValue() }.scope(.shared)
        resolver.register { SeedSharedViewModel() }.scope(.shared)
        #expect(resolver.resolve(SeedValue.self).id != resolver.resolve(SeedValue.self).id)
        let held: SeedSharedViewModel = resolver.resolve()
        #expect(resolver.resolve(SeedSharedViewModel.self) === held)
    }

    @Test("Container: instances share the lifecycle of their container")
    func containerLifecycle() {
        var resolver: Resolver? = Resolver()
        resolver?.register { SeedD() }.scope(.container)
        weak var instance: SeedD?
        instance = resolver?.resolve(SeedD.self)
        #expect(instance != nil)
        #expect(instance === resolver?.resolve(SeedD.self))
        resolver = nil  // the container goes, and what it cached with it
        #expect(instance == nil)
    }

    @Test("Property wrappers: @Injected, @LazyInjected, @WeakLazyInjected")
    func propertyWrappers() {
        Container.withShared(Container()) {
            registerGraph()
            Resolver.register { SeedSharedViewModel() }.scope(.shared)
            let held: SeedSharedViewModel = Resolver.resolve()
            let screen = SeedWrappedScreen()
            #expect(screen.a.b.d === screen.a.c.d)
            #expect(screen.lazyA === screen.lazyA)
            #expect(screen.weakModel === held)
        }
    }

    @Test("Features: protocols, optionals, named instances, arguments, nested containers")
    func features() {
        let main = Resolver()
        let nested = Resolver(child: main)
        main.register { SeedSharedViewModel() }.implements(SeedModel.self)
        main.register(name: "archive") { SeedD() }
        nested.register { (_, args) in SeedDetail(id: args("id"), title: args("title")) }

        let model: SeedModel = nested.resolve()
        #expect(model is SeedSharedViewModel)
        #expect(nested.optional(SeedD.self) == nil)  // only under its name
        #expect(nested.optional(SeedD.self, name: "archive") != nil)
        let detail: SeedDetail = nested.resolve(args: ["id": 42, "title": "Answer"])
        #expect(detail.id == 42 && detail.title == "Answer")
    }

    func registerGraph() {
        Resolver.register { SeedA(b: Resolver.resolve(), c: Resolver.resolve()) }
        Resolver.register { SeedB(d: Resolver.resolve()) }
        Resolver.register { SeedC(d: Resolver.resolve()) }
        Resolver.register { SeedD() }
    }
}

final class SeedA {
    let b: SeedB
    let c: SeedC
    init(b: SeedB, c: SeedC) {
        self.b = b
        self.c = c
    }
}

final class SeedB {
    let d: SeedD
    init(d: SeedD) { self.d = d }
}

final class SeedC {
    let d: SeedD
    init(d: SeedD) { self.d = d }
}

final class SeedD {}

protocol SeedModel: AnyObject {}

final class SeedSharedViewModel: SeedModel {}

struct SeedValue {
    let id = UUID()
}

struct SeedDetail {
    let id: Int
    let title: String
}

final class SeedWrappedScreen {
    @Injected var a: SeedA
    @LazyInjected var lazyA: SeedA
    @WeakLazyInjected var weakModel: SeedSharedViewModel?
}
