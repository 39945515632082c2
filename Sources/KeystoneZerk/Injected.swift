/// A property that injects a whole stored dependency.
///
/// ```swift
/// final class Dashboard {
///     @Injected var settings: SettingsProtocol
///     @Injected(with: .arguments(name: "Ada", times: 2)) var greeter: GreeterProtocol
/// }
/// ```
///
/// The dependency is looked up when the owner is made (a type that was not stored traps
/// then, with Keystone's full diagnostic) and made when the property is first read. A
/// `transient` dependency is made anew at every read, a `scoped` one once per property, and
/// a `singleton` is the one instance of its storage.
///
/// In a file that imports Keystone too, write `KeystoneZerk.Injected` for this wrapper and
/// `Keystone.Injected` for Keystone's.
@propertyWrapper
public struct Injected<D> {
    private let holder: InjectionHolder<D>

    /// The dependency, made as its life time says.
    public var wrappedValue: D { holder.instance }

    /// Injects the dependency stored as the property's type.
    ///
    /// - Parameters:
    ///   - storage: The storage to restore from; ``Zerk/standardStorage`` by default.
    ///   - arguments: The arguments its builder reads, as `.arguments(name: value, …)`.
    public init(
        from storage: DependencyRestoring = Zerk.standardStorage, with arguments: DependencyArguments = .arguments
    ) {
        holder = InjectionHolder(from: storage, with: arguments)
    }
}

/// A property that injects one read-only property of a stored dependency, by key path.
///
/// ```swift
/// final class Banner {
///     @InjectedProperty(\SettingsProtocol.title) var title: String
/// }
/// ```
///
/// Every read reads the key path on the dependency, made as ``Injected`` makes it.
@propertyWrapper
public struct InjectedProperty<Source, Value> {
    private let holder: InjectionHolder<Source>
    private let keyPath: KeyPath<Source, Value>

    /// The dependency's property, read now.
    public var wrappedValue: Value { holder.instance[keyPath: keyPath] }

    /// Injects `keypath` of the dependency stored as `Source`.
    ///
    /// - Parameters:
    ///   - keypath: The property, such as `\DependencyProtocol.title`.
    ///   - storage: The storage to restore from; ``Zerk/standardStorage`` by default.
    ///   - arguments: The arguments the dependency's builder reads, if any.
    public init(
        _ keypath: KeyPath<Source, Value>,
        from storage: DependencyRestoring = Zerk.standardStorage,
        with arguments: DependencyArguments = .arguments
    ) {
        self.keyPath = keypath
        self.holder = InjectionHolder(from: storage, with: arguments)
    }
}

/// A property that injects one settable property of a stored dependency, by key path:
/// setting it sets the dependency's.
///
/// ```swift
/// final class Mixer {
///     @InjectedMutableProperty(\SettingsProtocol.volume) var volume: Int
/// }
/// ```
///
/// When the dependency is a class, the write goes to the instance and everyone sharing it
/// sees it; when it is a value, the property keeps the written copy for itself.
@propertyWrapper
public struct InjectedMutableProperty<Source, Value> {
    private let holder: InjectionHolder<Source>
    private let keyPath: WritableKeyPath<Source, Value>

    /// The dependency's property.
    public var wrappedValue: Value {
        get { holder.instance[keyPath: keyPath] }
        nonmutating set { holder.instance[keyPath: keyPath] = newValue }
    }

    /// Injects `keypath` of the dependency stored as `Source`.
    ///
    /// - Parameters:
    ///   - keypath: The settable property, such as `\DependencyProtocol.volume`.
    ///   - storage: The storage to restore from; ``Zerk/standardStorage`` by default.
    ///   - arguments: The arguments the dependency's builder reads, if any.
    public init(
        _ keypath: WritableKeyPath<Source, Value>,
        from storage: DependencyRestoring = Zerk.standardStorage,
        with arguments: DependencyArguments = .arguments
    ) {
        self.keyPath = keypath
        self.holder = InjectionHolder(from: storage, with: arguments)
    }
}

/// A property that injects an optional read-only property of a stored dependency,
/// unwrapped: with `default` when it is nil, or force-unwrapped when no default is given.
///
/// ```swift
/// final class Badge {
///     @InjectedUnwrappedProperty(\SettingsProtocol.nickname, default: "guest") var nickname: String
/// }
/// ```
@propertyWrapper
public struct InjectedUnwrappedProperty<Source, Value> {
    private let holder: InjectionHolder<Source>
    private let keyPath: KeyPath<Source, Value?>
    private let defaultValue: Value?

    /// The dependency's property, unwrapped; reading nil with no default traps.
    public var wrappedValue: Value {
        guard let value = holder.instance[keyPath: keyPath] ?? defaultValue else {
            fatalError(
                "Zerk: `\(Source.self)`'s property is nil and no default was given. To fix, give `default:` to @InjectedUnwrappedProperty."
            )
        }
        return value
    }

    /// Injects the optional `keypath` of the dependency stored as `Source`, unwrapped.
    ///
    /// - Parameters:
    ///   - keypath: The optional property, such as `\DependencyProtocol.nickname`.
    ///   - default: The value to read when the property is nil; none to force-unwrap it.
    ///   - storage: The storage to restore from; ``Zerk/standardStorage`` by default.
    ///   - arguments: The arguments the dependency's builder reads, if any.
    public init(
        _ keypath: KeyPath<Source, Value?>,
        default: Value? = nil,
        from storage: DependencyRestoring = Zerk.standardStorage,
        with arguments: DependencyArguments = .arguments
    ) {
        self.keyPath = keypath
        self.defaultValue = `default`
        self.holder = InjectionHolder(from: storage, with: arguments)
    }
}

