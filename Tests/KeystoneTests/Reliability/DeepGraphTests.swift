import Foundation
import Keystone
import Testing

/// A link of a chain: each level resolves the next by name.
private final class ChainLevel: Sendable {
    let next: ChainLevel?
    init(next: ChainLevel?) { self.next = next }
}

/// How deep a graph can go is decided by the stack each level of it takes: a nested resolve
/// is a few frames of Keystone's between two factories. These tests run in the build the
/// test command makes, a debug build, whose frames are the largest.
@Suite("Deep graphs")
struct DeepGraphTests {
    @Test("A chain of 80 services resolves and verifies on a thread with a 512 KiB stack")
    func deepChainOnSmallStack() async {
        // 512 KiB is the stack of a secondary thread on Apple platforms. A child process, so
        // that a stack overflow fails this test instead of ending the run.
        await #expect(processExitsWith: .success) {
            let depth = 80
            let container = Container()
            for level in 0..<depth {
                container.register(ChainLevel.self, name: Name("level-\(level)"), scope: .transient) { r in
                    level == depth - 1
                        ? ChainLevel(next: nil)
                        : ChainLevel(next: try r.resolve(ChainLevel.self, name: Name("level-\(level + 1)")))
                }
            }
            // The thread ends the process with the outcome; this one waits for that.
            let thread = Thread {
                var length = 0
                var link: ChainLevel? = container.resolve(ChainLevel.self, name: "level-0")
                while let current = link {
                    length += 1
                    link = current.next
                }
                exit(length == depth && container.verify().isValid ? 0 : 1)
            }
            thread.stackSize = 512 * 1024
            thread.start()
            DispatchSemaphore(value: 0).wait()
        }
    }
}
