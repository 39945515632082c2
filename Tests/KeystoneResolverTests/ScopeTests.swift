import Foundation
import KeystoneResolver
import Testing

import class Keystone.Container

/// Each Resolver scope, for classes, for values and for named registrations: `.graph`
/// shares within a resolution, `.shared` while held (classes only), `.application` for good,
/// `.cached` until reset, `.unique` never, `.container` per resolver.
@Suite("Resolver: scopes")
struct ScopeTests {
    let resolver = Resolver()

    // MARK: Classes

    @Test("graph: one instance per resolution")
    func graph() {
        resolver.register { XYZSessionService() }.scope(.graph)
        resolver.register { r in XYZGraphService(r.optional(), r.optional()) }
        let service: XYZGraphService = resolver.resolve()
        let again: XYZGraphService = resolver.resolve()
        #expect(service.session1 === service.session2)
        #expect(service.session1 !== again.session1)
    }

    @Test("shared: one instance while someone holds it, then a new one")
    func shared() {
        resolver.register { XYZSessionService() }.scope(.shared)
        var service1: XYZSessionService? = resolver.optional()
        var service2: XYZSessionService? = resolver.optional()
        #expect(service1 === service2)
        let originalID = service1?.id
        service1 = nil
        service2 = nil
        #expect(resolver.resolve(XYZSessionService.self).id != originalID)
        _ = (service1, service2)
    }

    @Test("application: one instance for good")
    func application() {
        resolver.register { XYZSessionService() }.scope(.application)
        #expect(resolver.resolve(XYZSessionService.self) === resolver.resolve(XYZSessionService.self))
    }

    @Test("cached: one instance until the cache is reset")
    func cached() {
        let scope = ResolverScopeCache()  // a cache of this test's own
        resolver.register { XYZSessionService() }.scope(scope)
        let service1: XYZSessionService = resolver.resolve()
        #expect(service1 === resolver.resolve(XYZSessionService.self))
        scope.reset()
        #expect(service1 !== resolver.resolve(XYZSessionService.self))
    }

    @Test("unique: a new instance every time")
    func unique() {
        resolver.register { XYZSessionService() }.scope(.unique)
        #expect(resolver.resolve(XYZSessionService.self) !== resolver.resolve(XYZSessionService.self))
    }

    @Test("container: one instance per resolver until its cache is reset")
    func container() {
        resolver.register { XYZSessionService() }.scope(.container)
        let service1: XYZSessionService = resolver.resolve()
        #expect(service1 === resolver.resolve(XYZSessionService.self))
        resolver.cache.reset()
        #expect(service1 !== resolver.resolve(XYZSessionService.self))
    }

    @Test("The scopes are Keystone's scopes in the resolver's container")
    func keystoneScopes() {
        resolver.register { XYZSessionService() }.scope(.application)
        let service: XYZSessionService = resolver.resolve()
        #expect(resolver.container.resolve(XYZSessionService.self) === service)
        resolver.container.reset(.singleton)
        #expect(resolver.resolve(XYZSessionService.self) !== service)
    }

    // MARK: Values

    @Test("graph: values are never shared")
    func graphValues() {
        resolver.register { XYZValue() }.scope(.graph)
        resolver.register { r in XYZValueService(r.optional(), r.optional()) }
        let service: XYZValueService = resolver.resolve()
        #expect(service.value1?.id != service.value2?.id)
    }

    @Test("shared: values cannot be held weakly, so each resolve makes a new one")
    func sharedValues() {
        resolver.register { XYZValue() }.scope(.shared)
        let value1: XYZValue = resolver.resolve()
        let value2: XYZValue = resolver.resolve()
        let value3: XYZValue? = resolver.optional()
        #expect(value1.id != value2.id)
        #expect(value3 != nil && value3?.id != value2.id)
    }

    @Test("shared: a protocol type whose instances are values makes a new one each time")
    func sharedValuesBehindAProtocol() {
        resolver.register { ValueSession() as XYZSessionProtocol }.scope(.shared)
        let first: XYZSessionProtocol = resolver.resolve()
        let second: XYZSessionProtocol = resolver.resolve()
        #expect(first.id != second.id)
    }

    @Test("application: a value is kept for good")
    func applicationValues() {
        resolver.register { XYZValue() }.scope(.application)
        #expect(resolver.resolve(XYZValue.self).id == resolver.resolve(XYZValue.self).id)
    }

    @Test("cached: a value is kept until reset")
    func cachedValues() {
        let scope = ResolverScopeCache()
        resolver.register { XYZValue() }.scope(scope)
        let value1: XYZValue = resolver.resolve()
        #expect(value1.id == resolver.resolve(XYZValue.self).id)
        scope.reset()
        #expect(value1.id != resolver.resolve(XYZValue.self).id)
    }

    @Test("unique: a new value every time")
    func uniqueValues() {
        resolver.register { XYZValue() }.scope(.unique)
        #expect(resolver.resolve(XYZValue.self).id != resolver.resolve(XYZValue.self).id)
    }

    @Test("container: a value is kept per resolver until its cache is reset")
    func containerValues() {
        resolver.register { XYZValue() }.scope(.container)
        let value1: XYZValue = resolver.resolve()
        #expect(value1.id == resolver.resolve(XYZValue.self).id)
        let cache = try? #require(resolver.cache as? ResolverScopeCache)
        cache?.reset()
        #expect(value1.id != resolver.resolve(XYZValue.self).id)
    }

    // MARK: Named registrations

    @Test(
        "Each named registration has its own instance in its scope",
        arguments: [
            (ResolverScope.graph, false),
            (ResolverScope.shared, true),
            (ResolverScope.application, true),
            (ResolverScopeCache(), true),  // a cache of its own: `.cached` is process-wide
            (ResolverScope.unique, false),
        ]
    )
    func namedScopes(scope: ResolverScope, keeps: Bool) {
        resolver.register(name: "Fred") { XYZNameService("Fred") }.scope(scope)
        resolver.register(name: "Barney") { XYZNameService("Barney") }.scope(scope)
        let service1: XYZNameService = resolver.resolve(name: "Fred")
        let service2: XYZNameService = resolver.resolve(name: "Barney")
        let service3: XYZNameService = resolver.resolve(name: "Barney")
        #expect(service1.name == "Fred" && service2.name == "Barney" && service3.name == "Barney")
        #expect(service1 !== service2)
        #expect((service2 === service3) == keeps)
    }
}

/// A session that is a value: `.shared` cannot hold it weakly.
struct ValueSession: XYZSessionProtocol {
    let id = UUID()
}
