import CKeystoneThreadPrimitives

/// A container's lifetime state: whether it is disposed, which slots hold an instance,
/// oldest first (the order to dispose them in reverse), and which keys were registered again.
///
/// Each container has its own: registering, `reset`, `dispose` and `unload` in one container
/// never wait for another container.
///
/// `@unchecked Sendable`: the list of held slots (its two ends and each listed slot's
/// `heldLinks`), `replacements` and writes of the disposed flag are guarded by `lock`; the flag
/// is read with an acquire load. The same lock orders the claims and stores
/// of shared builds (see ``BuildCoordinator``), whose waiters wait on `builds`. Lock order:
/// `lock`, then ``BuildCoordinator/waitGraph``, then a slot's lock.
final class Lifecycle: @unchecked Sendable {
    /// The lock's and the disposed flag's storage, only reached through their address, so that
    /// a container allocates nothing for them (see ``firstStoredProperty(of:as:)``).
    private struct Words {
        var builds = ConditionLock.Words()
        var disposed = false
    }

    private var words = Words()
    /// The container's lock, with the condition that waiters for its shared builds wait on.
    var builds: ConditionLock {
        ConditionLock(
            (UnsafeMutableRawPointer(firstStoredProperty(of: self, as: Words.self))
                + MemoryLayout<Words>.offset(of: \.builds)!).assumingMemoryBound(to: ConditionLock.Words.self)
        )
    }
    var lock: WordLock { builds.lock }
    /// The slots whose registrations hold an instance, oldest first, for `dispose` (which
    /// disposes them newest first): a list threaded through the slots themselves
    /// (``Slot/heldLinks``), unretained (the registry owns every slot for as long as the
    /// container lives), so that holding an instance allocates nothing for the list. Guarded
    /// by `lock`, which already excludes overlapping accesses, so the dynamic exclusivity check
    /// is off.
    @exclusivity(unchecked) private var oldestHeld: Unmanaged<Slot>?
    @exclusivity(unchecked) private var newestHeld: Unmanaged<Slot>?
    /// Registrations that replaced another of the same key in this container, for `verify()`:
    /// one record per key, however often it was registered again, so that re-registering in
    /// a loop (tests swapping fakes) does not grow memory.
    private var replacements: [RegistryKey: Replacement] = [:]
    private var disposed: UnsafeMutablePointer<Bool> {
        (UnsafeMutableRawPointer(firstStoredProperty(of: self, as: Words.self))
            + MemoryLayout<Words>.offset(of: \.disposed)!).assumingMemoryBound(to: Bool.self)
    }

    init() {
        builds.initialize()
        withUnsafePointer(to: &words) { assertFirstStoredProperty(of: self, at: $0, "words") }
    }

    deinit {
        builds.destroy()
    }

    var isDisposed: Bool { keystone_load_flag(disposed) }

    /// Called with `lock` held.
    func markDisposed() { keystone_store_flag(disposed, true) }

    /// Lists `slot`, whose registration now holds an instance, as the newest, unless it is
    /// listed already. Called with `lock` held.
    func hold(_ slot: Slot) {
        guard !slot.heldLinks.isListed else { return }
        slot.heldLinks = HeldLinks(older: newestHeld, newer: nil, isListed: true)
        let unmanaged = Unmanaged.passUnretained(slot)
        if let newestHeld {
            newestHeld._withUnsafeGuaranteedRef { $0.heldLinks.newer = unmanaged }
        } else {
            oldestHeld = unmanaged
        }
        newestHeld = unmanaged
    }

    /// Takes `slot` off the list, if it is on it. Called with `lock` held.
    func forget(_ slot: Slot) {
        guard slot.heldLinks.isListed else { return }
        let links = slot.heldLinks
        if let older = links.older {
            older._withUnsafeGuaranteedRef { $0.heldLinks.newer = links.newer }
        } else {
            oldestHeld = links.newer
        }
        if let newer = links.newer {
            newer._withUnsafeGuaranteedRef { $0.heldLinks.older = links.older }
        } else {
            newestHeld = links.older
        }
        slot.heldLinks = HeldLinks()
    }

    /// Calls `body` with each listed slot, oldest first, and takes off the list those for
    /// which it returns true. Called with `lock` held.
    func removeHeld(where body: (Slot) -> Bool) {
        var next = oldestHeld
        while let current = next {
            let slot = current.takeUnretainedValue()
            next = slot.heldLinks.newer
            if body(slot) { forget(slot) }
        }
    }

    /// Notes that `entry` replaced `old` (same key). Called with `lock` held.
    func recordReplacement(of old: AnyEntry, by entry: AnyEntry) {
        if var known = replacements[old.key] {
            known.second = entry.location
            known.count += 1
            replacements[old.key] = known
        } else {
            replacements[old.key] = Replacement(first: old, second: entry, order: replacements.count)
        }
    }

    /// The replacements so far, in the order their keys were first replaced.
    var replacementsSoFar: [Replacement] {
        lock.withLock { replacements.values.sorted { $0.order < $1.order } }
    }
}

/// Two registrations of one key in one container: the one made at `second` replaced the one
/// made at `first` (after `count - 1` others in between). Keeps only what a report shows, so
/// that a replaced factory is freed.
struct Replacement {
    let service: Any.Type
    let name: Name?
    let argumentTypes: Any.Type
    let first: SourceLocation
    var second: SourceLocation
    /// How many times the key was registered again.
    var count = 1
    /// When the key was first replaced, to list replacements in that order.
    let order: Int

    init(first: AnyEntry, second: AnyEntry, order: Int) {
        service = first.serviceType
        name = first.name
        argumentTypes = first.argumentTypes
        self.first = first.location
        self.second = second.location
        self.order = order
    }
}

/// A slot's links in its container's list of slots that hold an instance (see ``Lifecycle``):
/// the slots listed just before and just after it, and whether it is listed at all.
struct HeldLinks {
    var older: Unmanaged<Slot>?
    var newer: Unmanaged<Slot>?
    var isListed = false
}
