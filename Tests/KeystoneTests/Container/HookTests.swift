import Testing

@testable import Keystone

final class CircularParent {
    var child: CircularChild?
}

final class CircularChild {
    let parent: CircularParent
    init(parent: CircularParent) { self.parent = parent }
}

struct HookFailure: Error {}

@Suite("After-creation and dispose hooks")
struct HookTests {
    @Test("then runs once per new instance, with the resolver")
    func thenOncePerInstance() throws {
        let counter = Counter()
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(name: "single", scope: .singleton) { _ in Plain() }
            .then { r, _ in
                _ = try r.resolve(APIClient.self)
                counter.increment()
            }
        container.register(name: "transient", scope: .transient) { _ in Plain() }
            .then { _, _ in counter.increment() }
        _ = try container.tryResolve(Plain.self, name: "single")
        _ = try container.tryResolve(Plain.self, name: "single")
        #expect(counter.value == 1)
        _ = try container.tryResolve(Plain.self, name: "transient")
        _ = try container.tryResolve(Plain.self, name: "transient")
        #expect(counter.value == 3)
    }

    @Test("then completes a circular reference: the child resolves the parent being finished")
    func circularThroughThen() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in CircularParent() }
            .then { r, parent in parent.child = try r.resolve() }
        container.register(scope: .singleton) { r in try CircularChild(parent: r.resolve()) }
        let parent: CircularParent = try container.tryResolve()
        let child: CircularChild = try container.tryResolve()
        #expect(parent.child === child)
        #expect(child.parent === parent)
    }

    @Test("A throwing hook fails the resolve and caches nothing")
    func throwingHook() throws {
        let attempts = Counter()
        let container = Container()
        container.register(scope: .singleton) { _ in Plain() }
            .then { _, _ in
                if attempts.increment() == 1 { throw HookFailure() }
            }
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Plain.self) }
        #expect(error?.kind == .factoryFailed)
        #expect(error?.underlying is HookFailure)
        #expect(error?.description.contains("after-creation hook") == true)
        let first: Plain = try container.tryResolve()
        #expect(try container.tryResolve(Plain.self) === first)
        #expect(attempts.value == 2)
    }

    @Test("onDispose runs for held instances when they leave their scope")
    func onDispose() throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .singleton) { _ in Resource("r", log: log) }
            .onDispose { log.append("hook \($0.name)") }
        _ = try container.tryResolve(Resource.self)
        container.dispose()
        #expect(log.all == ["dispose r", "hook r"])
    }
}
