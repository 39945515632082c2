import Testing

@testable import Keystone

/// A slot's published word, the one the lock-free read loads, is made by the slot's first
/// publication: a key whose registrations never hold an instance costs no word, and a key that
/// starts holding one later (registered again with another scope) publishes it all the same.
@Suite("Slot publication")
struct SlotPublicationTests {
    private static let key = RegistryKey(Plain.self, name: nil, arguments: Void.self)

    @Test("A transient registration never makes the published word")
    func transientMakesNoWord() throws {
        let container = Container()
        container.register(Plain.self, scope: .transient) { _ in Plain() }
        #expect(try container.tryResolve(Plain.self) !== container.tryResolve(Plain.self))
        let slot = try #require(container.registry.slot(for: Self.key))
        #expect(slot.published == nil)
        #expect(slot.unpublish() == nil)
    }

    @Test("Registered again as a singleton, the key publishes its instance, and reset withdraws it")
    func singletonAfterTransient() throws {
        let container = Container()
        container.register(Plain.self, scope: .transient) { _ in Plain() }
        _ = try container.tryResolve(Plain.self)
        container.register(Plain.self, scope: .singleton) { _ in Plain() }
        let first = try container.tryResolve(Plain.self)
        let slot = try #require(container.registry.slot(for: Self.key))
        let word = try #require(slot.published)
        #expect(word.pointee != nil)
        // The lock-free read answers with the built instance.
        let box = try #require(container.registry.publishedInstance(for: Self.key).box)
        #expect(InstanceBox<Plain>.copy(box) === first)
        #expect(try container.tryResolve(Plain.self) === first)

        container.reset(.singleton)
        #expect(word.pointee == nil)
        #expect(slot.published == word)
        let second = try container.tryResolve(Plain.self)
        #expect(second !== first)
        #expect(word.pointee != nil)
    }
}
