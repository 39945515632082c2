/// Sample runtime arguments, so that ``Container/verify(samples:)`` can check registrations
/// that take arguments.
///
/// A registration with runtime arguments cannot be built without them, so verification lists
/// it as not checked unless you give an example:
///
/// ```swift
/// var samples = VerificationSamples()
/// samples.add(DetailViewModel.self, arguments: Game(title: "Go"), 1)
/// let report = container.verify(samples: samples)
/// ```
///
/// Each sample names the registration by its service type, name and argument types, exactly as
/// a resolve would.
///
/// Request values (``Container/registerRequestValue(_:file:line:)``) come with each request, so
/// verification has none of its own either; give a sample with ``provide(_:)``:
///
/// ```swift
/// samples.provide(RequestID("sample"))
/// ```
public struct VerificationSamples: Sendable {
    /// Resolves one registration with its sample arguments, in the container being verified
    /// and the request scope verification runs in.
    typealias Check = @Sendable (Container, VerificationObserver, RequestScope) throws -> Void

    var checks: [RegistryKey: Check] = [:]
    /// The sample request values, by type.
    var requestValues: [(type: ObjectIdentifier, value: any Sendable)] = []

    /// Adds a sample request value: verification builds the `.request` services that need a
    /// request value of this type with it, instead of listing them as not checked.
    ///
    /// - Parameter value: A value of a type declared with
    ///   ``Container/registerRequestValue(_:file:line:)``.
    public mutating func provide<Value: Sendable>(_ value: Value) {
        requestValues.removeAll { $0.type == ObjectIdentifier(Value.self) }
        requestValues.append((ObjectIdentifier(Value.self), value))
    }

    /// Creates an empty set of samples.
    public init() {}

    /// Adds sample arguments for the registration of `type` under `name` that takes these
    /// argument types.
    ///
    /// - Parameters:
    ///   - type: The service type of the registration.
    ///   - name: The name of the registration, if any.
    ///   - arguments: Values of the registration's argument types, in order.
    public mutating func add<Service, each Argument: Sendable>(
        _ type: Service.Type,
        name: Name? = nil,
        arguments: repeat each Argument
    ) {
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        // Boxed: capturing a value of a pack's tuple type in a closure crashes Swift 6.3's
        // compiler; an existential box is captured like any other value.
        let box = SampleBox(values: (repeat each arguments))
        checks[key] = { container, observer, request in
            let values = box.values as! (repeat each Argument)
            let _: Service = try PackedArguments.with(repeat each values) {
                (packed) throws(ResolutionError) -> Service in
                try container.resolveInNewContext(
                    key,
                    origin: nil,
                    name: name,
                    argumentTypes: (repeat each Argument).self,
                    arguments: packed,
                    observer: observer,
                    requestScope: request
                )
            }
        }
    }
}

/// Sample argument values, type-erased. `@unchecked Sendable`: immutable, and `add` requires
/// every value to be `Sendable`.
private final class SampleBox: @unchecked Sendable {
    let values: Any
    init(values: Any) { self.values = values }
}
