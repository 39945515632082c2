/// Where a key is registered, seen from a container: the lookup rule that every way of
/// resolving follows (synchronous, async, main-actor, optional fallback, copies).
///
/// The rule: the container's own registrations first, then each parent's in turn. A slot
/// whose registration was removed by `Container.unload` is simply not registered there, and
/// the lookup goes on to the parent; a slot emptied by `dispose()` ends the lookup with
/// ``disposed``. What happens on a miss (the first-use hook, then the optional fallback) is
/// the caller's next step, in the same order on every path: see
/// `ResolutionContext.resolve(_:in:name:argumentTypes:arguments:)` and
/// `AsyncResolver.resolve(_:name:arguments:)`.
enum Lookup {
    /// `entry` is registered in `owner` (the container itself or one of its parents).
    case found(AnyEntry, owner: Container)
    /// The container that has the key was disposed.
    case disposed
    /// Nothing on the way registers the key.
    case missing
}

extension Container {
    /// Looks `key` up here, then in the parents, by the rule of ``Lookup``.
    func lookUp(_ key: RegistryKey) -> Lookup {
        // Up the parents by recursion, each borrowed from the child before it: a variable
        // that walks them took a reference to each (a retain and a release, slow ones for a
        // container that something holds weakly).
        if let slot = registry.slot(for: key) {
            if let entry = slot.lock.withLock({ slot.entry }) { return .found(entry, owner: self) }
            if lifecycle.isDisposed { return .disposed }
        }
        guard let parent else { return .missing }
        return parent.lookUp(key)
    }
}
