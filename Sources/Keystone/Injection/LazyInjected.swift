/// A property resolved on first access, then held.
///
/// ```swift
/// final class ReportScreen {
///     @LazyInjected var exporter: PDFExporter    // resolved the first time it is read
///
///     func close() { $exporter.dispose() }       // lets it go; the next read resolves again
/// }
/// ```
///
/// The projected value (`$exporter`) is the ``LazyResolver`` behind the property: `object`
/// tells whether it was resolved, `dispose()` lets it go, `resolve()` resolves with `throws`
/// instead of trapping.
///
/// The service is resolved from `container`, or from ``Container/shared`` as it is at the
/// first access. Reading the property when the service cannot be resolved traps with the full
/// diagnostic (use `try $exporter.resolve()` to handle it).
///
/// ## Thread safety
///
/// Reading the property from several threads at once resolves once: the first reader
/// builds, the others wait and get the same instance (see ``LazyResolver``). The wrapper is
/// `Sendable` when the service is; as a stored property of a class that is not `Sendable`,
/// it is as thread-safe as its owner lets it be.
@propertyWrapper
public struct LazyInjected<Service> {
    /// The lazy resolver behind the property: `$property.object`, `$property.dispose()`.
    public let projectedValue: LazyResolver<Service>
    /// Where the property is declared, which a trap names.
    @usableFromInline let file: StaticString
    @usableFromInline let line: UInt

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

    /// Prepares to resolve the service on first access.
    ///
    /// - Parameters:
    ///   - name: The name it was registered under, if any.
    ///   - container: The container to resolve from; ``Container/shared`` (read at the
    ///     first access) when nil.
    ///   - arguments: The runtime arguments, kept until the first access.
    ///   - file: The file of the property, which a trap names. Leave the default.
    ///   - line: The line of the property, which a trap names. Leave the default.
    @inlinable  // so that the resolve it makes is compiled for the caller's types
    public init<each Argument: Sendable>(
        name: Name? = nil,
        container: Container? = nil,
        arguments: repeat each Argument,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        projectedValue = LazyResolver(Service.self, name: name, from: container, arguments: repeat each arguments)
        self.file = file
        self.line = line
    }

    /// The service, resolved on the first read.
    public var wrappedValue: Service {
        projectedValue.resolveOrTrap(file: file, line: line)
    }
}

extension LazyInjected: Sendable where Service: Sendable {}

/// A property resolved on first access and held weakly: nil once nobody else holds the
/// instance.
///
/// ```swift
/// final class DetailViewController {
///     @WeakLazyInjected var coordinator: Coordinator?   // owned by someone else
/// }
/// ```
///
/// Use it for a service that owns the object holding the property (a coordinator and its
/// screens), so that the property does not keep its owner's owner alive. The service is
/// resolved once, at the first read; when the instance is gone the property reads nil and
/// does not resolve again (``LazyInjected`` resolves again after `dispose()`). A resolve
/// that fails traps with the full diagnostic, as ``LazyInjected`` does; a service that is a
/// value type (which cannot be held weakly) traps too, since the property could only ever be
/// nil.
///
/// Reading from several threads at once resolves once, as with ``LazyInjected``.
@propertyWrapper
public struct WeakLazyInjected<Service> {
    private let cell = LazyCell<WeakReference>()
    private let make: @Sendable () throws -> Service
    private let name: Name?
    private let argumentTypes: Any.Type
    /// Where the property is declared, which a trap names.
    private let file: StaticString
    private let line: UInt

    /// Uses the default name (none), container (``Container/shared``) and arguments (none);
    /// this is what `@Wrapper var service: Service` calls, and what lets an owner with such
    /// properties be created without writing an initialiser.
    ///
    /// - Parameters:
    ///   - file: The file of the property, which a trap names. Leave the default.
    ///   - line: The line of the property, which a trap names. Leave the default.
    public init(file: StaticString = #fileID, line: UInt = #line) {
        self.init(name: nil, file: file, line: line)
    }

    /// Prepares to resolve the service on first access.
    ///
    /// - Parameters:
    ///   - name: The name it was registered under, if any.
    ///   - container: The container to resolve from; ``Container/shared`` (read at the
    ///     first access) when nil.
    ///   - arguments: The runtime arguments, kept until the first access.
    ///   - file: The file of the property, which a trap names. Leave the default.
    ///   - line: The line of the property, which a trap names. Leave the default.
    public init<each Argument: Sendable>(
        name: Name? = nil,
        container: Container? = nil,
        arguments: repeat each Argument,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.file = file
        self.line = line
        let values = (repeat each arguments)
        self.name = name
        self.argumentTypes = (repeat each Argument).self
        self.make = {
            try (container ?? Container.shared).tryResolve(Service.self, name: name, arguments: repeat each values)
        }
        // Made by a factory that verification runs: an edge to check, not to build.
        if let verifying = ResolutionContext.verifying {
            verifying.observeLazy(
                RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self),
                from: container ?? Container.shared,
                service: Service.self, name: name, argumentTypes: (repeat each Argument).self)
        }
    }

    /// The service while someone else holds it; nil after that.
    public var wrappedValue: Service? {
        // The reader that builds the instance gets it strongly, so that a service nobody
        // else holds yet (a `.transient` one) reaches at least this caller.
        var built: Service?
        do {
            let reference = try cell.value(
                build: { () throws(ResolutionError) -> WeakReference in
                    let service: Service
                    do {
                        service = try make()
                    } catch {
                        throw error as! ResolutionError  // `tryResolve` throws nothing else
                    }
                    guard type(of: service as Any) is AnyClass else {
                        fatalError(
                            "Keystone: @WeakLazyInjected \(Failure.describe(service: Service.self, name: name, arguments: argumentTypes)) resolved a value of type `\(Failure.typeName(type(of: service as Any)))`, which cannot be held weakly. To fix, use @LazyInjected or @Injected.",
                            file: file, line: line
                        )
                    }
                    built = service
                    return WeakReference(object: service as AnyObject)
                },
                reentered: { Failure.lazyReentered(service: Service.self, name: name, arguments: argumentTypes) }
            )
            return built ?? reference.object as? Service
        } catch {
            // Read by a factory that verification runs: a problem of its registration, not the
            // end of the process verification checks.
            guard let verifying = ResolutionContext.verifying else {
                fatalError("Keystone: \(error)", file: file, line: line)
            }
            verifying.observer?.swallowed(error, requester: verifying.requester)
            return nil
        }
    }
}

extension WeakLazyInjected: Sendable where Service: Sendable {}

/// A weak reference, as the value of a ``LazyCell``.
struct WeakReference {
    weak var object: AnyObject?
}
