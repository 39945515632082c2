import Foundation
import KeystoneKOInject
import Testing

// KOInject's lazy and isolated resolver tests without arguments, and what the seeds rely on:
// a lazy resolver made inside a fabric resolves later, after that fabric's resolve ended.

@Suite("KOILazyResolver and KOIIsolatedResolver")
struct KOILazyResolverTests {
    @Test("Nil until resolved, the object after, nil after dispose")
    func lazyResolve() {
        let container = KOIContainer()
        container.register(type: Service.self, scope: .shared) { _ in Original() }
        let lazyResolver = KOILazyResolver(resolver: container, forType: Service.self)

        #expect(lazyResolver.object == nil)
        lazyResolver.resolve()
        #expect(lazyResolver.object is Original)
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
    }

    @Test("KOInject 2.0's initialiser spelling")
    func typeSpelling() {
        let container = KOIContainer()
        container.register(type: Service.self) { _ in Original() }
        let lazyResolver = KOILazyResolver(resolver: container, type: Service.self)
        lazyResolver.resolve()
        #expect(lazyResolver.object is Original)
    }

    @Test("Nothing registered: the object stays nil")
    func missing() {
        let lazyResolver = KOILazyResolverArg1(resolver: KOIContainer(), forType: Service.self, arg1: "x")
        lazyResolver.resolve()
        #expect(lazyResolver.object == nil)
    }

    @Test("A lazy resolver made in a fabric resolves from its container after that resolve ended")
    func resolvesLater() throws {
        let container = KOIContainer()
        container.register(forType: OtherService.self, scope: .separate) { _ in Original() }
        container.register(forType: LazyHolder.self, scope: .separate) { resolver in
            LazyHolder(lazy: KOILazyResolver(resolver: resolver, forType: OtherService.self))
        }
        let holder: LazyHolder? = container.resolve()
        let lazy = try #require(holder?.lazy)
        #expect(lazy.object == nil)
        lazy.resolve()
        #expect(lazy.object is Original)
    }

    @Test("object can be set, as in KOInject")
    func settable() {
        let lazyResolver = KOILazyResolver(resolver: KOIContainer(), forType: Service.self)
        let object = Original()
        lazyResolver.object = object
        #expect(lazyResolver.object === object)
        lazyResolver.dispose()
        #expect(lazyResolver.object == nil)
    }

    @Test("The isolated action gets nil when nothing is registered, and still runs")
    func isolatedMissing() {
        let isolated = KOIIsolatedResolver(
            lazyResolver: KOILazyResolver(resolver: KOIContainer(), forType: Service.self))
        var received: Service?? = .none
        isolated.resolve { object in received = .some(object) }
        #expect(received != nil)  // the action ran
        #expect(received! == nil)  // with nil
    }

    @Test("A separate object lives only as long as the isolated action")
    func isolatedReleases() {
        let container = KOIContainer()
        container.register(forType: Service.self, scope: .separate) { _ in Original() }
        let lazyResolver = KOILazyResolver(resolver: container, forType: Service.self)
        weak var seen: Original?
        KOIIsolatedResolver(lazyResolver: lazyResolver).resolve { object in
            seen = object as? Original
            #expect(seen != nil)
        }
        #expect(seen == nil)
    }
}

final class LazyHolder {
    let lazy: KOILazyResolver<OtherService>

    init(lazy: KOILazyResolver<OtherService>) {
        self.lazy = lazy
    }
}
