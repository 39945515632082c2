/// A property resolved when its owner is created.
///
/// ```swift
/// final class HomeViewModel {
///     @Injected var api: APIClient
///     @Injected(name: "audit") var logger: Logger
///     @Injected(arguments: game, 2) var detail: DetailViewModel
/// }
/// ```
///
/// The service is resolved from `container`, or from ``Container/shared`` as it is when the
/// owner is created (never earlier), and a missing registration traps with the full
/// diagnostic, as ``Container/resolve(_:name:arguments:file:line:)`` does: an owner without its
/// dependencies is a programming error. Use ``OptionalInjected`` where the service may be
/// absent, and ``LazyInjected`` to resolve on first use instead.
///
/// Prefer constructor injection (`init(api: APIClient)`) where you create the owner
/// yourself; property wrappers are for types whose initialiser the system calls.
@propertyWrapper
public struct Injected<Service> {
    /// The resolved service; nil only when ``Container/verify(samples:)`` built the owner and
    /// the resolve failed (the failure is then a reported problem, and reading traps with it).
    @usableFromInline var service: Service?
    @usableFromInline var failure: ResolutionError?

    /// The resolved service. Settable, so that a test can replace it.
    @inlinable
    public var wrappedValue: Service {
        get {
            if let service { return service }
            // Only after verification could not resolve it: `failure` is set.
            failure!.trap(file: #fileID, line: #line)
        }
        set {
            service = newValue
            failure = nil
        }
    }

    /// Uses the default name (none), container (``Container/shared``) and arguments (none);
    /// this is what `@Wrapper var service: Service` calls, and what lets an owner with such
    /// properties be created without writing an initialiser.
    ///
    /// - Parameters:
    ///   - file: The file of the property, which a trap names. Leave the default.
    ///   - line: The line of the property, which a trap names. Leave the default.
    @inlinable
    public init(file: StaticString = #fileID, line: UInt = #line) {
        self.init(name: nil, file: file, line: line)
    }

    /// Resolves the service now.
    ///
    /// - Parameters:
    ///   - name: The name it was registered under, if any.
    ///   - container: The container to resolve from; ``Container/shared`` when nil.
    ///   - arguments: The runtime arguments, matching the registration's.
    ///   - file: The file of the property, which a trap names. Leave the default.
    ///   - line: The line of the property, which a trap names. Leave the default.
    @inlinable
    public init<each Argument>(
        name: Name? = nil,
        container: Container? = nil,
        arguments: repeat each Argument,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        // Inlinable, so that the resolve is compiled for the caller's types, as a `resolve`
        // written out is: unspecialised, it asked the runtime for the metadata of the
        // arguments' tuple and of the optional kept here, several times the resolve's cost.
        do {
            service = try (container ?? Container.shared).tryResolve(
                Service.self, name: name, arguments: repeat each arguments)
            failure = nil
        } catch {
            service = nil
            failure = Injected.failed(error, file: file, line: line)
        }
    }

    /// What a failed resolve does: while verification runs it, reports the failure as a
    /// problem of the registration whose product this is, instead of ending the process it
    /// checks, and returns it (reading the property traps with it); anywhere else it traps.
    @usableFromInline
    static func failed(_ error: ResolutionError, file: StaticString, line: UInt) -> ResolutionError {
        guard let verifying = ResolutionContext.verifying else {
            fatalError("Keystone: \(error)", file: file, line: line)
        }
        verifying.observer?.swallowed(error, requester: verifying.requester)
        return error
    }
}

extension Injected: Sendable where Service: Sendable {}

/// A property resolved when its owner is created, or nil when nothing is registered for it.
///
/// ```swift
/// final class SettingsViewModel {
///     @OptionalInjected var analytics: Analytics?
/// }
/// ```
///
/// Only a missing registration of the service itself gives nil; a failure while building it
/// (a missing dependency, a cycle, a throwing factory) traps, as
/// ``Container/resolveOptional(_:name:arguments:file:line:)`` does, so that a broken graph is never
/// mistaken for an optional feature that is switched off.
@propertyWrapper
public struct OptionalInjected<Service> {
    /// The resolved service, or nil. Settable, so that a test can replace it.
    public var wrappedValue: Service?

    /// Uses the default name (none), container (``Container/shared``) and arguments (none);
    /// this is what `@Wrapper var service: Service` calls, and what lets an owner with such
    /// properties be created without writing an initialiser.
    ///
    /// - Parameters:
    ///   - file: The file of the property, which a trap names. Leave the default.
    ///   - line: The line of the property, which a trap names. Leave the default.
    @inlinable
    public init(file: StaticString = #fileID, line: UInt = #line) {
        self.init(name: nil, file: file, line: line)
    }

    /// Resolves the service now, if it is registered.
    ///
    /// - Parameters:
    ///   - name: The name it was registered under, if any.
    ///   - container: The container to resolve from; ``Container/shared`` when nil.
    ///   - arguments: The runtime arguments, matching the registration's.
    ///   - file: The file of the property, which a trap names. Leave the default.
    ///   - line: The line of the property, which a trap names. Leave the default.
    @inlinable  // compiled for the caller's types, as `@Injected`'s is
    public init<each Argument>(
        name: Name? = nil,
        container: Container? = nil,
        arguments: repeat each Argument,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let container = container ?? Container.shared
        guard Self.isVerifying else {
            wrappedValue = container.resolveOptional(
                Service.self, name: name, arguments: repeat each arguments, file: file, line: line)
            return
        }
        // Verification reports a failure to build the service as a problem of the registration
        // whose product this is, instead of ending the process it checks.
        do {
            wrappedValue = try container.tryResolve(Service.self, name: name, arguments: repeat each arguments)
        } catch {
            Self.reportWhileVerifying(error)
            wrappedValue = nil
        }
    }

    /// Whether verification runs the factory that creates this wrapper.
    @usableFromInline
    static var isVerifying: Bool { ResolutionContext.verifying != nil }

    /// Reports `error` as a problem of the registration whose factory verification runs,
    /// unless it says only that the service itself is not registered (which gives nil).
    @usableFromInline
    static func reportWhileVerifying(_ error: ResolutionError) {
        guard let verifying = ResolutionContext.verifying else { return }
        if !(error.kind == .notRegistered && error.path.count <= 1) {
            verifying.observer?.swallowed(error, requester: verifying.requester)
        }
    }
}

extension OptionalInjected: Sendable where Service: Sendable {}
