import CKeystoneThreadPrimitives

/// A container's lifetime state: whether it is disposed, which slots hold an instance,
/// oldest first (the order to dispose them in reverse), and which keys were registered again.
///
/// Each container has its own: registering, `reset`, `dispose` and `unload` in one container
/// never wait for another container.
///
/// The state lives in the container's registry, so that a container is two allocations, not
/// three (a server makes one per request): the lock, its wait condition and the disposed flag
/// (``Words``) are part of the registry's own words (``RegistryWords``), and the list of held
/// slots and the replacements (``State``) are a stored property of the registry. A `Lifecycle`
/// is the view of that state that a container works with (`Container.lifecycle`), made for one
/// operation and never kept.
///
/// The list of held slots (its two ends and each listed slot's `heldLinks`), `replacements` and
/// writes of the disposed flag are guarded by `lock`; the flag is read without it (a ``Flag``).
/// The same lock orders the claims and stores of shared builds (see ``BuildCoordinator``),
/// whose waiters wait on `builds`. Lock order: `lock`, then ``BuildCoordinator/waitGraph``,
/// then a slot's lock.
struct Lifecycle {
    /// The words that are addressed atomically: part of the registry's own words.
    struct Words {
        var builds = ConditionLock.Words()
        var disposed = Flag.Word()
    }

    /// What the lock guards besides the flag: the registry's `lifecycleState`.
    struct State {
        /// The slots whose registrations hold an instance, oldest first, for `dispose` (which
        /// disposes them newest first): a list threaded through the slots themselves
        /// (``Slot/heldLinks``), unretained (the registry owns every slot for as long as the
        /// container lives), so that holding an instance allocates nothing for the list.
        var oldestHeld: Unmanaged<Slot>?
        var newestHeld: Unmanaged<Slot>?
        /// Registrations that replaced another of the same key in this container, for
        /// `verify()`: one record per key, however often it was registered again, so that
        /// re-registering in a loop (tests swapping fakes) does not grow memory.
        var replacements: [RegistryKey: Replacement] = [:]
    }

    /// The registry that keeps the state. Unretained: a `Lifecycle` is made from a container
    /// that its caller holds, for the length of one operation.
    private unowned(unsafe) let registry: Registry

    @inline(__always)
    init(_ registry: Registry) {
        self.registry = registry
    }

    /// The container's lock, with the condition that waiters for its shared builds wait on.
    @inline(__always)
    var builds: ConditionLock {
        ConditionLock(registry.lifecycleWords.pointer(to: \.builds)!)
    }

    @inline(__always)
    var lock: WordLock { builds.lock }

    private var disposed: Flag {
        Flag(registry.lifecycleWords.pointer(to: \.disposed)!)
    }

    var isDisposed: Bool { disposed.isSet }

    /// Called with `lock` held.
    func markDisposed() { disposed.set(true) }

    /// Lists `slot`, whose registration now holds an instance, as the newest, unless it is
    /// listed already. Called with `lock` held.
    func hold(_ slot: Slot) {
        guard !slot.heldLinks.isListed else { return }
        slot.heldLinks = HeldLinks(older: registry.lifecycleState.newestHeld, newer: nil, isListed: true)
        let unmanaged = Unmanaged.passUnretained(slot)
        if let newestHeld = registry.lifecycleState.newestHeld {
            newestHeld._withUnsafeGuaranteedRef { $0.heldLinks.newer = unmanaged }
        } else {
            registry.lifecycleState.oldestHeld = unmanaged
        }
        registry.lifecycleState.newestHeld = unmanaged
    }

    /// Takes `slot` off the list, if it is on it. Called with `lock` held.
    func forget(_ slot: Slot) {
        guard slot.heldLinks.isListed else { return }
        let links = slot.heldLinks
        if let older = links.older {
            older._withUnsafeGuaranteedRef { $0.heldLinks.newer = links.newer }
        } else {
            registry.lifecycleState.oldestHeld = links.newer
        }
        if let newer = links.newer {
            newer._withUnsafeGuaranteedRef { $0.heldLinks.older = links.older }
        } else {
            registry.lifecycleState.newestHeld = links.older
        }
        slot.heldLinks = HeldLinks()
    }

    /// Calls `body` with each listed slot, oldest first, and takes off the list those for
    /// which it returns true. Called with `lock` held.
    func removeHeld(where body: (Slot) -> Bool) {
        var next = registry.lifecycleState.oldestHeld
        while let current = next {
            let slot = current.takeUnretainedValue()
            next = slot.heldLinks.newer
            if body(slot) { forget(slot) }
        }
    }

    /// Notes that `entry` replaced `old` (same key). Called with `lock` held.
    func recordReplacement(of old: AnyEntry, by entry: AnyEntry) {
        if var known = registry.lifecycleState.replacements[old.key] {
            known.second = entry.location
            known.count += 1
            registry.lifecycleState.replacements[old.key] = known
        } else {
            registry.lifecycleState.replacements[old.key] = Replacement(
                first: old, second: entry, order: registry.lifecycleState.replacements.count)
        }
    }

    /// The replacements so far, in the order their keys were first replaced.
    var replacementsSoFar: [Replacement] {
        lock.withLock { registry.lifecycleState.replacements.values.sorted { $0.order < $1.order } }
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
