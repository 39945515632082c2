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
public struct VerificationSamples: Sendable {
    /// Resolves one registration with its sample arguments, in the container being verified.
    typealias Check = @Sendable (Container, VerificationObserver) throws -> Void

    var checks: [RegistryKey: Check] = [:]

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
        checks[key] = { container, observer in
            let values = box.values as! (repeat each Argument)
            let _: Service = try withUnsafePointer(to: values) { pointer in
                try container.resolveInNewContext(
                    key,
                    origin: nil,
                    name: name,
                    argumentTypes: (repeat each Argument).self,
                    arguments: UnsafeRawPointer(pointer),
                    observer: observer
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
