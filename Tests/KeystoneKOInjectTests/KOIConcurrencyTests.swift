import Foundation
import KeystoneKOInject
import Testing

// KOInject's container was not thread-safe; this one is. These tests race threads (run them
// under ThreadSanitizer): bounded iterations, no sleeping.

@Suite("KOIContainer from many threads")
struct KOIConcurrencyTests {
    @Test("Concurrent first resolves of a shared registration build it exactly once")
    func sharedOnce() {
        let container = KOIContainer()
        let builds = Counter()
        container.register(forType: Service.self) { _ in
            builds.increment()
            return Original()
        }
        let seen = Identities()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let object: Service? = container.resolve()
            seen.insert(object)
        }
        #expect(builds.value == 1)
        #expect(seen.count == 1)
    }

    @Test("Registering, resolving and disposing at once neither crashes nor races")
    func mixed() {
        let container = KOIContainer()
        DispatchQueue.concurrentPerform(iterations: 60) { index in
            switch index % 3 {
            case 0: container.register(forType: Service.self, scope: .separate) { _ in Original() }
            case 1:
                let object: Service? = container.resolve()
                _ = object
            default: if index % 15 == 2 { container.dispose() }
            }
        }
        container.register(forType: Service.self) { _ in Replacement() }
        let object: Service? = container.resolve()
        #expect(object is Replacement)
    }

    @Test("A lazy resolver used from many threads")
    func lazyResolver() {
        let container = KOIContainer()
        container.register(forType: Service.self) { _ in Original() }
        let shared = LazyBox(KOILazyResolver(resolver: container, forType: Service.self))
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            if index % 2 == 0 { shared.lazy.resolve() } else { shared.lazy.dispose() }
            _ = shared.lazy.object
        }
        shared.lazy.resolve()
        #expect(shared.lazy.object is Original)
    }
}

/// The distinct objects seen, from any thread.
final class Identities: @unchecked Sendable {
    // `@unchecked Sendable`: `identities` is read and written with `lock` held.
    private let lock = NSLock()
    private var identities: Set<ObjectIdentifier> = []

    func insert(_ object: AnyObject?) {
        guard let object else { return }
        lock.withLock { _ = identities.insert(ObjectIdentifier(object)) }
    }

    var count: Int { lock.withLock { identities.count } }
}

/// Hands a lazy resolver to several threads. KOILazyResolver guards its state with a lock but,
/// like KOInject's, is not declared `Sendable` (its resolver and arguments may not be).
final class LazyBox: @unchecked Sendable {
    // `@unchecked Sendable`: `lazy` is immutable, and KOILazyResolver's state is guarded by its
    // own lock.
    let lazy: KOILazyResolver<Service>

    init(_ lazy: KOILazyResolver<Service>) {
        self.lazy = lazy
    }
}
