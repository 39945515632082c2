/// Loading and unloading modules.
///
/// ## Decisions
///
/// * **Conflicts are errors.** Loading registers every declaration of the modules, or none:
///   if two declarations (in the modules being loaded, or one of them and a registration the
///   container already has) would register the same service type, name and arguments, `load`
///   throws a ``ModuleError`` naming every such key and all its registration sites, and the
///   container is left as it was. Overriding is what child containers are for.
/// * **Contributions add up.** `contribute` declarations never conflict; a collection gets
///   them in load order.
/// * **Unloading ends lifetimes.** `unload` removes the module's registrations; the instances
///   they hold (`.singleton`, `.cached`) are released and, if ``Disposable``, disposed, newest
///   first, as ``Container/reset(_:)`` does. Resolving one of its services afterwards fails
///   as not registered (or finds the parent's registration).
/// * **Concurrency.** `load` and `unload` of one container are serialised; resolves may run
///   at the same time and see each registration either before or after, never half made. A
///   plain `register` racing with a `load` of the same key is not detected as a conflict
///   (the later one wins, as `register` always does).
extension Container {
    /// Loads modules: registers all their declarations, or none.
    ///
    /// ```swift
    /// try container.load(appModule, thingModule)
    /// ```
    ///
    /// - Throws: ``ModuleError`` if two declarations register the same key, or a module is
    ///   already loaded here; nothing is registered then.
    public func load(_ modules: Module...) throws(ModuleError) {
        try load(modules)
    }

    /// Loads modules: registers all their declarations, or none.
    ///
    /// - Throws: ``ModuleError`` if two declarations register the same key, or a module is
    ///   already loaded here; nothing is registered then.
    public func load(_ modules: [Module]) throws(ModuleError) {
        // Before taking the module lock: the hook may load modules itself.
        firstUse?.runIfPending(for: self)
        try features.moduleLock.withLock { () throws(ModuleError) in
            try checkCanLoad(modules)
            for module in modules {
                var installed: [(slot: Slot, generation: UInt)] = []
                for item in module.items {
                    for slot in item.install(self) {
                        if let entry = slot.lock.withLock({ slot.entry }) { installed.append((slot, entry.generation)) }
                    }
                }
                features.modules[ObjectIdentifier(module.identity)] = LoadedModule(
                    identity: module.identity, installed: installed)
            }
        }
    }

    /// Unloads modules: removes their registrations, and releases and disposes the instances
    /// those held, newest first. Modules that are not loaded here are ignored.
    public func unload(_ modules: Module...) {
        unload(modules)
    }

    /// Unloads modules: removes their registrations, and releases and disposes the instances
    /// those held, newest first. Modules that are not loaded here are ignored.
    ///
    /// The container keeps nothing of what it removes: a long-lived container that loads and
    /// unloads modules (one per tenant, say, each with names made at run time) stays the size
    /// its loaded modules make it.
    public func unload(_ modules: [Module]) {
        // The registrations removed, retired once every lock is released: what a factory
        // captured may be deinitialised with them, and a `deinit` may use this container.
        var removedEntries: [AnyEntry] = []
        defer { RetiredEntries.retire(removedEntries, from: registry) }
        let disposals: Disposals = features.moduleLock.withLock {
            let loaded = modules.compactMap { features.modules.removeValue(forKey: ObjectIdentifier($0.identity)) }
            let installed = loaded.flatMap(\.installed)
            guard !installed.isEmpty else { return Disposals() }
            let removed = Set(installed.map { ObjectIdentifier($0.slot) })
            features.lock.withLock {
                for (key, contributions) in features.collections {
                    let kept = contributions.filter { !removed.contains(ObjectIdentifier($0.slot)) }
                    // A collection left empty goes too: with a name made at run time (one per
                    // tenant, say), its key would otherwise stay for good.
                    features.collections[key] = kept.isEmpty ? nil : kept
                }
            }
            return lifecycle.lock.withLock {
                var disposalBySlot: [ObjectIdentifier: Disposal] = [:]
                var emptied: [Slot] = []
                for (slot, generation) in installed {
                    slot.lock.withLock {
                        guard let entry = slot.entry, entry.generation == generation else { return }
                        slot.entry = nil
                        removedEntries.append(entry)
                        emptied.append(slot)
                        if let disposal = entry.takeHeldInstance() { disposalBySlot[ObjectIdentifier(slot)] = disposal }
                    }
                }
                // The emptied slots go too (their memory once no reader can be using them: see
                // `reclaim` below).
                for slot in emptied { registry.remove(slot) }
                // Dispose in the order the instances were made, reversed (newest first).
                var ordered = Disposals()
                lifecycle.removeHeld { slot in
                    guard let disposal = disposalBySlot[ObjectIdentifier(slot)] else { return false }
                    ordered.append(disposal)
                    return true
                }
                return ordered
            }
        }
        disposals.run()
        registry.reclaim()
    }

    /// Loads modules into ``Container/shared``, as the app starts, with a logger if given.
    ///
    /// ```swift
    /// try Container.start(logger: PrintLogger()) {
    ///     appModule
    ///     thingModule
    /// }
    /// ```
    ///
    /// The same as setting `Container.shared.logger` (when `logger` is not nil) and then
    /// `try Container.shared.load(…)`, written as a list: Swoin's `startSwoin { …; logger(…) }`.
    /// The logger is set first, so that it sees the modules' registrations.
    ///
    /// - Parameters:
    ///   - logger: The logger for ``Container/shared``; nil leaves its logger as it is.
    ///   - modules: The modules to load.
    /// - Throws: ``ModuleError`` if two declarations register the same key, or a module is
    ///   already loaded; nothing is registered then.
    public static func start(
        logger: (any ContainerLogger)? = nil,
        @ModuleListBuilder _ modules: () -> [Module]
    ) throws(ModuleError) {
        if let logger { shared.logger = logger }
        try shared.load(modules())
    }

    /// Throws if loading `modules` would register a key twice. Called with `moduleLock` held.
    private func checkCanLoad(_ modules: [Module]) throws(ModuleError) {
        var seen = Set<ObjectIdentifier>()
        for module in modules {
            let identity = ObjectIdentifier(module.identity)
            if features.modules[identity] != nil || !seen.insert(identity).inserted {
                throw ModuleError(kind: .alreadyLoaded, conflicts: [])
            }
        }
        var sites: [RegistryKey: (declared: DeclaredKey, at: [String])] = [:]
        var order: [RegistryKey] = []
        for item in modules.flatMap(\.items) {
            for declared in item.keys {
                if sites[declared.key] == nil {
                    order.append(declared.key)
                    var at: [String] = []
                    if let slot = registry.slot(for: declared.key), let existing = slot.lock.withLock({ slot.entry }) {
                        at.append(existing.location.description)
                    }
                    sites[declared.key] = (declared, at)
                }
                sites[declared.key]?.at.append(declared.location.description)
            }
        }
        let conflicts = order.compactMap { key -> ModuleError.Conflict? in
            guard let site = sites[key], site.at.count > 1 else { return nil }
            return ModuleError.Conflict(
                service: Failure.typeName(site.declared.service),
                name: site.declared.name?.rawValue,
                registeredAt: site.at
            )
        }
        if !conflicts.isEmpty {
            throw ModuleError(kind: .duplicateRegistration, conflicts: conflicts)
        }
    }
}
