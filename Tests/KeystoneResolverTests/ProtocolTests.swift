import KeystoneResolver
import Testing

/// A service registered as a protocol resolves as that protocol; `implements` makes one
/// registration resolvable as the protocols it adopts, in its scope.
@Suite("Resolver: protocols")
struct ProtocolTests {
    let resolver = Resolver()

    @Test("A protocol registration resolves with the type given, inferred, or optional")
    func protocolResolution() {
        resolver.register { XYZCombinedService() as XYZFetching }
        let explicit = resolver.resolve(XYZFetching.self)
        let inferred: XYZFetching = resolver.resolve()
        let optional: XYZFetching? = resolver.optional()
        #expect(explicit.name == "XYZCombinedService")
        #expect(inferred.string() == "Hello")
        #expect(optional != nil)
    }

    @Test("One class registered as two protocols")
    func twoProtocols() {
        resolver.register { XYZCombinedService() as XYZFetching }
        resolver.register { XYZCombinedService() as XYZUpdating }
        #expect(resolver.optional(XYZFetching.self)?.name == "XYZCombinedService")
        #expect(resolver.optional(XYZUpdating.self)?.name == "XYZCombinedService")
    }

    @Test("Protocols forwarded to the class's registration by hand")
    func forwarding() {
        resolver.register { r in r.resolve() as XYZCombinedService as XYZFetching }
        resolver.register { r in r.resolve() as XYZCombinedService as XYZUpdating }
        resolver.register { XYZCombinedService() }
        #expect(resolver.optional(XYZCombinedService.self) != nil)
        #expect(resolver.optional(XYZFetching.self)?.name == "XYZCombinedService")
        #expect(resolver.optional(XYZUpdating.self)?.name == "XYZCombinedService")
    }

    @Test("implements makes the registration resolvable as each protocol")
    func implements() {
        resolver.register { XYZCombinedService() }
            .implements(XYZFetching.self)
            .implements(XYZUpdating.self)
            .scope(.application)
        let service: XYZCombinedService = resolver.resolve()
        let fetcher = resolver.resolve(XYZFetching.self) as? XYZCombinedService
        let updater = resolver.resolve(XYZUpdating.self) as? XYZCombinedService
        #expect(fetcher === service)  // the one instance of its scope
        #expect(updater === service)
    }

    @Test("implements under a name of its own")
    func implementsNamed() {
        resolver.register(name: .fred) { XYZCombinedService() }
            .implements(XYZFetching.self, name: .barney)
        #expect(resolver.optional(XYZFetching.self) == nil)
        #expect(resolver.optional(XYZFetching.self, name: .barney)?.name == "XYZCombinedService")
    }

    @Test("A .shared registration and its protocol share the instance")
    func sharedProtocols() {
        resolver.register { XYZSessionService() }
            .implements(XYZSessionProtocol.self)
            .scope(.shared)
        let service: XYZSessionService = resolver.resolve()
        let session: XYZSessionProtocol = resolver.resolve()
        #expect(service.id == session.id)
    }
}
