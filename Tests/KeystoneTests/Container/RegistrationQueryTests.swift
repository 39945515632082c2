import Testing

@testable import Keystone

/// The read-only query of registrations: what is registered for a key, here or in a parent,
/// under which scope, where; without building anything.
@Suite("Registration query")
struct RegistrationQueryTests {
    final class Store: Sendable {}
    protocol Storing: Sendable {}
    final class Tagged: Sendable {
        init(id: Int) {}
    }

    @Test("A registration's scope, name, arguments and site; nothing is built")
    func describesWithoutBuilding() throws {
        let built = Counter()
        let container = Container()
        let line = #line + 1
        container.register(scope: .singleton) { _ in
            built.increment()
            return Store()
        }
        container.register(name: "tagged", scope: .transient) { (_, id: Int) in Tagged(id: id) }

        let store = try #require(container.registration(for: Store.self))
        #expect(store.scope == .singleton && store.name == nil && store.depth == 0)
        #expect(store.registeredAt == "KeystoneTests/RegistrationQueryTests.swift:\(line)")
        #expect(ObjectIdentifier(store.argumentTypes) == ObjectIdentifier(Void.self))
        #expect(store.description == "`Store` .singleton at KeystoneTests/RegistrationQueryTests.swift:\(line)")
        #expect(built.value == 0)

        #expect(container.registration(for: Tagged.self, name: "tagged") == nil)  // it takes an Int
        let tagged = try #require(container.registration(for: Tagged.self, name: "tagged", arguments: Int.self))
        #expect(tagged.scope == .transient && tagged.name == "tagged")
        #expect(container.isRegistered(Tagged.self, name: "tagged", arguments: Int.self))
        #expect(!container.isRegistered(Tagged.self, arguments: Int.self))
    }

    @Test("A parent's registration is found, with how far up it is; a child's own comes first")
    func parents() throws {
        let parent = Container()
        parent.register(scope: .singleton) { _ in Store() }
        let child = Container(parent: parent)
        #expect(try #require(child.registration(for: Store.self)).depth == 1)
        child.register(scope: .transient) { _ in Store() }
        let own = try #require(child.registration(for: Store.self))
        #expect(own.depth == 0 && own.scope == .transient)
        #expect(child.registrations.count == 1)
        #expect(parent.registrations.count == 1)
    }

    @Test("Bindings, main-actor and async registrations say so; the list is in source order")
    func kinds() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in Store() }.bind(Storing.self) { $0 as Storing }
        container.registerMainActor(scope: .singleton) { _ in Tagged(id: 1) }
        container.register(name: "later") { _ async in Store() }
        let all = container.registrations
        #expect(all.count == 4)
        #expect(
            all.map(\.registeredAt)
                == all.map(\.registeredAt).sorted { lhs, rhs in
                    Int(lhs.split(separator: ":").last!)! < Int(rhs.split(separator: ":").last!)!
                })
        #expect(try #require(container.registration(for: Storing.self)).isBinding)
        #expect(try #require(container.registration(for: Tagged.self)).isMainActor)
        #expect(try #require(container.registration(for: Store.self, name: "later")).isAsync)
        #expect(try !#require(container.registration(for: Store.self)).isBinding)
    }
}

extension RegistrationQueryTests.Store: RegistrationQueryTests.Storing {}
