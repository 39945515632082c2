import Testing

@testable import Keystone

/// The lock-free read of a built instance: the builder publishes the instance's box with an
/// ordered store, and a reader that loads it with an ordered load sees the instance as its
/// factory left it. These tests race a build against readers that take only the lock-free read
/// (no lock that would order them otherwise), for ThreadSanitizer, which reports the reader's
/// read of the factory's writes when either side is weakened to relaxed: the reader's load
/// (`keystone_load_sequential`, which also reads the registry's tables and slots) or the
/// writer's unpublish and publish (`keystone_unpublish`, `keystone_publish`). Both were tried.
@Suite("Publication ordering")
struct PublicationOrderingTests {
    /// An instance whose field its factory writes, for a reader on another thread to read.
    /// `@unchecked Sendable`: `value` is written once, in `init`, before the instance is
    /// published; the test is that every reader sees that write.
    final class Written: @unchecked Sendable {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    private static let key = RegistryKey(Written.self, name: nil, arguments: Void.self)

    @Test("A thread that finds a published instance sees what its factory wrote")
    func readerSeesTheFactorysWrites() {
        for round in 1...100 {
            let container = Container()
            container.register(Written.self, scope: .singleton) { _ in Written(round) }
            // Built and withdrawn once, so that the slot's published word exists before the
            // race: made on the first publication, it is published with an ordering of its
            // own, which would order the readers after the build by itself.
            _ = container.resolve(Written.self)
            container.reset(.singleton)
            let seen = ResultBox<Int>()
            onThreads(3) { index in
                guard index > 0 else {
                    _ = container.resolve(Written.self)  // builds, then publishes
                    return
                }
                // Only the lock-free read: a lock taken here would order the read after the
                // build by itself.
                for _ in 0..<50_000_000 {
                    if let box = container.registry.publishedInstance(for: Self.key).box {
                        seen.append(InstanceBox<Written>.copy(box).value)
                        return
                    }
                    yieldProcessor()
                }
                seen.append(nil)
            }
            #expect(seen.all == [round, round])
        }
    }
}