/// A property that injects an optional settable property of a stored dependency,
/// unwrapped: with `default` when it is nil, or force-unwrapped when no default is given.
/// Setting it sets the dependency's.
///
/// ```swift
/// final class Session {
///     @InjectedUnwrappedMutableProperty(\SettingsProtocol.token, default: "") var token: String
/// }
/// ```
@propertyWrapper
public struct InjectedUnwrappedMutableProperty<Source, Value> {
    private let holder: InjectionHolder<Source>
    private let keyPath: WritableKeyPath<Source, Value?>
    private let defaultValue: Value?

    /// The dependency's property, unwrapped; reading nil with no default traps.
    public var wrappedValue: Value {
        get {
            guard let value = holder.instance[keyPath: keyPath] ?? defaultValue else {
                fatalError(
                    "Zerk: `\(Source.self)`'s property is nil and no default was given. To fix, give `default:` to @InjectedUnwrappedMutableProperty."
                )
            }
            return value
        }
        nonmutating set { holder.instance[keyPath: keyPath] = newValue }
    }

    /// Injects the optional settable `keypath` of the dependency stored as `Source`,
    /// unwrapped.
    ///
    /// - Parameters:
    ///   - keypath: The optional settable property, such as `\DependencyProtocol.token`.
    ///   - default: The value to read when the property is nil; none to force-unwrap it.
    ///   - storage: The storage to restore from; ``Zerk/standardStorage`` by default.
    ///   - arguments: The arguments the dependency's builder reads, if any.
    public init(
        _ keypath: WritableKeyPath<Source, Value?>,
        default: Value? = nil,
        from storage: DependencyRestoring = Zerk.standardStorage,
        with arguments: DependencyArguments = .arguments
    ) {
        self.keyPath = keypath
        self.defaultValue = `default`
        self.holder = InjectionHolder(from: storage, with: arguments)
    }
}

/// A property that injects one method of a stored dependency: Swift has no key paths to
/// methods, so give the method itself.
///
/// ```swift
/// final class Welcome {
///     @InjectedMethod(SettingsProtocol.greet) var greet: (String) -> String
///     @InjectedMethod(SettingsProtocol.greet(_:times:)) var greetTimes: (String, Int) -> String
/// }
/// ```
///
/// Each read binds the method to the dependency, made as ``Injected`` makes it.
@propertyWrapper
public struct InjectedMethod<Source, Method> {
    private let holder: InjectionHolder<Source>
    private let method: (Source) -> Method

    /// The method, bound to the dependency.
    public var wrappedValue: Method { method(holder.instance) }

    /// Injects `method` of the dependency stored as `Source`.
    ///
    /// - Parameters:
    ///   - method: The method, as `DependencyProtocol.greet` or, to choose among methods of
    ///     the same name, `DependencyProtocol.greet(_:times:)`.
    ///   - storage: The storage to restore from; ``Zerk/standardStorage`` by default.
    ///   - arguments: The arguments the dependency's builder reads, if any.
    public init(
        _ method: @escaping (Source) -> Method,
        from storage: DependencyRestoring = Zerk.standardStorage,
        with arguments: DependencyArguments = .arguments
    ) {
        self.method = method
        self.holder = InjectionHolder(from: storage, with: arguments)
    }
}

extension InjectedMethod {
    /// Injects a method of two parameters into a property whose type takes them as one pair,
    /// as Zerk's README writes method types: `(ParameterTypes) -> (ReturnTypes)`.
    ///
    /// - Parameters:
    ///   - method: The method, such as `DependencyProtocol.someMethod(_:someParameter:)`.
    ///   - storage: The storage to restore from; ``Zerk/standardStorage`` by default.
    ///   - arguments: The arguments the dependency's builder reads, if any.
    public init<P0, P1, Result>(
        _ method: @escaping (Source) -> (P0, P1) -> Result,
        from storage: DependencyRestoring = Zerk.standardStorage,
        with arguments: DependencyArguments = .arguments
    ) where Method == ((P0, P1)) -> Result {
        self.init({ source in { pair in method(source)(pair.0, pair.1) } }, from: storage, with: arguments)
    }

    /// Injects a method of three parameters into a property whose type takes them as one
    /// triple, as Zerk's README writes method types: `(ParameterTypes) -> (ReturnTypes)`.
    ///
    /// - Parameters:
    ///   - method: The method, such as `DependencyProtocol.someMethod(_:first:second:)`.
    ///   - storage: The storage to restore from; ``Zerk/standardStorage`` by default.
    ///   - arguments: The arguments the dependency's builder reads, if any.
    public init<P0, P1, P2, Result>(
        _ method: @escaping (Source) -> (P0, P1, P2) -> Result,
        from storage: DependencyRestoring = Zerk.standardStorage,
        with arguments: DependencyArguments = .arguments
    ) where Method == ((P0, P1, P2)) -> Result {
        self.init(
            { source in { triple in method(source)(triple.0, triple.1, triple.2) } }, from: storage, with: arguments)
    }
}
