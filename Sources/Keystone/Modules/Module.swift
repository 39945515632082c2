/// A group of registrations declared together, loaded into a container as one unit and
/// unloaded the same way: a feature, a layer, a test double set.
///
/// ```swift
/// let thingModule = Module {
///     transient { Thing() }
///
///     singleton { try ThingFetcher(thing: get()) }
///         .bind(IntFetcher.self)
///         .bind(StringFetcher.self)
///
///     weak(name: "TestSubject") { Subject() }
///         .bind(Observable.self) { $0.asObservable() }
/// }
///
/// try container.load(appModule, thingModule)
/// ```
///
/// Each declaration is a registration in Keystone's own words: the function is the scope
/// (``singleton(_:name:file:line:_:)``, ``transient(_:name:file:line:_:)``,
/// ``weak(_:name:file:line:_:)``, ``graph(_:name:file:line:_:)``, or
/// ``scoped(_:_:name:file:line:_:)`` for any other, such as a `.cached` scope), the closure
/// is the factory, and ``get(_:name:arguments:)`` inside it resolves from the resolution in
/// progress. ``Declaration/bind(_:file:line:)``, ``Declaration/then(_:)`` and
/// ``Declaration/onDispose(_:)`` refine it as ``Registration`` does for `register`.
/// ``contribute(_:name:scope:file:line:_:)`` adds to a collection that
/// ``Container/resolveAll(_:name:arguments:file:line:)`` returns.
///
/// A module is a value: declaring it registers nothing. `Container.load(_:)`
/// registers its declarations in a container, `Container.unload(_:)` removes
/// them again. A module is identified by the `Module { … }` expression that made it (copies
/// of the value are the same module), so the same module can be loaded into several
/// containers, and unloaded from each. A module listed inside another contributes its
/// declarations to it: load one or the other, not both (the keys would conflict).
public struct Module: Sendable {
    let identity: ModuleIdentity
    let items: [ModuleItem]

    /// Declares a module.
    ///
    /// - Parameter content: The declarations: `singleton { … }`, `transient { … }`,
    ///   `weak { … }`, `graph { … }`, `scoped(…) { … }`, `contribute(…) { … }`, other
    ///   modules to include, and `if`/`for` around them.
    public init(@ModuleBuilder _ content: () -> [ModuleItem]) {
        self.identity = ModuleIdentity()
        self.items = content()
    }
}

/// The identity of a module: the object made by its `Module { … }` expression.
final class ModuleIdentity: Sendable {}

/// One declaration of a module, with its type erased; made by the module builder from a
/// ``Declaration``. Opaque: it only exists to carry declarations into ``Module/init(_:)``.
public struct ModuleItem: Sendable {
    /// The keys the declaration registers (its own and those of its `bind`s), with how to
    /// name each in a conflict report. Empty for a contribution, which never conflicts.
    let keys: [DeclaredKey]
    /// Registers the declaration in a container and returns what it installed.
    let install: @Sendable (Container) -> [Slot]
}

/// A key a declaration will register, and where.
struct DeclaredKey: Sendable {
    let key: RegistryKey
    let service: Any.Type
    let name: Name?
    let location: SourceLocation
}

/// Builds the content of a ``Module``.
@resultBuilder
public enum ModuleBuilder {
    /// A declaration such as `singleton { … }`.
    public static func buildExpression<Service>(_ declaration: Declaration<Service>) -> [ModuleItem] {
        [declaration.item]
    }

    /// Another module, whose declarations become part of this one.
    public static func buildExpression(_ module: Module) -> [ModuleItem] {
        module.items
    }

    /// The declarations in order.
    public static func buildBlock(_ parts: [ModuleItem]...) -> [ModuleItem] {
        parts.flatMap { $0 }
    }

    /// Declarations inside an `if` without `else`.
    public static func buildOptional(_ part: [ModuleItem]?) -> [ModuleItem] {
        part ?? []
    }

    /// Declarations in the first branch of an `if`/`else`.
    public static func buildEither(first part: [ModuleItem]) -> [ModuleItem] {
        part
    }

    /// Declarations in the second branch of an `if`/`else`.
    public static func buildEither(second part: [ModuleItem]) -> [ModuleItem] {
        part
    }

    /// Declarations made in a `for` loop.
    public static func buildArray(_ parts: [[ModuleItem]]) -> [ModuleItem] {
        parts.flatMap { $0 }
    }
}

/// Builds a list of modules, for ``Container/start(logger:_:)``.
@resultBuilder
public enum ModuleListBuilder {
    /// One module.
    public static func buildExpression(_ module: Module) -> [Module] {
        [module]
    }

    /// The modules in order.
    public static func buildBlock(_ parts: [Module]...) -> [Module] {
        parts.flatMap { $0 }
    }

    /// Modules inside an `if` without `else`.
    public static func buildOptional(_ part: [Module]?) -> [Module] {
        part ?? []
    }

    /// Modules in the first branch of an `if`/`else`.
    public static func buildEither(first part: [Module]) -> [Module] {
        part
    }

    /// Modules in the second branch of an `if`/`else`.
    public static func buildEither(second part: [Module]) -> [Module] {
        part
    }

    /// Modules listed in a `for` loop.
    public static func buildArray(_ parts: [[Module]]) -> [Module] {
        parts.flatMap { $0 }
    }
}
