import Synchronization
import Testing

@testable import Keystone

/// The `.graph` instances of one resolution, through the public API: shared within it, new in
/// the next, past the length at which the list is indexed, and forgotten when a hook throws.
@Suite("Graph instances of one resolution")
struct ResolutionInstancesTests {
    final class Part: Sendable {}
    final class Flaky: Sendable {}
    struct HookFailed: Error {}

    /// What one resolution of the root saw: each named part, resolved twice.
    final class Root: Sendable {
        let first: [Part]
        let second: [Part]
        init(first: [Part], second: [Part]) {
            self.first = first
            self.second = second
        }
    }

    static let names = (0..<40).map { Name("part-\($0)") }

    func container() -> Container {
        let container = Container()
        for name in Self.names {
            container.register(Part.self, name: name, scope: .graph) { _ in Part() }
        }
        container.register(Root.self, scope: .transient) { r in
            let first: [Part] = try Self.names.map { try r.resolve(name: $0) }
            let second: [Part] = try Self.names.reversed().map { try r.resolve(name: $0) }.reversed()
            return Root(first: first, second: second)
        }
        return container
    }

    @Test("Forty .graph services: each is one instance within a resolution and a new one in the next")
    func manyGraphInstances() throws {
        let container = container()
        let one = try container.tryResolve(Root.self)
        let two = try container.tryResolve(Root.self)
        for position in Self.names.indices {
            #expect(
                one.first[position] === one.second[position],
                "\(Self.names[position]) was built twice in one resolution")
            #expect(one.first[position] !== two.first[position], "\(Self.names[position]) outlived its resolution")
        }
        #expect(Set(one.first.map(ObjectIdentifier.init)).count == Self.names.count, "two names shared an instance")
    }

    @Test("A .graph instance whose hook throws is forgotten: the next resolve in that resolution builds it again")
    func throwingHookForgetsTheInstance() throws {
        let builds = Mutex(0)
        let container = container()
        container.register(Flaky.self, scope: .graph) { _ in
            builds.withLock { $0 += 1 }
            return Flaky()
        }.then { _, _ in throw HookFailed() }
        container.register(Root.self, scope: .transient) { r in
            // Past the indexed length first, so that the removal updates the index too.
            let first: [Part] = try Self.names.map { try r.resolve(name: $0) }
            #expect(throws: ResolutionError.self) { try r.resolve(Flaky.self) }
            #expect(throws: ResolutionError.self) { try r.resolve(Flaky.self) }
            let second: [Part] = try Self.names.map { try r.resolve(name: $0) }
            return Root(first: first, second: second)
        }
        let root = try container.tryResolve(Root.self)
        #expect(builds.withLock { $0 } == 2, "the failed instance was reused instead of built again")
        for position in Self.names.indices {
            #expect(root.first[position] === root.second[position], "removing one record lost \(Self.names[position])")
        }
    }
}
