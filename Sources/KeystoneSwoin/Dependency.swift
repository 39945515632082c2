import Keystone

/// A declaration inside `Module { … }`: what ``single``, ``factory`` and ``weak`` make, and
/// what `.bind` and `.then` return.
///
/// A module calls ``register(_:)`` on each of its dependencies once, when it is made.
///
/// A type of the app's own conforms with ``name``, ``cacheType`` and ``register(_:)``, as
/// since Swoin 0.0.3; its `register(_:)` registers declarations it holds, such as a `single`.
public protocol Dependency {
    /// The name that tells apart dependencies of the same type, if any.
    var name: String? { get }
    /// How long an instance lives.
    var cacheType: CacheType { get }

    /// Adds this dependency to `module`.
    func register(_ module: Module)
}

extension Dependency {
    /// Makes the instance resolvable as `type` too, by a cast: Swoin 0.0.2's `bind` of any
    /// dependency, for a value typed `Dependency`. The bound type shares the name and cache
    /// type. A cast that does not hold is reported, with its resolution path, when the bound
    /// type is resolved.
    ///
    /// Only a declaration (`single`, `factory`, `weak`, and what `.bind` and `.then` return)
    /// knows the type to bind from: on a dependency of the app's own this traps, where Swoin
    /// 0.0.3 and later do not compile it.
    public func bind<NewType>(_ type: NewType.Type) -> Dependency {
        guard let declaration = self as? any Rebindable else {
            fatalError(
                "Swoin: `\(Swift.type(of: self))` cannot be bound to `\(NewType.self)`: only a declaration (single, factory, weak, or what .bind and .then return) knows the type to bind from. To fix, call .bind on the declaration."
            )
        }
        return declaration.rebind(NewType.self)
    }
}

/// A declaration that ``Dependency/bind(_:)`` can bind more types to.
protocol Rebindable {
    func rebind<NewType>(_ type: NewType.Type) -> Dependency
}

/// Traps, as Swoin does, when `NewType` is a type the declaration already resolves as.
func checkBinding<NewType>(_ type: NewType.Type, existing: Any.Type, bound: Any.Type?) {
    if NewType.self == existing {
        fatalError(
            "Swoin: cannot bind `\(NewType.self)` to itself: the declaration already resolves as `\(existing)`. To fix, remove this .bind."
        )
    }
    if let bound, NewType.self == bound {
        fatalError(
            "Swoin: the declaration of `\(existing)` is already bound to `\(NewType.self)`. To fix, remove the second .bind(\(NewType.self).self)."
        )
    }
}

/// A dependency built by a factory closure: the common base of ``single``, ``factory`` and
/// ``weak``.
///
/// Inside the factory, `get()` resolves the instance's own dependencies as part of the
/// resolution in progress, so a cycle is reported with its path rather than overflowing the
/// stack.
public class ResolvableDependency<T>: Dependency {
    /// The name that tells apart dependencies of the same type, if any.
    public let name: String?
    /// How long an instance lives.
    public let cacheType: CacheType
    let make: @Sendable () -> T
    let hooks: [@Sendable (T) -> Void]
    /// Types bound before a `.then` that made this dependency: they stay bound.
    let bindings: [Binding<T>]
    let file: StaticString
    let line: UInt

    /// Builds an instance and runs the `.then` hooks on it, as resolving it does.
    public var factory: @Sendable () -> T {
        let make = self.make
        let hooks = self.hooks
        return {
            let instance = make()
            for hook in hooks { hook(instance) }
            return instance
        }
    }

    init(
        named name: String?,
        cacheType: CacheType,
        file: StaticString,
        line: UInt,
        make: @escaping @Sendable () -> T,
        hooks: [@Sendable (T) -> Void] = [],
        bindings: [Binding<T>] = []
    ) {
        self.name = name
        self.cacheType = cacheType
        self.file = file
        self.line = line
        self.make = make
        self.hooks = hooks
        self.bindings = bindings
    }

