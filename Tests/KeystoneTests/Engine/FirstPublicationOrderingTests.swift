import Testing

@testable import Keystone

/// State made on first need by whichever thread needs it first (a container's features: its
/// collections, modules and logger; its weak reference for async resolvers) is published with a
/// compare-and-exchange (`keystone_replace_if`, in ``PublishedObject``), and read without a
/// lock. A thread that finds it must see it as its
/// maker initialised it, and every thread must get the one that won. These tests race first
/// uses on fresh containers, for ThreadSanitizer, which reports a reader's read of the maker's
/// initialisation when the exchange or the reader's load is weakened to relaxed. Both were
/// tried.
@Suite("First publication ordering")
struct FirstPublicationOrderingTests {
    @Test("Threads racing to make a container's features all get the one made first, initialised")
    func racingFirstUsesShareOneFeatures() {
        raceFirstUses {
            ObjectIdentifier($0.features)
        } use: { container in
            let features = container.features
            // Reads what the maker's initialiser wrote: the lock's storage, then the logger
            // under it.
            let hasLogger = features.lock.withLock { features.logger != nil }
            return hasLogger ? nil : ObjectIdentifier(features)
        }
    }

    @Test("Threads racing to make a container's weak reference all get the one made first")
    func racingFirstUsesShareOneWeakReference() {
        raceFirstUses {
            ObjectIdentifier($0.weakReference)
        } use: { container in
            let reference = container.weakReference
            // Reads what the maker's initialiser wrote: the weak reference to the container.
            return reference.container === container ? ObjectIdentifier(reference) : nil
        }
    }

    /// Runs `use` on three threads at once, on each of 200 fresh containers, and expects every
    /// thread to have found the object `made` finds afterwards (`use` answers nil for an
    /// object it found wrong).
    private func raceFirstUses(
        made: (Container) -> ObjectIdentifier,
        use: @escaping @Sendable (Container) -> ObjectIdentifier?
    ) {
        for _ in 1...200 {
            let container = Container()
            let seen = ResultBox<ObjectIdentifier>()
            onThreads(3) { _ in seen.append(use(container)) }
            let all = seen.all
            #expect(all.count == 3)
            #expect(all.allSatisfy { $0 != nil && $0 == made(container) })
        }
    }
}
