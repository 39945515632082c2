import Testing

@testable import Keystone

/// What the override tests resolve: a greeting service that something deep in the graph needs.
protocol Greeter: Sendable {
    var name: String { get }
}
struct RealGreeter: Greeter { let name = "real" }
struct FakeGreeter: Greeter { let name: String }

final class Front: Sendable {
    let middle: Middle
    init(middle: Middle) { self.middle = middle }
}
final class Middle: Sendable {
    let greeter: Greeter
    init(greeter: Greeter) { self.greeter = greeter }
}

/// A base container with a singleton in the middle of the graph, so that an override must
/// reach past it.
func greetingContainer() -> Container {
    let container = Container()
    container.register(Greeter.self, scope: .singleton) { _ in RealGreeter() }
    container.register(scope: .singleton) { r in try Middle(greeter: r.resolve()) }
    container.register { r in try Front(middle: r.resolve()) }
    return container
}

@Suite("Shared container and overrides")
struct SharedContainerTests {
    @Test("Container.shared is one process-wide container outside any binding")
    func processWide() {
        #expect(Container.shared === Container.shared)
        #expect(Container.shared === Container.processWide)
    }

    @Test("withShared binds a container for the task tree and restores the previous one")
    func withShared() async throws {
        let outer = Container()
        let inner = Container()
        await Container.withShared(outer) {
            #expect(Container.shared === outer)
            await Container.withShared(inner) {
                #expect(Container.shared === inner)
                async let child = Container.shared
                #expect(await child === inner)
                await withTaskGroup(of: Bool.self) { group in
                    for _ in 0..<4 { group.addTask { Container.shared === inner } }
                    for await seen in group { #expect(seen) }
                }
                let detached = await Task.detached { Container.shared }.value
                #expect(detached === Container.processWide)
            }
            #expect(Container.shared === outer)
        }
        #expect(Container.shared === Container.processWide)
        let thrown = #expect(throws: Broken.self) {
            try Container.withShared(inner) { throw Broken() }
        }
        #expect(thrown != nil && Container.shared === Container.processWide)
    }

    @Test("An override reaches deep into the graph and never leaks into the original")
    func overrideIsDeepAndIsolated() throws {
        let container = greetingContainer()
        let before: Front = try container.tryResolve()
        let seen = try container.withOverrides { overrides in
            overrides.register(Greeter.self) { _ in FakeGreeter(name: "fake") }
        } operation: { copy in
            try copy.tryResolve(Front.self).middle.greeter.name
        }
        #expect(seen == "fake")
        #expect(try container.tryResolve(Front.self).middle === before.middle)
        #expect(before.middle.greeter.name == "real")
    }

    @Test("The copy is disposed when the operation ends, also when it throws")
    func copyIsDisposed() throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .singleton) { _ in Resource("original", log: log) }
        let original: Resource = try container.tryResolve()
        #expect(throws: Broken.self) {
            try container.withOverrides { overrides in
                overrides.register(scope: .singleton) { _ in Resource("override", log: log) }
            } operation: { copy in
                _ = try copy.tryResolve(Resource.self)
                throw Broken()
            }
        }
        #expect(log.all == ["dispose override"])
        #expect(try container.tryResolve(Resource.self) === original)
    }

    @Test("The copy keeps the contributions to collections, in order")
    func copyKeepsContributions() throws {
        let container = Container()
        container.contribute(Greeter.self) { _ in FakeGreeter(name: "first") }
        container.contribute(Greeter.self) { _ in FakeGreeter(name: "second") }
        let names = container.withOverrides { overrides in
            overrides.contribute(Greeter.self) { _ in FakeGreeter(name: "third") }
        } operation: { copy in
            copy.resolveAll(Greeter.self).map(\.name)
        }
        #expect(names == ["first", "second", "third"])
        #expect(container.resolveAll(Greeter.self).map(\.name) == ["first", "second"])
    }

    @Test("Overriding the shared container binds the copy as shared during the operation")
    func overridingShared() throws {
        let base = greetingContainer()
        try Container.withShared(base) {
            try Container.shared.withOverrides { overrides in
                overrides.register(Greeter.self) { _ in FakeGreeter(name: "bound") }
            } operation: { copy throws in
                #expect(Container.shared === copy)
                #expect(try Container.shared.tryResolve(Greeter.self).name == "bound")
            }
            #expect(Container.shared === base)
            #expect(try Container.shared.tryResolve(Greeter.self).name == "real")
        }
    }
}

/// The one base container that both parallel suites override at the same time.
let sharedGreetingBase = greetingContainer()

/// Two suites override the same service of the same base container with different fakes, 50
/// times each, in parallel with each other: each must only ever see its own fake, and the base
/// must keep its own. Every test yields in the middle of its operation, so that the other
/// suite's operations interleave with it.
func overriddenGreeting(_ name: String) async throws -> [String] {
    defer { #expect(sharedGreetingBase.resolveOptional(Greeter.self)?.name == "real") }
    return try await Container.withShared(sharedGreetingBase) {
        try await Container.shared.withOverrides { overrides in
            overrides.register(Greeter.self, scope: .singleton) { _ in FakeGreeter(name: name) }
        } operation: { _ in
            var seen: [String] = []
            for _ in 0..<3 {
                seen.append(try Container.shared.tryResolve(Front.self).middle.greeter.name)
                await Task.yield()
            }
            return seen
        }
    }
}

@Suite("Parallel overrides, suite A")
struct ParallelOverridesA {
    @Test("Suite A sees only its own fake", arguments: 0..<50)
    func onlyA(run: Int) async throws {
        #expect(try await overriddenGreeting("A\(run)") == Array(repeating: "A\(run)", count: 3))
    }
}

@Suite("Parallel overrides, suite B")
struct ParallelOverridesB {
    @Test("Suite B sees only its own fake", arguments: 0..<50)
    func onlyB(run: Int) async throws {
        #expect(try await overriddenGreeting("B\(run)") == Array(repeating: "B\(run)", count: 3))
    }
}
