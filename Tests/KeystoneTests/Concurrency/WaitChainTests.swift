import Dispatch
import Foundation
import Testing

@testable import Keystone

/// Waits that chain from child containers into their parent: a resolution that waits for a
/// child's singleton whose builder waits for the parent's, while the parent's build fails and
/// its waiters claim it again. The deadlock check that a wait begins with follows the chain and
/// reads who builds the parent's singleton, which those waiters write: these tests race the two
/// (run under ThreadSanitizer in CI).
@Suite("Waits that chain from child containers into their parent")
struct WaitChainTests {
    final class Shared: Sendable {}
    final class Middle: Sendable {
        let shared: Shared
        init(shared: Shared) { self.shared = shared }
    }
    struct Refused: Error {}

    @Test("A wait's deadlock check through a parent's build runs beside the waiters that claim it again")
    func checkBesideReclaims() throws {
        for _ in 0..<1_000 {
            let parent = Container()
            let left = Container(parent: parent)
            let right = Container(parent: parent)
            let attempts = Counter()
            // The threads about to wait: the first build of the parent's singleton fails once
            // they have arrived, so that its waiters wake and one of them claims it again.
            let waiting = Gate(expected: 3)
            parent.register(Shared.self, scope: .singleton) { _ in
                if attempts.increment() == 1 {
                    waiting.waitForAll(limit: 100_000)
                    throw Refused()
                }
                return Shared()
            }
            // A child's singleton whose build waits for the parent's: the chain.
            left.register(Middle.self, scope: .singleton) { r in try Middle(shared: r.resolve()) }
            let middles = ResultBox<Middle>()
            onThreads(5) { index in
                switch index {
                case 0:
                    _ = try? left.tryResolve(Shared.self)
                case 1, 2:
                    waiting.arrive()
                    _ = try? right.tryResolve(Shared.self)
                case 3:
                    waiting.arrive()
                    middles.append(try? left.tryResolve(Middle.self))
                default:
                    // Waits for the middle build, after checking the chain through it.
                    middles.append(try? left.tryResolve(Middle.self))
                }
            }
            // Whatever failed, the parent's singleton is built once and shared from then on.
            let shared = try right.tryResolve(Shared.self)
            #expect(try left.tryResolve(Shared.self) === shared)
            #expect(try left.tryResolve(Middle.self).shared === shared)
            #expect(middles.all.compactMap { $0 }.allSatisfy { $0.shared === shared })
            #expect(attempts.value >= 2)
        }
    }
}
