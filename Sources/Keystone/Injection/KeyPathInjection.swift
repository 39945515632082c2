/// A read-only property of a service, resolved when the owner is created: the owner depends
/// on one value, not on the whole service.
///
/// ```swift
/// final class Banner {
///     @InjectedProperty(\Settings.greeting) var greeting: String
/// }
/// ```
///
/// The service is resolved once, when the owner is created, from `container` or from
/// ``Container/shared`` as it is then, and held; every read of the property reads the key
/// path on it, so a `.singleton` service's changes show through. A missing registration
/// traps with the full diagnostic, as ``Injected`` does.
///
/// The key-path wrappers are not `Sendable`: they hold a service and a key path that Swift
/// cannot check for thread safety. They are meant to live in their owner and be read from
/// its thread or actor.
@propertyWrapper
public struct InjectedProperty<Service, Value> {
    @usableFromInline let service: Service
    @usableFromInline let keyPath: KeyPath<Service, Value>

    /// Resolves the service now and reads `keyPath` on it at each access.
    ///
    /// - Parameters:
    ///   - keyPath: The property of the service, such as `\Settings.greeting`.
    ///   - name: The name the service was registered under, if any.
    ///   - container: The container to resolve from; ``Container/shared`` when nil.
    ///   - arguments: The runtime arguments, matching the registration's.
    @inlinable
    public init<each Argument>(
        _ keyPath: KeyPath<Service, Value>,
        name: Name? = nil,
        container: Container? = nil,
        arguments: repeat each Argument
    ) {
        self.service = (container ?? Container.shared).resolve(name: name, arguments: repeat each arguments)
        self.keyPath = keyPath
    }

    /// The service's property, read now.
    @inlinable
    public var wrappedValue: Value { service[keyPath: keyPath] }
}

/// A settable property of a service, resolved when the owner is created: setting the
/// property sets it on the service.
///
/// ```swift
/// final class ThemeSwitch {
///     @InjectedMutableProperty(\Settings.isDark) var isDark: Bool
/// }
/// ```
///
/// Writes go to the service instance when it is a class (or a protocol implemented by one),
/// so everyone sharing it sees them; when the service is a value type, the wrapper holds its
/// own copy and writes change that copy only.
@propertyWrapper
public struct InjectedMutableProperty<Service, Value> {
    @usableFromInline var service: Service
    @usableFromInline let keyPath: WritableKeyPath<Service, Value>

    /// Resolves the service now and reads and writes `keyPath` on it at each access.
    ///
    /// - Parameters:
    ///   - keyPath: The settable property of the service, such as `\Settings.isDark`.
    ///   - name: The name the service was registered under, if any.
    ///   - container: The container to resolve from; ``Container/shared`` when nil.
    ///   - arguments: The runtime arguments, matching the registration's.
    @inlinable
    public init<each Argument>(
        _ keyPath: WritableKeyPath<Service, Value>,
        name: Name? = nil,
        container: Container? = nil,
        arguments: repeat each Argument
    ) {
        self.service = (container ?? Container.shared).resolve(name: name, arguments: repeat each arguments)
        self.keyPath = keyPath
    }

    /// The service's property.
    @inlinable
    public var wrappedValue: Value {
        get { service[keyPath: keyPath] }
        set { service[keyPath: keyPath] = newValue }
    }
}

/// An optional property of a service, unwrapped: its value, or `default` when it is nil.
///
/// ```swift
/// final class Header {
///     @InjectedUnwrappedProperty(\Profile.nickname, default: "guest") var nickname: String
/// }
/// ```
///
/// Without a default, reading the property while the service's property is nil traps, with
/// a message that names the service and the key path (Zerk force-unwraps the same way); give
/// a default unless nil is a programming error.
@propertyWrapper
public struct InjectedUnwrappedProperty<Service, Value> {
    @usableFromInline let service: Service
    @usableFromInline let keyPath: KeyPath<Service, Value?>
    @usableFromInline let defaultValue: Value?

    /// Resolves the service now and reads `keyPath` on it at each access.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property of the service, such as `\Profile.nickname`.
    ///   - defaultValue: What to read when the property is nil.
    ///   - name: The name the service was registered under, if any.
    ///   - container: The container to resolve from; ``Container/shared`` when nil.
    ///   - arguments: The runtime arguments, matching the registration's.
    @inlinable
    public init<each Argument>(
        _ keyPath: KeyPath<Service, Value?>,
        default defaultValue: Value? = nil,
        name: Name? = nil,
        container: Container? = nil,
        arguments: repeat each Argument
    ) {
        self.service = (container ?? Container.shared).resolve(name: name, arguments: repeat each arguments)
        self.keyPath = keyPath
        self.defaultValue = defaultValue
    }

