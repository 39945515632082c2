import CKeystoneThreadPrimitives
import Dispatch

/// Whether the calling code runs on the main actor, asked without trapping: what a
/// synchronous resolve of a main-actor registration checks before it builds.
///
/// The standard library offers only `MainActor.assumeIsolated`, which traps. Two public facts
/// answer instead, each sufficient:
///
/// * **The main queue.** The main actor's jobs run on the main dispatch queue. On Linux, once
///   `dispatchMain()` has started (in every async `main`, and in the test runner), the queue
///   is drained by a worker thread rather than the main thread, so the thread alone would say
///   no. The queue carries a marker that only code running on it can read.
/// * **The main thread.** Synchronous code on the main thread, before the main queue is
///   drained (top-level code, a synchronous `main`), is main-actor code too, as the runtime
///   sees it.
enum MainActorContext {
    /// Whether the calling code runs on the main actor. The main-thread half is read from the
    /// thread's record (see `keystone_on_main_thread`), set once when the thread took it, not
    /// asked of the system each time.
    static var isCurrent: Bool {
        keystone_on_main_thread() || DispatchQueue.getSpecific(key: marker.key) == true
    }

    /// Marks the main queue. Called by `registerMainActor`, so that the queue is marked before
    /// anything main-actor is resolved; the first use marks it in any case.
    static func prepare() {
        _ = marker
    }

    /// The key of the main queue's marker, set once.
    private static let marker = MainQueueMarker()
}

/// The key that marks the main dispatch queue.
///
/// `@unchecked Sendable`: `key` is set in `init` and never changes; a `DispatchSpecificKey` is
/// an identity with no state of its own, and dispatch synchronises the queue's specifics.
private final class MainQueueMarker: @unchecked Sendable {
    let key = DispatchSpecificKey<Bool>()

    init() {
        DispatchQueue.main.setSpecific(key: key, value: true)
    }
}
