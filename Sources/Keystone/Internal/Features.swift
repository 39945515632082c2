/// The state of the features built on the core container: contributions to collections
/// (``Container/contribute(_:name:scope:file:line:factory:)``), loaded modules
/// (``Container/load(_:)-([Module])``) and the first-use hook (``AutoRegistering``).
///
/// Kept apart from the registry so that none of it is on the resolve path: a resolve never
/// reads it, `resolveAll`, `load` and `unload` do.
///
/// `@unchecked Sendable`: `collections` is guarded by `lock`.
final class Features: @unchecked Sendable {
    let lock = Lock()
    /// Per collection (service type, name, argument types), its contributions in the order
    /// they were made.
    var collections: [RegistryKey: [Contribution]] = [:]
}

/// One contribution to a collection: the slot of its registration, and the object whose
/// identity makes that slot's key unique (kept alive so that the identity is never reused).
struct Contribution {
    let token: ContributionToken
    let slot: Slot
}

/// An object whose only purpose is a unique `ObjectIdentifier` for a contribution's key.
final class ContributionToken: Sendable {}
