import Foundation
import Keystone
import KeystoneKOInject
import Testing

// KOInject's object storage tests, re-expressed: what each scope keeps, observed through how
// many times a factory runs and which objects come back.

@Suite("KOIObjectLifeScopes")
struct KOIScopeTests {
    @Test("shared: built once, the same object every time")
    func shared() {
        let container = KOIContainer()
        let builds = Counter()
        container.register(forType: Service.self, scope: .shared) { _ in
            builds.increment()
            return Original()
        }
        let object1: Service? = container.resolve()
        let object2: Service? = container.resolve()
        #expect(object1 === object2)
        #expect(builds.value == 1)
    }

    @Test("shared with an argument: the first resolve's argument builds the one object")
    func sharedWithArgument() {
        let container = KOIContainer()
        container.register(forType: Service.self, scope: .shared) { (_, name: String) in Named(name: name) }
        let object1: Service? = container.resolve(arg1: "testArg1")
        let object2: Service? = container.resolve(arg1: "testArg1")
        let object3: Service? = container.resolve(arg1: "another")
        #expect((object1 as? Named)?.name == "testArg1")
        #expect(object1 === object2)
        #expect(object1 === object3)
    }

    @Test("weakShared: shared while held, built again once released")
    func weakShared() {
        let container = KOIContainer()
        let builds = Counter()
        container.register(forType: Service.self, scope: .weakShared) { (_, name: String) in
            builds.increment()
            return Named(name: name)
        }
        var object1: Service? = container.resolve(arg1: "testArg")
        var object2: Service? = container.resolve(arg1: "testArg")
        #expect(object1 != nil)
        #expect(object1 === object2)
        #expect(builds.value == 1)
        object1 = nil
        object2 = nil

        object1 = container.resolve(arg1: "testArg")
        object2 = container.resolve(arg1: "testArg")
        #expect(object1 != nil)
        #expect(object1 === object2)
        #expect(builds.value == 2)
    }

    @Test("separate: a new object every time, with or without arguments")
    func separate() {
        let container = KOIContainer()
        container.register(forType: Service.self, scope: .separate) { _ in Original() }
        container.register(forType: Service.self, scope: .separate) { (_, name: String) in Named(name: name) }
        let object1: Service? = container.resolve()
        let object2: Service? = container.resolve()
        #expect(object1 !== object2)
        let named1: Service? = container.resolve(arg1: "testArg1")
        let named2: Service? = container.resolve(arg1: "testArg1")
        #expect((named1 as? Named)?.name == "testArg1")
        #expect(named1 !== named2)
    }

    @Test("Each scope is the Keystone scope with its meaning; KOIScope names the same type")
    func keystoneScopes() {
        #expect(KOIObjectLifeScopes.shared.keystoneScope == .singleton)
        #expect(KOIObjectLifeScopes.weakShared.keystoneScope == .weak)
        #expect(KOIObjectLifeScopes.separate.keystoneScope == .transient)
        let scope: KOIScope = .separate
        #expect(scope == KOIObjectLifeScopes.separate)
    }
}

/// Counts calls, from any thread.
final class Counter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is read and written with `lock` held.
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.withLock { count += 1 }
    }

    var value: Int { lock.withLock { count } }
}
