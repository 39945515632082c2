import Testing

@testable import Keystone

/// Cycles in async builds follow the synchronous rules: `.then` closes a circular reference,
/// and builds that await each other across tasks are reported, however deep the wait starts.
extension AsyncFactoryTests {
    final class HookedOne: @unchecked Sendable {  // `lock` guards `two`.
        private let lock = Lock()
        private var storedTwo: HookedTwo?
        var two: HookedTwo? {
            get { lock.withLock { storedTwo } }
            set { lock.withLock { storedTwo = newValue } }
        }
    }
    final class HookedTwo: Sendable {
        let one: HookedOne
        init(one: HookedOne) { self.one = one }
    }
    final class OuterSingleton: Sendable {
        let middle: MiddleTransient
        init(middle: MiddleTransient) { self.middle = middle }
    }
    final class MiddleTransient: Sendable {
        let inner: InnerSingleton
        init(inner: InnerSingleton) { self.inner = inner }
    }
    final class InnerSingleton: Sendable {
        let outer: OuterSingleton
        init(outer: OuterSingleton) { self.outer = outer }
    }
    final class LeftSingleton: Sendable {
        let bridge: Bridge
        init(bridge: Bridge) { self.bridge = bridge }
    }
    final class RightSingleton: Sendable {
        let bridge: Bridge
        init(bridge: Bridge) { self.bridge = bridge }
    }
    /// A transient that resolves the singleton its argument names.
    final class Bridge: Sendable {
        let other: any Sendable
        init(other: any Sendable) { self.other = other }
    }

    @Test("then closes a circular reference in an async build, as in a synchronous one")
    func thenClosesACycleInAnAsyncBuild() async throws {
        let container = Container()
        container.register(HookedOne.self, scope: .singleton) { _ async in HookedOne() }
            .then { r, one in one.two = try await r.resolve() }
        container.register(HookedTwo.self) { r async throws in try await HookedTwo(one: r.resolve()) }

        let one: HookedOne = try await container.resolveAsync()

        #expect(one.two?.one === one)
        #expect(try await container.resolveAsync(HookedOne.self) === one)
        one.two = nil  // the two point at each other; let them go (LeakSanitizer checks)
    }

    @Test("Two tasks whose singleton builds await each other through a transient get a cycle error")
    func crossTaskCycleThroughATransient() async throws {
        let started = Counter()
        let container = Container()
        container.register(OuterSingleton.self, scope: .singleton) { r async throws in
            started.increment()
            await yield(until: { started.value == 2 })
            return try await OuterSingleton(middle: r.resolve())
        }
        container.register(MiddleTransient.self, scope: .transient) { r async throws in
            try await MiddleTransient(inner: r.resolve())
        }
        container.register(InnerSingleton.self, scope: .singleton) { r async throws in
            started.increment()
            await yield(until: { started.value == 2 })
            return try await InnerSingleton(outer: r.resolve())
        }

        let outer = Task { await failureKind { try await container.resolveAsync(OuterSingleton.self) } }
        let inner = Task { await failureKind { try await container.resolveAsync(InnerSingleton.self) } }
        // Bounded, in unstructured tasks: a deadlock is a failure here, not a hung test run.
        let kinds = await value(of: Task { [await outer.value, await inner.value] }, orNilAfterSeconds: 60)

        #expect(kinds == [.cycle, .cycle])
    }
}

extension AsyncFactoryTests {
    /// Both waits start in builds of the same transient registration, two of them in flight at
    /// once: a record kept per registration being built would let the second overwrite the
    /// first, and the chain that closes the cycle would be lost (each task would await the
    /// other forever).
    @Test("Two tasks whose singleton builds await each other through one transient registration get a cycle error")
    func crossTaskCycleThroughOneTransient() async throws {
        let started = Counter()
        let container = Container()
        container.register(LeftSingleton.self, scope: .singleton) { r async throws in
            started.increment()
            await yield(until: { started.value == 2 })
            return try await LeftSingleton(bridge: r.resolve(arguments: "right"))
        }
        container.register(RightSingleton.self, scope: .singleton) { r async throws in
            started.increment()
            await yield(until: { started.value == 2 })
            return try await RightSingleton(bridge: r.resolve(arguments: "left"))
        }
        container.register(Bridge.self, scope: .transient) { (r, target: String) async throws in
            if target == "left" {
                return try await Bridge(other: r.resolve(LeftSingleton.self))
            }
            return try await Bridge(other: r.resolve(RightSingleton.self))
        }

        let left = Task { await failureKind { try await container.resolveAsync(LeftSingleton.self) } }
        let right = Task { await failureKind { try await container.resolveAsync(RightSingleton.self) } }
        // Bounded, in unstructured tasks: a deadlock is a failure here, not a hung test run.
        let kinds = await value(of: Task { [await left.value, await right.value] }, orNilAfterSeconds: 60)

        #expect(kinds == [.cycle, .cycle])
    }
}

/// The value of `task`, or nil if it has not finished after `seconds`: how a test of a
/// would-be deadlock fails instead of hanging the run (the task is left behind).
func value<T: Sendable>(of task: Task<T, Never>, orNilAfterSeconds seconds: UInt64) async -> T? {
    let outcome = Outcome<T>()
    return await withCheckedContinuation { continuation in
        outcome.onFirst = continuation
        Task { outcome.finish(with: await task.value) }
        Task {
            try? await Task.sleep(nanoseconds: seconds * 1_000_000_000)
            outcome.finish(with: nil)
        }
    }
}

/// Resumes a continuation once, with whichever result comes first.
private final class Outcome<T: Sendable>: @unchecked Sendable {  // `lock` guards `onFirst`.
    private let lock = Lock()
    private var continuation: CheckedContinuation<T?, Never>?

    var onFirst: CheckedContinuation<T?, Never>? {
        get { lock.withLock { continuation } }
        set { lock.withLock { continuation = newValue } }
    }

    func finish(with value: T?) {
        let first: CheckedContinuation<T?, Never>? = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        first?.resume(returning: value)
    }
}