    /// Adds this dependency to `module`, replacing one of the same type and name.
    public func register(_ module: Module) {
        module.register(T.self, named: name, cacheType: cacheType, file: file, line: line, factory: make, hooks: hooks)
        for binding in bindings {
            binding.register(module, name, cacheType, file, line)
        }
    }

    /// Makes the instance resolvable as `type` too, by a cast (a protocol it conforms to, a
    /// superclass). The bound type shares the name and cache type.
    ///
    /// Binding the declaration's own type traps, as in Swoin.
    public func bind<NewType>(_ type: NewType.Type) -> BoundDependency<T, NewType> {
        checkBinding(NewType.self, existing: T.self, bound: nil)
        return BoundDependency(root: self, bindings: [Binding(NewType.self, converter: nil)])
    }

    /// Makes the instance resolvable as `newType` too, converted by `converter`. The bound
    /// type shares the name and cache type: a `single`'s conversion is made once.
    ///
    /// Binding the declaration's own type traps, as in Swoin.
    public func bind<NewType>(
        _ newType: NewType.Type,
        _ converter: @escaping @Sendable (T) -> NewType
    ) -> BoundDependency<T, NewType> {
        checkBinding(NewType.self, existing: T.self, bound: nil)
        return BoundDependency(root: self, bindings: [Binding(NewType.self, converter: converter)])
    }

    /// Runs `closure` on every new instance, right after the factory made it.
    ///
    /// `get()` inside the closure resolves from the same resolution, and resolving this
    /// dependency there returns the new instance: the way to complete a circular reference.
    public func then(_ closure: @escaping @Sendable (T) -> Void) -> ResolvableDependency<T> {
        ResolvableDependency(
            named: name, cacheType: cacheType, file: file, line: line, make: make, hooks: hooks + [closure],
            bindings: bindings)
    }
}

extension ResolvableDependency: Rebindable {
    func rebind<NewType>(_ type: NewType.Type) -> Dependency {
        bind(NewType.self)
    }
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
// Lowercase, as in Swoin: it reads as a declaration function.
/// Declares a dependency made once, for as long as its module stays loaded: a singleton
/// (Keystone's `.singleton`).
///
/// ```swift
/// single { CustomNavigationController() }
///     .bind(UINavigationController.self)
/// ```
public final class single<T>: ResolvableDependency<T> {
    /// Declares a singleton.
    ///
    /// - Parameters:
    ///   - type: The type it resolves as; inferred from the factory when omitted.
    ///   - name: Tells apart dependencies of the same type.
    ///   - file: Where it is declared; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where it is declared; Keystone's diagnostics name it. Leave the default.
    ///   - factory: Builds the instance; call `get()` inside for its dependencies.
    public init(
        _ type: T.Type = T.self,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () -> T
    ) {
        super.init(named: name, cacheType: .single, file: file, line: line, make: factory)
    }
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
// Lowercase, as in Swoin: it reads as a declaration function.
/// Declares a dependency made anew on every resolve (Keystone's `.transient`).
///
/// ```swift
/// factory { Thing() }
/// ```
public final class factory<T>: ResolvableDependency<T> {
    /// Declares a dependency made on every resolve.
    ///
    /// - Parameters:
    ///   - type: The type it resolves as; inferred from the factory when omitted.
    ///   - name: Tells apart dependencies of the same type.
    ///   - file: Where it is declared; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where it is declared; Keystone's diagnostics name it. Leave the default.
    ///   - factory: Builds an instance; call `get()` inside for its dependencies.
    public init(
        _ type: T.Type = T.self,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () -> T
    ) {
        super.init(named: name, cacheType: .factory, file: file, line: line, make: factory)
    }
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
// Lowercase, as in Swoin: it reads as a declaration function.
/// Declares a dependency that is made again once no one else holds the previous instance
/// strongly (Keystone's `.weak`). The instance must be a class.
///
/// ```swift
/// weak { HomeViewModel(input: get(), output: get()) }
/// ```
public final class weak<T>: ResolvableDependency<T> {
    /// Declares a weakly held dependency.
    ///
    /// - Parameters:
    ///   - type: The type it resolves as; inferred from the factory when omitted.
    ///   - name: Tells apart dependencies of the same type.
    ///   - file: Where it is declared; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where it is declared; Keystone's diagnostics name it. Leave the default.
    ///   - factory: Builds the instance; call `get()` inside for its dependencies.
    public init(
        _ type: T.Type = T.self,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () -> T
    ) {
        super.init(named: name, cacheType: .weak, file: file, line: line, make: factory)
    }
}

/// A dependency with more types bound to it: what `.bind(_:_:)` returns. Chain more `.bind`s,
/// or a `.then`.
///
/// ```swift
/// weak(named: "TestSubject") { PublishSubject<Void>() }
///     .bind(Observable<Void>.self) { $0.asObservable() }
///     .bind(AnyObserver<Void>.self) { $0.asObserver() }
/// ```
///
/// Every converter receives the instance of the original declaration (`ExistingType`).
public class BoundDependency<ExistingType, AdditionalType>: Dependency {
    let root: ResolvableDependency<ExistingType>
    let bindings: [Binding<ExistingType>]

