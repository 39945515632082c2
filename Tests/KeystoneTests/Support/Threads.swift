import Dispatch
import Foundation

@testable import Keystone

/// Opens when `expected` parties have arrived, so that a test can make threads overlap
/// without sleeping. Waiting is bounded: after `limit` spins the gate opens anyway and the
/// test's own assertions decide.
final class Gate: @unchecked Sendable {  // `lock` guards `arrived`.
    private let lock = Lock()
    private var arrived = 0
    let expected: Int

    init(expected: Int) { self.expected = expected }

    func arrive() {
        lock.withLock { arrived += 1 }
    }

    /// Spins (yielding the processor) until `expected` parties arrived.
    func waitForAll(limit: Int = 50_000_000) {
        var spins = 0
        while lock.withLock({ arrived < expected }) && spins < limit {
            spins += 1
            yieldProcessor()
        }
    }
}

#if canImport(Glibc)
    import Glibc
    func yieldProcessor() { sched_yield() }
#elseif canImport(Darwin)
    import Darwin
    func yieldProcessor() { sched_yield() }
#endif

/// Runs `body` on `threads` new threads at once and returns when all are done.
///
/// Each call gets a thread of its own (unlike `DispatchQueue.concurrentPerform`, which runs
/// only as many at once as there are cores), so a test can make more threads overlap than
/// the machine has cores.
func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchGroup()
    for index in 0..<threads {
        done.enter()
        let thread = Thread {
            body(index)
            done.leave()
        }
        thread.start()
    }
    done.wait()
}

/// Runs `body` on a thread of its own and returns whether it finished within ten seconds: how
/// a test of a would-be deadlock fails instead of hanging the run. A thread that did not
/// finish is left behind, still waiting.
func finishesOnAnotherThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        finished.signal()
    }
    thread.start()
    return finished.wait(timeout: .now() + 10) == .success
}

/// Collects values from several threads.
final class ResultBox<Value>: @unchecked Sendable {  // `lock` guards `values`.
    private let lock = Lock()
    private var values: [Value?] = []

    func append(_ value: Value?) {
        lock.withLock { values.append(value) }
    }

    var all: [Value?] { lock.withLock { values } }
}
