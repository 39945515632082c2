import Testing

@testable import Keystone

/// `resolveOptional` answers nil for a key that nothing registers without starting a
/// resolution, whose error would be built only to be dropped. These tests pin down that the
/// shortcut answers exactly as the full lookup does: it is never taken where the lookup could
/// still find something (a parent, the first-use hook, an optional's wrapped type), or where
/// someone else sees the failure (a logger, verification).
@Suite("Optional resolves of what nothing registers")
struct OptionalMissTests {
    final class Service: Sendable {}
    final class Missing: Sendable {}
    final class Consumer: Sendable {
        let missing: Missing?
        let service: Service?
        init(missing: Missing?, service: Service?) {
            self.missing = missing
            self.service = service
        }
    }

    @Test("Nil for a key nothing registers, here or in a parent, and for other argument types")
    func nilForNothingRegistered() {
        let parent = Container()
        parent.register(Service.self) { (_, _: Int) in Service() }
        let child = Container(parent: parent)
        #expect(child.resolveOptional(Missing.self) == nil)
        #expect(child.resolveOptional(Service.self) == nil)
        #expect(child.resolveOptional(Service.self, arguments: 1) != nil)
    }

    @Test("A parent's registration is found, built or not")
    func parentsRegistration() {
        let parent = Container()
        parent.register(Service.self, scope: .transient) { _ in Service() }
        parent.register(Missing.self, scope: .singleton) { _ in Missing() }
        let child = Container(parent: parent)
        #expect(child.resolveOptional(Service.self) != nil)
        let built = child.resolveOptional(Missing.self)
        #expect(built != nil)
        #expect(child.resolveOptional(Missing.self) === built)
    }

    @Test("A first-use hook still to run is run, and what it registers is found")
    func firstUseHook() {
        let runs = Counter()
        let root = Container(
            firstUse: FirstUseGate { container in
                runs.increment()
                container.register(Service.self) { _ in Service() }
            })
        let child = Container(parent: root)
        #expect(child.resolveOptional(Service.self) != nil)
        #expect(runs.value == 1)
    }

    @Test("An optional's wrapped registration is found")
    func optionalOfARegisteredType() {
        let container = Container()
        container.register(Service.self) { _ in Service() }
        let found = container.resolveOptional(Service?.self)
        #expect(found != nil)
        #expect(found.flatMap { $0 } != nil)
    }

    @Test("A factory's optional dependency: nil for one nobody registers, found for one registered")
    func insideAFactory() throws {
        let parent = Container()
        parent.register(Service.self, scope: .singleton) { _ in Service() }
        let child = Container(parent: parent)
        child.register(Consumer.self) { r in
            try Consumer(missing: r.resolveOptional(), service: r.resolveOptional())
        }
        let consumer = try child.tryResolve(Consumer.self)
        #expect(consumer.missing == nil)
        #expect(consumer.service === parent.resolve(Service.self))
    }

    @Test("With a logger, the miss is still reported as a failure")
    func loggedMiss() {
        let logger = RecordingLogger()
        let container = Container()
        container.logger = logger
        #expect(container.resolveOptional(Missing.self) == nil)
        #expect(logger.events.all.count == 1)
        #expect(logger.events.all.first?.hasPrefix("failed: No registration for `Missing`.") == true)
    }

    @Test("verify() still sees a factory's optional dependency that nobody registers")
    func verificationSeesTheMiss() {
        let container = Container()
        container.register(Consumer.self) { r in
            try Consumer(missing: r.resolveOptional(), service: nil)
        }
        let graph = container.verify().graph
        #expect(graph.nodes.contains { $0.service == "Missing" })
    }

    @Test("verify() still sees a factory that asks its container, not its resolver, for what nobody registers")
    func verificationSeesTheContainersMiss() {
        let container = Container()
        container.register(Consumer.self) { [unowned container] _ in
            Consumer(missing: container.resolveOptional(), service: nil)
        }
        let graph = container.verify().graph
        #expect(graph.nodes.contains { $0.service == "Missing" })
    }
}