    init(root: ResolvableDependency<ExistingType>, bindings: [Binding<ExistingType>]) {
        self.root = root
        self.bindings = bindings
    }

    /// The name of the original declaration, which the bound types share.
    public var name: String? { root.name }
    /// The cache type of the original declaration, which the bound types share.
    public var cacheType: CacheType { root.cacheType }

    /// Adds the original declaration and every bound type to `module`.
    public func register(_ module: Module) {
        root.register(module)
        for binding in bindings {
            binding.register(module, root.name, root.cacheType, root.file, root.line)
        }
    }

    /// Makes the instance resolvable as `type` too, by a cast.
    ///
    /// Binding the original declaration's type, or `AdditionalType` again, traps, as in Swoin.
    public func bind<NewType>(_ type: NewType.Type) -> BoundDependency<ExistingType, NewType> {
        checkBinding(NewType.self, existing: ExistingType.self, bound: AdditionalType.self)
        return BoundDependency<ExistingType, NewType>(
            root: root, bindings: bindings + [Binding(NewType.self, converter: nil)])
    }

    /// Makes the instance resolvable as `type` too, converted by `converter` from the
    /// original declaration's instance.
    ///
    /// Binding the original declaration's type, or `AdditionalType` again, traps, as in Swoin.
    public func bind<NewType>(
        _ type: NewType.Type,
        _ converter: @escaping @Sendable (ExistingType) -> NewType
    ) -> BoundDependency<ExistingType, NewType> {
        checkBinding(NewType.self, existing: ExistingType.self, bound: AdditionalType.self)
        return BoundDependency<ExistingType, NewType>(
            root: root, bindings: bindings + [Binding(NewType.self, converter: converter)])
    }

    /// Runs `closure` on every new instance of the original declaration, right after the
    /// factory made it, and returns that declaration with the hook, as Swoin 0.0.3 and later
    /// do: its public ``ResolvableDependency/factory`` builds an instance and runs the hooks.
    /// The bound types stay bound (Swoin dropped them here).
    public func then(_ closure: @escaping @Sendable (ExistingType) -> Void) -> ResolvableDependency<ExistingType> {
        let hooked = root.then(closure)
        return ResolvableDependency(
            named: hooked.name, cacheType: hooked.cacheType, file: hooked.file, line: hooked.line, make: hooked.make,
            hooks: hooked.hooks, bindings: hooked.bindings + bindings)
    }
}

extension BoundDependency: Rebindable {
    func rebind<NewType>(_ type: NewType.Type) -> Dependency {
        bind(NewType.self)
    }
}

/// One type bound to a declaration of `Existing`, with its type erased.
struct Binding<Existing> {
    let register: (Module, String?, CacheType, StaticString, UInt) -> Void

    init<NewType>(_ type: NewType.Type, converter: (@Sendable (Existing) -> NewType)?) {
        register = { module, name, cacheType, file, line in
            module.bind(
                additionalType: NewType.self, to: Existing.self, named: name, cacheType: cacheType, file: file,
                line: line, converter: converter)
        }
    }
}
