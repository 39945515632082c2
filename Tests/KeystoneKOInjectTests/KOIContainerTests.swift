import Foundation
import KeystoneKOInject
import Testing

// KOInject's container tests, re-expressed: register and resolve, replacing a registration
// (also after it was resolved), resolving what is not registered, the scopes' identities, and
// dispose. KOInject's own `KOIType` tests (a registration's key is the type and the argument
// types, in order) are expressed here through what a container does with those keys.

@Suite("KOIContainer")
struct KOIContainerTests {
    @Test("A registered type resolves")
    func registerAndResolve() {
        let container = KOIContainer()
        container.register(
            forType: Service.self,
            fabric: { _ in
                return Original()
            })
        let object: Service? = container.resolve()
        #expect(object is Original)
    }

    @Test("Registering a type again replaces the registration")
    func replace() {
        let container = KOIContainer()
        container.register(forType: Service.self, fabric: { _ in Original() })
        container.register(forType: Service.self, fabric: { _ in Replacement() })
        let object: Service? = container.resolve()
        #expect(object is Replacement)
    }

    @Test("Registering again after a resolve drops the shared object the first one built")
    func replaceAfterResolve() {
        let container = KOIContainer()
        container.register(forType: Service.self, fabric: { _ in Original() })
        let first: Service? = container.resolve()
        container.register(forType: Service.self, fabric: { _ in Replacement() })
        let object: Service? = container.resolve()
        #expect(first is Original)
        #expect(object is Replacement)
    }

    @Test("KOInject 1.x's and 2.0's spellings make the same registration")
    func bothSpellings() {
        let container = KOIContainer()
        container.register(forType: Service.self) { _ in Original() }
        container.register(type: Service.self) { _ in Replacement() }
        let object: Service? = container.resolve()
        #expect(object is Replacement)
    }

    @Test("Resolving what is not registered gives nil")
    func notRegistered() {
        let container = KOIContainer()
        let object: Service? = container.resolve()
        #expect(object == nil)
        let withArgument: Service? = container.resolve(arg1: "x")
        #expect(withArgument == nil)
    }

    @Test("The default scope is shared: one object per container")
    func sharedByDefault() {
        let container = KOIContainer()
        container.register(forType: Service.self) { _ in Original() }
        let object1: Service? = container.resolve()
        let object2: Service? = container.resolve()
        #expect(object1 != nil)
        #expect(object1 === object2)
        let other = KOIContainer()
        other.register(forType: Service.self) { _ in Original() }
        let elsewhere: Service? = other.resolve()
        #expect(elsewhere !== object1)
    }

    @Test("A separate registration builds a new object on every resolve")
    func separate() {
        let container = KOIContainer()
        container.register(forType: Service.self, scope: .separate) { _ in Original() }
        let object1: Service? = container.resolve()
        let object2: Service? = container.resolve()
        #expect(object1 != nil && object2 != nil)
        #expect(object1 !== object2)
    }

    @Test("dispose() drops registrations and objects; the container can be used again")
    func dispose() {
        let container = KOIContainer()
        container.register(
            forType: Service.self,
            fabric: { _, name, count in
                Named(name: "\(name)\(count)")
            } as (KOIResolverProtocol, String, Int) -> Service)
        var object: Service? = container.resolve(arg1: "testArg", arg2: 10)
        #expect(object != nil)
        container.dispose()
        object = container.resolve(arg1: "testArg", arg2: 10)
        #expect(object == nil)

        container.register(forType: Service.self) { _ in Replacement() }
        let again: Service? = container.resolve()
        #expect(again is Replacement)
    }

    @Test("A key is the type and the argument types, in order")
    func keys() {
        let container = KOIContainer()
        container.register(forType: Service.self) { _ in Named(name: "none") }
        container.register(forType: Service.self) { (_, text: String) in Named(name: "String \(text)") }
        container.register(forType: Service.self) { (_, number: Int) in Named(name: "Int \(number)") }
        container.register(forType: Service.self) { (_, text: String, number: Int) in Named(name: "\(text) \(number)") }
        container.register(forType: OtherService.self) { _ in Original() }

        let none: Service? = container.resolve()
        let text: Service? = container.resolve(arg1: "a")
        let number: Service? = container.resolve(arg1: 1)
        let both: Service? = container.resolve(arg1: "a", arg2: 1)
        let swapped: Service? = container.resolve(arg1: 1, arg2: "a")
        let other: OtherService? = container.resolve()
        #expect((none as? Named)?.name == "none")
        #expect((text as? Named)?.name == "String a")
        #expect((number as? Named)?.name == "Int 1")
        #expect((both as? Named)?.name == "a 1")
        #expect(swapped == nil)
        #expect(other is Original)
    }

    @Test("Factories resolve their dependencies through the resolver they receive")
    func nestedResolve() {
        let container = KOIContainer()
        container.register(forType: OtherService.self) { _ in Original() }
        container.register(forType: Service.self, scope: .separate) { resolver in
            Holder(dependency: resolver.resolve()!)
        }
        let holder: Service? = container.resolve()
        let dependency: OtherService? = container.resolve()
        #expect((holder as? Holder)?.dependency === dependency)
    }

    @Test("Through KOInject's protocols: register, resolve and dispose")
    func protocols() {
        let container = KOIContainer()
        let registrar: KOIRegisterProtocol = container
        registrar.register(forType: Service.self, scope: .separate, fabric: { _ in Original() })
        registrar.register(type: OtherService.self, fabric: { _ in Original() })
        let resolver: KOIResolverProtocol = container
        let service: Service? = resolver.resolve()
        let other: OtherService? = resolver.resolve()
        #expect(service is Original)
        #expect(other is Original)

        let lazy = KOILazyResolver(resolver: resolver, forType: Service.self)
        lazy.resolve()
        let disposables: [KOIDisposableProtocol] = [lazy, container]
        for disposable in disposables { disposable.dispose() }
        #expect(lazy.object == nil)
        let afterDispose: Service? = resolver.resolve()
        #expect(afterDispose == nil)
    }

    @Test("A dependency that is not registered is nil inside the factory too")
    func nestedMissing() {
        let container = KOIContainer()
        container.register(forType: Service.self) { resolver in
            let dependency: OtherService? = resolver.resolve()
            return Named(name: dependency == nil ? "without" : "with")
        }
        let object: Service? = container.resolve()
        #expect((object as? Named)?.name == "without")
    }
}

// Test services.

protocol Service: AnyObject {}
protocol OtherService: AnyObject {}

final class Original: Service, OtherService {}
final class Replacement: Service {}

final class Named: Service {
    let name: String

    init(name: String) {
        self.name = name
    }
}

final class Holder: Service {
    let dependency: OtherService

    init(dependency: OtherService) {
        self.dependency = dependency
    }
}
