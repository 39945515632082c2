import KeystoneResolver
import Testing

import class Keystone.Container

// Resolver 1.5.0 to 1.5.1: besides `Resolver.decorate` (ProcessWideSettingsTests, since it is
// process-wide), 1.5.1 keys a registration by the type value passed, not by the static type.
// And the difference of caches the migration guide states: Resolver keeps `.application`,
// `.cached` and `.shared` instances process-wide, Keystone in each container.

@Suite("Resolver: 1.5.1, and the caches per container")
struct ResolverReleaseHistoryTests {
    class Vehicle {}
    final class Truck: Vehicle {}

    @Test("A registration is keyed by its static type, even when a subclass's type is passed")
    func staticTypeKeys() {
        let resolver = Resolver()
        let passed: Vehicle.Type = Truck.self
        resolver.register(passed) { Truck() }
        #expect(resolver.resolve(Vehicle.self) is Truck)
        #expect(resolver.optional(Truck.self) == nil)
    }

    @Test("Two resolvers registering one type in .application, .cached or .shared each keep their own")
    func cachesPerContainer() {
        for scope in [ResolverScope.application, .cached, .shared] {
            let first = Resolver()
            let second = Resolver()
            first.register { Vehicle() }.scope(scope)
            second.register { Vehicle() }.scope(scope)
            let fromFirst: Vehicle = first.resolve()
            let fromSecond: Vehicle = second.resolve()
            #expect(fromFirst !== fromSecond)
            #expect(fromFirst === first.resolve(Vehicle.self))
        }
    }
}
