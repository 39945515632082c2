import Keystone

/// A group of dependencies, loaded into a ``Swoin`` (and its Keystone container) together and
/// unloaded the same way.
///
/// ```swift
/// let thingModule = Module {
///     factory { Thing() }
///
///     single { ThingFetcher(thing: get()) }
///         .bind(IntFetcher.self)
///         .bind(StringFetcher.self)
/// }
/// ```
///
/// Declaring a module registers nothing. Loading it (``startSwoin(builder:)``,
/// `Swoin.load(_:)`) registers each of its dependencies in the Swoin's Keystone
/// ``Swoin/container``, one Keystone module per type and name; unloading removes them and
/// releases what they held. When two loaded modules declare the same type and name, the one
/// loaded last answers, and the earlier one answers again once the later one is unloaded.
///
/// Two declarations of the same type and name in one module: the later one wins. A module is
/// a ``SwoinComponent``, as since Swoin 0.0.4: its `get()` resolves from ``Swoin/global``.
public final class Module: SwoinParameter, SwoinComponent, Sendable {
    /// The dependencies, keyed by type and name, in the order first declared.
    private let entries = Locked<(order: [EntryKey], byKey: [EntryKey: ModuleEntry])>(([], [:]))

    init() {}

    /// Declares a module.
    ///
    /// - Parameter builder: The dependencies: `single { … }`, `factory { … }`, `weak { … }`,
    ///   refined with `.bind` and `.then`.
    public convenience init(@ModuleBuilder builder: () -> [Dependency]) {
        self.init()
        for dependency in builder() {
            dependency.register(self)
        }
    }

    /// Declares a module of one dependency.
    public convenience init(_ dependency: Dependency) {
        self.init()
        dependency.register(self)
    }

    /// Loads this module into `swoin`: what listing it in ``startSwoin(builder:)`` does.
    public func register(swoin: Swoin) {
        swoin.load(self)
    }

    // MARK: - Declaring

    /// Adds a dependency built by `factory`, replacing one of the same type and name.
    func register<T>(
        _ type: T.Type,
        named name: String?,
        cacheType: CacheType,
        file: StaticString,
        line: UInt,
        factory: @escaping @Sendable () -> T,
        hooks: [@Sendable (T) -> Void]
    ) {
        var declaration = Keystone.scoped(cacheType.scope, T.self, name: Name.swoin(name), file: file, line: line) {
            SwoinResolution.run(factory)
        }
        for hook in hooks {
            declaration = declaration.then { instance in SwoinResolution.run { hook(instance) } }
        }
        let made = declaration
        add(ModuleEntry(T.self, named: name, cacheType: cacheType, keystone: Keystone.Module { made }))
    }

    /// Adds `AdditionalType`, resolved by resolving `ExistingType` (with the same name) and
    /// converting it; a cast when `converter` is nil.
    ///
    /// A `single` binding converts once and keeps the result, as Swoin did. A `factory` or
    /// `weak` binding converts on every resolve: the conversion of a weakly held instance may
    /// be a value (RxSwift's `AnyObserver` is a struct), which nothing could hold weakly.
    func bind<ExistingType, AdditionalType>(
        additionalType: AdditionalType.Type,
        to existingType: ExistingType.Type,
        named name: String?,
        cacheType: CacheType,
        file: StaticString,
        line: UInt,
        converter: (@Sendable (ExistingType) -> AdditionalType)?
    ) {
        // Binding the declared type itself would make it resolve through itself.
        guard AdditionalType.self != ExistingType.self else { return }
        let keystoneName = Name.swoin(name)
        let scope: Scope = cacheType == .single ? .singleton : .transient
        let declaration = Keystone.scoped(scope, AdditionalType.self, name: keystoneName, file: file, line: line) {
            let instance = try Keystone.get(ExistingType.self, name: keystoneName)
            guard let converter else {
                guard let cast = instance as? AdditionalType else {
                    throw SwoinCastFailure(instance: Swift.type(of: instance as Any), target: AdditionalType.self)
                }
                return cast
            }
            return SwoinResolution.run { converter(instance) }
        }
        add(
            ModuleEntry(
                AdditionalType.self, named: name, cacheType: cacheType, keystone: Keystone.Module { declaration }))
    }

    private func add(_ entry: ModuleEntry) {
        entries.withLock { entries in
            if entries.byKey.updateValue(entry, forKey: entry.key) == nil {
                entries.order.append(entry.key)
            }
        }
    }

    // MARK: - Reading

    /// The dependencies, in the order first declared.
    var allEntries: [ModuleEntry] {
        entries.withLock { entries in entries.order.compactMap { entries.byKey[$0] } }
    }

    /// The dependency of `key`, if this module declares it.
    func entry(for key: EntryKey) -> ModuleEntry? {
        entries.withLock { $0.byKey[key] }
    }

    /// The cache type of the dependency of type `T` and `name`, if this module declares it.
    func cacheType<T>(of type: T.Type, named name: String? = nil) -> CacheType? {
        entry(for: EntryKey(T.self, name: name))?.cacheType
    }
}

/// Declares a module: the same as `Module { … }`.
public func module(@ModuleBuilder builder: () -> [Dependency]) -> Module {
    Module(builder: builder)
}

/// Builds the dependency list of a ``Module``; a ``SwoinComponent``, as since Swoin 0.0.4.
@resultBuilder
public enum ModuleBuilder: SwoinComponent {
    /// The dependencies in order.
    public static func buildBlock(_ dependencies: Dependency...) -> [Dependency] {
        dependencies
    }
}
