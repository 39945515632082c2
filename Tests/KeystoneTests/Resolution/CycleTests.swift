import Testing

@testable import Keystone

final class Cycle1 {
    init(_ other: Cycle2) {}
}

final class Cycle2 {
    init(_ other: Cycle1) {}
}

final class SelfNeeding {
    init(_ other: SelfNeeding) {}
}

@Suite("Cycle detection")
struct CycleTests {
    @Test("A cycle of factories is an error listing the path", arguments: [Scope.transient, .graph, .singleton, .weak])
    func cyclePath(scope: Scope) throws {
        let container = Container()
        container.register(scope: scope) { r in try Cycle1(r.resolve()) }
        container.register(scope: scope) { r in try Cycle2(r.resolve()) }
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Cycle1.self) }
        #expect(error?.kind == .cycle)
        #expect(error?.path == ["Cycle1", "Cycle2", "Cycle1"])
        #expect(error?.description.contains("Cycle1 → Cycle2 → Cycle1") == true)
    }

    @Test("A service that needs itself is a cycle of one")
    func selfCycle() throws {
        let container = Container()
        container.register { r in try SelfNeeding(r.resolve()) }
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(SelfNeeding.self) }
        #expect(error?.path == ["SelfNeeding", "SelfNeeding"])
    }

    @Test("A deep chain is not mistaken for a cycle")
    func deepChainIsFine() throws {
        let container = Container()
        for depth in 0..<200 {
            container.register(Int.self, name: Name("\(depth)"), scope: .transient) { r in
                depth == 0 ? 0 : try r.resolve(Int.self, name: Name("\(depth - 1)")) + 1
            }
        }
        #expect(try container.tryResolve(Int.self, name: "199") == 199)
    }

    @Test(
        "A factory that resolves itself through the container reports a cycle, not a deadlock or a stack overflow",
        arguments: [Scope.transient, .singleton]
    )
    func reentrantThroughContainer(scope: Scope) throws {
        let container = Container()
        container.register(scope: scope) { _ in
            try SelfNeeding(container.tryResolve(SelfNeeding.self))
        }
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(SelfNeeding.self) }
        #expect(error?.kind == .cycle)
        #expect(error?.path == ["SelfNeeding", "SelfNeeding"])
    }
}
