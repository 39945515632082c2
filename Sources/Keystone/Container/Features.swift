/// The state of the features built on the core container: contributions to collections
/// (``Container/contribute(_:name:scope:file:line:factory:)-(_,_,_,_,_,(Resolver)->Service)``), loaded modules
/// (`Container.load(_:)`) and the logger.
///
/// Kept apart from the registry so that none of it is on the resolve path: a resolve never
/// reads it, `resolveAll`, `load` and `unload` do. Made on first need (`Container.features`),
/// so that a container that uses none of them, such as a request's, allocates nothing for
/// them.
///
/// `@unchecked Sendable`: `collections` and `logger` are guarded by `lock`, `modules` by
/// `moduleLock` (so `collections`, read by every `resolveAll`, skips the run-time exclusivity
/// check).
final class Features: @unchecked Sendable {
    let lock = Lock()
    /// Per collection (service type, name, argument types), its contributions in the order
    /// they were made.
    @exclusivity(unchecked) var collections: [RegistryKey: [Contribution]] = [:]
    /// The container's logger (`Container.logger`). Guarded by `lock`; the registry's logging
    /// word says, without a lock, whether there is one.
    var logger: (any ContainerLogger)?

    /// Serialises `load` and `unload`, and guards `modules`. Taken before (never while
    /// holding) `lock` and the build coordinator's lock.
    let moduleLock = Lock()
    /// The modules loaded in this container, by module identity.
    var modules: [ObjectIdentifier: LoadedModule] = [:]
}

/// One contribution to a collection: the slot of its registration, and the object whose
/// identity makes that slot's key unique (kept alive so that the identity is never reused).
struct Contribution {
    let token: ContributionToken
    let slot: Slot
}

/// An object whose only purpose is a unique `ObjectIdentifier` for a contribution's key.
final class ContributionToken: Sendable {}

/// What loading a module installed, so that unloading removes exactly that.
struct LoadedModule {
    /// Kept alive so that its `ObjectIdentifier`, the key of `Features.modules`, is never
    /// reused by a new module while this one is loaded.
    let identity: ModuleIdentity
    /// Each slot the module filled, with the generation of the registration it put there:
    /// unloading empties a slot only if it still holds that registration, refined or not (a
    /// later `register` of the same key replaced it otherwise, and stays).
    let installed: [(slot: Slot, generation: UInt)]
}
