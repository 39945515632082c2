import KeystoneResolver
import Testing

import class Keystone.Container

/// Cycles closed after construction — in `resolveProperties`, or lazily with
/// `@WeakLazyInjected` — resolve; a cycle made only of factories is reported with its path.
@Suite("Resolver: cyclic dependencies")
struct CyclicDependencyTests {
    let resolver: Resolver

    init() {
        let resolver = Resolver()
        resolver.register(name: "graph") { r in CyclicA(r.resolve()) }
            .resolveProperties { r, a in
                r.resolve(CyclicC.self).a = a  // the C made for this resolution
            }
        resolver.register(name: "properties") { r in CyclicA(r.resolve()) }
            .resolveProperties { _, a in
                a.b.c.a = a
            }
        resolver.register { r in CyclicB(r.resolve()) }
        resolver.register { CyclicC() }.scope(.graph)
        self.resolver = resolver
    }

    @Test("resolveProperties closes a cycle through the object graph")
    func viaProperties() {
        let a: CyclicA = resolver.resolve(name: "properties")
        #expect(a.b.c.a === a)
    }

    @Test("resolveProperties closes a cycle through the graph scope")
    func viaGraph() {
        let a: CyclicA = resolver.resolve(name: "graph")
        #expect(a.b.c.a === a)
    }

    @Test("Injected properties close a cycle with a weak lazy reference")
    func viaInjectedProperties() {
        Container.withShared(Container()) {
            Resolver.register { InjectedCyclicA() }.scope(.shared)
            Resolver.register { InjectedCyclicB() }
            Resolver.register { InjectedCyclicC() }
            let a: InjectedCyclicA = Resolver.resolve()
            #expect(a.b.c.a === a)
        }
    }

    @Test("A cycle of factories traps with the path instead of overflowing the stack")
    func factoryCycleTraps() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let resolver = Resolver()
            resolver.register { r in LoopA(r.resolve()) }
            resolver.register { r in LoopB(r.resolve()) }
            _ = resolver.resolve(LoopA.self)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("LoopA"))
        #expect(message.contains("LoopB"))
        #expect(message.contains("To fix"))
    }
}

final class CyclicA {
    let b: CyclicB
    init(_ b: CyclicB) { self.b = b }
}

final class CyclicB {
    let c: CyclicC
    init(_ c: CyclicC) { self.c = c }
}

final class CyclicC {
    weak var a: CyclicA?
}

final class InjectedCyclicA {
    @Injected var b: InjectedCyclicB
}

final class InjectedCyclicB {
    @Injected var c: InjectedCyclicC
}

final class InjectedCyclicC {
    @WeakLazyInjected var a: InjectedCyclicA?
}

final class LoopA {
    let b: LoopB
    init(_ b: LoopB) { self.b = b }
}

final class LoopB {
    let a: LoopA
    init(_ a: LoopA) { self.a = a }
}
