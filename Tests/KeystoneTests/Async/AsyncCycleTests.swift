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
