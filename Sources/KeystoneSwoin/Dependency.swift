import Keystone

/// A declaration inside `Module { … }`: what ``single``, ``factory`` and ``weak`` make, and
/// what `.bind` and `.then` return.
///
/// A module calls ``register(_:)`` on each of its dependencies once, when it is made.
public protocol Dependency {
    /// The name that tells apart dependencies of the same type, if any.
    var name: String? { get }
    /// How long an instance lives.
    var cacheType: CacheType { get }

    /// Adds this dependency to `module`.
    func register(_ module: Module)

    /// Makes the instance resolvable as `type` too, by a cast; the bound type shares the
    /// name and cache type. A cast that does not hold is reported, with its resolution path,
    /// when the bound type is resolved.
    func bind<NewType>(_ type: NewType.Type) -> Dependency
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
        hooks: [@Sendable (T) -> Void] = []
    ) {
        self.name = name
        self.cacheType = cacheType
        self.file = file
        self.line = line
        self.make = make
        self.hooks = hooks
    }

    /// Adds this dependency to `module`, replacing one of the same type and name.
    public func register(_ module: Module) {
        module.register(T.self, named: name, cacheType: cacheType, file: file, line: line, factory: make, hooks: hooks)
    }

    /// Makes the instance resolvable as `type` too, by a cast (a protocol it conforms to, a
    /// superclass). The bound type shares the name and cache type.
    public func bind<NewType>(_ type: NewType.Type) -> Dependency {
        BoundDependency<T, NewType>(root: self, bindings: [Binding(NewType.self, converter: nil)])
    }

    /// Makes the instance resolvable as `newType` too, converted by `converter`. The bound
    /// type shares the name and cache type: a `single`'s conversion is made once.
    public func bind<NewType>(
        _ newType: NewType.Type,
        _ converter: @escaping @Sendable (T) -> NewType
    ) -> BoundDependency<T, NewType> {
        BoundDependency(root: self, bindings: [Binding(NewType.self, converter: converter)])
    }

    /// Runs `closure` on every new instance, right after the factory made it.
    ///
    /// `get()` inside the closure resolves from the same resolution, and resolving this
    /// dependency there returns the new instance: the way to complete a circular reference.
    public func then(_ closure: @escaping @Sendable (T) -> Void) -> ResolvableDependency<T> {
        ResolvableDependency(
            named: name, cacheType: cacheType, file: file, line: line, make: make, hooks: hooks + [closure])
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
    public func bind<NewType>(_ type: NewType.Type) -> Dependency {
        BoundDependency<ExistingType, NewType>(root: root, bindings: bindings + [Binding(NewType.self, converter: nil)])
    }

    /// Makes the instance resolvable as `type` too, converted by `converter` from the
    /// original declaration's instance.
    public func bind<NewType>(
        _ type: NewType.Type,
        _ converter: @escaping @Sendable (ExistingType) -> NewType
    ) -> BoundDependency<ExistingType, NewType> {
        BoundDependency<ExistingType, NewType>(
            root: root, bindings: bindings + [Binding(NewType.self, converter: converter)])
    }

    /// Runs `closure` on every new instance of the original declaration, right after the
    /// factory made it; the bound types stay bound (Swoin dropped them here).
    public func then(_ closure: @escaping @Sendable (ExistingType) -> Void) -> Dependency {
        BoundDependency(root: root.then(closure), bindings: bindings)
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
