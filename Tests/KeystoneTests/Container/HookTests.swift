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

    @Test(
        "hooks added through a generic helper run in order, for every scope that keeps or makes instances",
        arguments: [Scope.singleton, .cached("session"), .weak, .transient, .graph]
    )
    func hooksThroughGenericHelper(scope: Scope) throws {
        let log = EventLog()
        let container = Container()
        let registration = registerNamed(Resource.self, scope: scope, in: container) { Resource("r", log: log) }
        registration
            .then { _, resource in log.append("then 1 \(resource.name)") }
            .onDispose { log.append("dispose hook 1 \($0.name)") }
            .then { _, resource in log.append("then 2 \(resource.name)") }
            .onDispose { log.append("dispose hook 2 \($0.name)") }
        let resource = try container.tryResolve(Resource.self, name: "generic")
        #expect(log.all == ["then 1 r", "then 2 r"])
        let again = try container.tryResolve(Resource.self, name: "generic")
        #expect((again === resource) == (scope != .transient && scope != .graph))
        container.dispose()
        let held = scope == .singleton || scope == .cached("session")
        let afterBuilds =
            again === resource ? ["then 1 r", "then 2 r"] : ["then 1 r", "then 2 r", "then 1 r", "then 2 r"]
        #expect(log.all == afterBuilds + (held ? ["dispose r", "dispose hook 1 r", "dispose hook 2 r"] : []))
    }
}

/// Registers `make` for `Service` the way an app's generic helper does: the registration's
/// hooks are then added where `Service` is not known.
private func registerNamed<Service>(
    _ type: Service.Type, scope: Scope, in container: Container, make: @escaping @Sendable () -> Service
) -> Registration<Service> {
    container.register(type, name: "generic", scope: scope) { _ in make() }
}
