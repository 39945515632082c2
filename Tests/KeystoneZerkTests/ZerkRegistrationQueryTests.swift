import Keystone
import KeystoneZerk
import Testing

// How a dependency was stored is read only while the registration it describes is the one a
// restore uses: once Keystone's own API replaces it, here or in a child container, the
// dependency reads as any Keystone registration does.

@Suite("Zerk's life times follow the registration that answers")
struct ZerkRegistrationQueryTests {
    @Test("A Keystone registration made over a stored dependency reports what Keystone's do")
    func keystoneRegistrationOverAStoredOne() {
        let storage = Zerk.newStorage()
        storage.singleton(Engine() as EngineProtocol)
        #expect(storage.restore(EngineProtocol.self).lifeTime == .singleton)
        storage.container.register(EngineProtocol.self) { _ in Engine() }
        #expect(storage.restore(EngineProtocol.self).lifeTime == .transient)
    }

    @Test("A child container's Keystone override hides the parent's stored life time")
    func childOverride() {
        let parent = Container()
        Zerk.storage(in: parent).singleton(Engine() as EngineProtocol)
        let child = Container(parent: parent)
        #expect(Zerk.storage(in: child).restore(EngineProtocol.self).lifeTime == .singleton)
        child.register(EngineProtocol.self) { _ in Engine() }
        #expect(Zerk.storage(in: child).restore(EngineProtocol.self).lifeTime == .transient)
        #expect(Zerk.storage(in: parent).restore(EngineProtocol.self).lifeTime == .singleton)
    }
}
