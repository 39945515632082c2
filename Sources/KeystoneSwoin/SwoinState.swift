import Foundation
import Keystone

/// What a ``Swoin`` knows beyond its container: its logger, its loaded modules, and which
/// module's Keystone registration answers for each type and name. For the global Swoin, also
/// whether it is started, or which Swoin was assigned in its place.
///
/// `@unchecked Sendable`: every `var` below is read and written with `lock` held; `loading`
/// (taken before `lock`, never after) serialises whole loads and unloads. `loading` is
/// recursive because unloading disposes instances, and a `dispose()` may load a module.
final class SwoinState: @unchecked Sendable {
    private let lock = NSLock()
    private let loading = NSRecursiveLock()

    private var _logger: @Sendable (String) -> Void = Swoin.emptyLogger
    /// The loaded modules, oldest first.
    private var modules: [Module] = []
    /// For each type and name, the module whose declaration is registered, and its Keystone
    /// module: what to unload when another module overrides it. Keystone's registration query
    /// says whether something answers for a key, not which Swoin module (or which of its
    /// Keystone modules) registered it, so this stays; the query decides whether an unload
    /// hands the key back to an earlier module (``unload(_:from:)``).
    private var installed: [EntryKey: (module: ObjectIdentifier, keystone: Keystone.Module)] = [:]
    /// Global only: whether `startSwoin` ran (and `stopSwoin` did not since).
    private var started = false
    /// Global only: a Swoin with a container of its own assigned to `Swoin.global`.
    private var _assigned: Swoin?
    /// The Swoin over this state, while someone holds it (so that `Swoin.global` is the same
    /// object each time).
    private weak var _view: Swoin?

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    var logger: @Sendable (String) -> Void {
        get { locked { _logger } }
        set { locked { _logger = newValue } }
    }

    var assigned: Swoin? { locked { _assigned } }

    // MARK: - Loading

    func load(_ module: Module, into container: Container) {
        loading.lock()
        defer { loading.unlock() }
        locked {
            modules.removeAll { $0 === module }
            modules.append(module)
        }
        for entry in module.allEntries {
            install(entry, of: module, in: container)
        }
    }

    /// Unloads `module`, and lets the latest module still loaded answer again for each key
    /// it answered for, unless Keystone's registration query finds a registration made since
    /// with Keystone's own API answering for it in `container`: that one stays.
    func unload(_ module: Module, from container: Container) {
        loading.lock()
        defer { loading.unlock() }
        let (removed, remaining) = locked { () -> ([EntryKey: Keystone.Module], [Module]) in
            guard modules.contains(where: { $0 === module }) else { return ([:], modules) }
            modules.removeAll { $0 === module }
            var removed: [EntryKey: Keystone.Module] = [:]
            for (key, current) in installed where current.module == ObjectIdentifier(module) {
                removed[key] = current.keystone
                installed[key] = nil
            }
            return (removed, modules)
        }
        for (key, keystone) in removed {
            container.unload(keystone)
            // A registration made since with Keystone's own API replaced the module's and
            // stays: it answers, as the container says, and an earlier module's would conflict.
            if module.entry(for: key)?.isRegistered(in: container) == true { continue }
            // The latest module still loaded that declares the key answers again.
            for earlier in remaining.reversed() {
                if let entry = earlier.entry(for: key) {
                    install(entry, of: earlier, in: container)
                    break
                }
            }
        }
    }

    /// Registers `entry` of `module`, in place of what answers for its key now. Called with
    /// `loading` held. The key is unregistered for the moment between the two.
    private func install(_ entry: ModuleEntry, of module: Module, in container: Container) {
        if let previous = locked({ installed[entry.key] }) {
            container.unload(previous.keystone)
        }
        do {
            try container.load(entry.keystone)
        } catch {
            fatalError("Swoin: cannot load \(module): \(error)")
        }
        locked { installed[entry.key] = (ObjectIdentifier(module), entry.keystone) }
    }

    /// Unloads every module, newest first.
    private func unloadAll(from container: Container) {
        loading.lock()
        defer { loading.unlock() }
        while let last = locked({ modules.last }) {
            unload(last, from: container)
        }
    }

    // MARK: - The global Swoin

    /// The Swoin over this state and `container`, made if no one holds the previous one.
    func view(over container: Container) -> Swoin {
        locked {
            if let view = _view { return view }
            let view = Swoin(container: container, state: self)
            _view = view
            return view
        }
    }

    /// What `Swoin.global` is.
    func global(over container: Container) -> Swoin? {
        if let assigned { return assigned }
        return locked { started } ? view(over: container) : nil
    }

    /// Marks the global Swoin started; false if it was already (or one was assigned).
    func markStarted() -> Bool {
        locked {
            guard !started, _assigned == nil else { return false }
            started = true
            return true
        }
    }

    /// `Swoin.global = swoin`.
    func assignGlobal(_ swoin: Swoin, over container: Container) {
        locked {
            if swoin.state === self {
                started = true
                _assigned = nil
            } else {
                _assigned = swoin
                SwoinGlobal.noteAssigned()
            }
        }
    }

    /// `stopSwoin()`: forgets an assigned Swoin, unloads the modules and the logger.
    func stop(over container: Container) {
        let wasStarted = locked {
            _assigned = nil
            defer { started = false }
            return started
        }
        guard wasStarted else { return }
        unloadAll(from: container)
        locked { _logger = Swoin.emptyLogger }
        if container.logger is SwoinLogger { container.logger = nil }
    }
}

/// The global Swoin of each `Container.shared`: a table from container to state, holding each
/// container weakly (a test's container goes away when the test ends; its entry with it).
enum SwoinGlobal {
    private struct Entry {
        weak var container: Container?
        let state: SwoinState
    }

    private static let table = Locked<[ObjectIdentifier: Entry]>([:])

    /// Whether a Swoin with a container of its own was ever assigned to `Swoin.global`: until
    /// then, the Swoin `get()` uses outside a factory is the one over `Container.shared`, so
    /// `get()` resolves from `Container.shared` without looking its state up.
    private static let everAssigned = Locked(false)

    /// Notes that a Swoin with a container of its own was assigned to `Swoin.global`.
    static func noteAssigned() {
        everAssigned.withLock { $0 = true }
    }

    /// The container `get()` resolves from outside a factory: that of ``Swoin/current``.
    static var currentContainer: Container {
        everAssigned.withLock { $0 } ? Swoin.current.container : Container.shared
    }

    /// The container `startSwoin` is building the global Swoin over, while its builder runs.
    @TaskLocal static var starting: Container?

    /// The state of the global Swoin of `container`, made on first use.
    static func state(for container: Container) -> SwoinState {
        table.withLock { table in
            let id = ObjectIdentifier(container)
            if let entry = table[id], entry.container === container { return entry.state }
            table = table.filter { $0.value.container != nil }
            let state = SwoinState()
            table[id] = Entry(container: container, state: state)
            return state
        }
    }
}
