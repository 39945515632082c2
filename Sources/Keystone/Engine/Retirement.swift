import CKeystoneThreadPrimitives

/// Registrations taken out of their slots (by a re-registration, a registration's `then` or
/// `onDispose`, `unload` or `dispose`), kept until no resolution that may still use them runs.
///
/// A synchronous resolution's lookups (the top-level one, ``Registry/probeForResolve(_:)``,
/// made just before the resolution starts, and its nested ones, ``Resolver/probe(for:)``) use
/// the registration they find without taking a reference to it: on a graph of four that was
/// about a hundred instructions per nested resolve, a retain, a release and the code around
/// them. What keeps
/// such a registration alive instead is this list: whoever takes one out of its slot hands it
/// here, and it is released only once every thread runs no resolution, or one that began after
/// it was taken out. Only the resolutions of the registration's family of containers (a root
/// and its descendants) count: one container's resolutions never delay another's releases.
/// The protocol, and why it is safe, is in `KeystoneThreadPrimitives.h` ("Retired
/// registrations").
///
/// Most registrations are retired while nothing resolves (an app's set-up, a test swapping a
/// fake, a request's child container disposed): one scan of the threads' records finds none
/// resolving in their family, and they are released at once, in ``retire(_:from:)``, as
/// before. One retired while another thread resolves in its family waits on the list for that
/// resolution to end, which reclaims it (``reclaim()``).
///
/// `@unchecked Sendable`: `waiting` is guarded by `lock`.
final class RetiredEntries: @unchecked Sendable {
    /// The process's list.
    static let shared = RetiredEntries()

    private let lock = Lock()
    /// The registrations not yet released, each with the epoch it was retired at.
    private var waiting: [(entry: AnyEntry, epoch: UInt64, family: UInt16)] = []

    private init() {}

    /// Takes over `entries`, just taken out of their slots in `registry` (with no slot lock
    /// held now): releases them once no resolution of its family may use them, at once if none
    /// runs.
    static func retire(_ entries: consuming [AnyEntry], from registry: Registry) {
        guard !entries.isEmpty else { return }
        // Nothing of this family resolves: whatever took one of them before it was taken out
        // has ended (see "Retired registrations": the scan follows the removal).
        if keystone_resolving_oldest(registry.family) == .max { return }
        shared.retire(entries, family: registry.family)
    }

    /// ``retire(_:from:)`` of one registration, if there is one.
    static func retire(_ entry: consuming AnyEntry?, from registry: Registry) {
        guard let entry else { return }
        if keystone_resolving_oldest(registry.family) == .max { return }
        shared.retire([entry], family: registry.family)
    }

    /// Releases the registrations that no running resolution may use: called when a
    /// resolution ends after the epoch moved (`keystone_set_current_resolution` says so).
    static func reclaim() {
        shared.reclaim()
    }

    /// Ends this thread's resolutions for good, for a thread that never runs again (one that
    /// verification parks when a factory traps or crashes on it): it uses none of the
    /// registrations its frames still point to, so they need not wait for it. Only an atomic
    /// store, so that a signal handler may call it.
    static func leaveForGood() {
        _ = keystone_set_current_resolution(nil)
    }

    /// Whether a registration waiting to be released is `object`, or keeps it (its slot), for
    /// tests that check what a container lets go of.
    static func holds(_ object: AnyObject) -> Bool {
        shared.lock.withLock { shared.waiting.contains { $0.entry === object || $0.entry.slot === object } }
    }

    /// How many registrations of `serviceType` wait to be released (for tests).
    static func waiting(of serviceType: Any.Type) -> Int {
        shared.lock.withLock { shared.waiting.count { $0.entry.serviceType == serviceType } }
    }

    private func retire(_ entries: [AnyEntry], family: UInt16) {
        lock.withLock {
            // The bump under the lock: a resolution that sees it and then takes the lock finds
            // these registrations here (see "Retired registrations").
            let epoch = keystone_retire_epoch()
            waiting.reserveCapacity(waiting.count + entries.count)
            for entry in entries { waiting.append((entry, epoch, family)) }
        }
        reclaim()
    }

    private func reclaim() {
        // Released after the lock: a registration's `deinit` releases what its factory
        // captured, whose own `deinit` may use a container, and so retire again.
        let released: [AnyEntry] = lock.withLock {
            guard !waiting.isEmpty else { return [] }
            // Scanned under the lock, so after the bump of every registration on the list;
            // once per family on it.
            var oldest: [UInt16: UInt64] = [:]
            var released: [AnyEntry] = []
            waiting.removeAll { record in
                let limit: UInt64
                if let scanned = oldest[record.family] {
                    limit = scanned
                } else {
                    limit = keystone_resolving_oldest(record.family)
                    oldest[record.family] = limit
                }
                guard record.epoch <= limit else { return false }
                released.append(record.entry)
                return true
            }
            return released
        }
        withExtendedLifetime(released) {}
    }
}
