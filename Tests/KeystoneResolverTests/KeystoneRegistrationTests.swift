import Keystone
import KeystoneResolver
import Testing

/// What a resolver finds is what its Keystone container holds, whichever API registered it:
/// a registration made with Keystone's own API in a child's container is found through the
/// resolvers that fall back to that child, as a Resolver registration is.
@Suite("Resolver: registrations made with Keystone's API")
struct KeystoneRegistrationTests {
    @Test("A resolver finds what its child's container registers with Keystone's API")
    func childsKeystoneRegistration() {
        let child = Resolver()
        let resolver = Resolver(child: child)
        child.container.register(XYZNameService.self) { _ in XYZNameService("Keystone") }
        #expect(resolver.optional(XYZNameService.self)?.name == "Keystone")
        #expect(resolver.resolve(XYZNameService.self).name == "Keystone")
    }

    @Test("A resolver's own Keystone registration overrides its child's Resolver registration")
    func ownKeystoneRegistrationOverridesTheChild() {
        let child = Resolver()
        let resolver = Resolver(child: child)
        child.register { XYZNameService("child") }
        resolver.container.register(XYZNameService.self) { _ in XYZNameService("own") }
        #expect(resolver.optional(XYZNameService.self)?.name == "own")
    }
}