    /// The service's property, or the default when it is nil.
    @inlinable
    public var wrappedValue: Value {
        unwrap(service[keyPath: keyPath], default: defaultValue, keyPath: keyPath)
    }
}

/// A settable optional property of a service, unwrapped: reads give its value or `default`,
/// writes set it on the service.
///
/// ```swift
/// final class ProfileEditor {
///     @InjectedUnwrappedMutableProperty(\Profile.nickname, default: "guest") var nickname: String
/// }
/// ```
///
/// As with ``InjectedMutableProperty``, writes reach a class instance shared through the
/// container, and only the wrapper's own copy of a value type.
@propertyWrapper
public struct InjectedUnwrappedMutableProperty<Service, Value> {
    @usableFromInline var service: Service
    @usableFromInline let keyPath: WritableKeyPath<Service, Value?>
    @usableFromInline let defaultValue: Value?

    /// Resolves the service now and reads and writes `keyPath` on it at each access.
    ///
    /// - Parameters:
    ///   - keyPath: The settable optional property of the service.
    ///   - defaultValue: What to read when the property is nil.
    ///   - name: The name the service was registered under, if any.
    ///   - container: The container to resolve from; ``Container/shared`` when nil.
    ///   - arguments: The runtime arguments, matching the registration's.
    @inlinable
    public init<each Argument>(
        _ keyPath: WritableKeyPath<Service, Value?>,
        default defaultValue: Value? = nil,
        name: Name? = nil,
        container: Container? = nil,
        arguments: repeat each Argument
    ) {
        self.service = (container ?? Container.shared).resolve(name: name, arguments: repeat each arguments)
        self.keyPath = keyPath
        self.defaultValue = defaultValue
    }

    /// The service's property, or the default when it is nil; setting it sets the service's.
    @inlinable
    public var wrappedValue: Value {
        get { unwrap(service[keyPath: keyPath], default: defaultValue, keyPath: keyPath) }
        set { service[keyPath: keyPath] = newValue }
    }
}

/// A method of a service, bound to the instance resolved when the owner is created.
///
/// ```swift
/// final class Checkout {
///     @InjectedMethod(PaymentService.pay) var pay: (Int) -> Bool
///     @InjectedMethod(PaymentService.refund(_:reason:)) var refund: (Int, String) -> Void
/// }
/// ```
///
/// Swift has no key paths to methods, so the wrapper takes the method as an unapplied
/// reference (`Type.method`, a function from the service to the method) and applies it to
/// the resolved service.
///
/// Not `Sendable`: the bound method is a closure over the service that Swift cannot check
/// for thread safety.
@propertyWrapper
public struct InjectedMethod<Service, Method> {
    /// The method, bound to the resolved service.
    public let wrappedValue: Method

    /// Resolves the service now and binds `method` to it.
    ///
    /// - Parameters:
    ///   - method: The method as an unapplied reference, such as `PaymentService.pay`.
    ///   - name: The name the service was registered under, if any.
    ///   - container: The container to resolve from; ``Container/shared`` when nil.
    ///   - arguments: The runtime arguments, matching the registration's.
    @inlinable
    public init<each Argument>(
        _ method: (Service) -> Method,
        name: Name? = nil,
        container: Container? = nil,
        arguments: repeat each Argument
    ) {
        let service: Service = (container ?? Container.shared).resolve(name: name, arguments: repeat each arguments)
        wrappedValue = method(service)
    }
}

@available(*, unavailable, message: "a bound method is a closure Swift cannot check for thread safety")
extension InjectedMethod: Sendable {}

/// The unwrapped value of an optional service property, its default, or a trap that names
/// the key path.
@usableFromInline
func unwrap<Service, Value>(
    _ value: Value?,
    default defaultValue: Value?,
    keyPath: KeyPath<Service, Value?>
) -> Value {
    if let value { return value }
    if let defaultValue { return defaultValue }
    fatalError(
        "Keystone: the injected property \(keyPath) of `\(Failure.typeName(Service.self))` is nil and has no default. To fix, give the property wrapper a `default:`."
    )
}
