/// One thing a container did, as a ``ContainerLogger`` sees it.
public struct ContainerEvent: Sendable, CustomStringConvertible {
    /// What happened. An extensible set of values: compare with `==`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let rawValue: String

        /// A registration was made (or replaced one of the same key).
        public static let registered = Kind(rawValue: "registered")
        /// A factory built a new instance.
        public static let built = Kind(rawValue: "built")
        /// The scope answered with an instance built before (a `.singleton`, `.cached` or
        /// `.weak` instance, or a `.graph` one built earlier in the same resolution).
        public static let reused = Kind(rawValue: "reused")
        /// A resolve failed; see ``ContainerEvent/error``.
        public static let failed = Kind(rawValue: "failed")

        /// The kind in words, such as `built`.
        public var description: String { rawValue }
    }

    /// What happened.
    public let kind: Kind
    /// The service, as written in Swift (`APIClient`).
    public let service: String
    /// The registration's name, if any.
    public let name: String?
    /// The argument types (`(Game, Int)`), or nil for none.
    public let argumentTypes: String?
    /// The registration's scope, when there is a registration.
    public let scope: Scope?
    /// Where the registration was made, when there is one.
    public let registeredAt: String?
    /// For ``Kind/failed``, the error.
    public let error: ResolutionError?

    /// `built APIClient (name: "live") .singleton`, or `failed: ` and the error's description.
    public var description: String {
        if let error { return "\(kind): \(error)" }
        var text = "\(kind) \(service)"
        var details: [String] = []
        if let name { details.append("name: \"\(name)\"") }
        if let argumentTypes { details.append("arguments: \(argumentTypes)") }
        if !details.isEmpty { text += " (\(details.joined(separator: ", ")))" }
        if let scope { text += " \(scope)" }
        if kind == .registered, let registeredAt { text += " at \(registeredAt)" }
        return text
    }

    init(_ kind: Kind, entry: AnyEntry) {
        self.kind = kind
        service = Failure.typeName(entry.serviceType)
        name = entry.name?.rawValue
        argumentTypes = entry.argumentTypes == Void.self ? nil : Failure.argumentList(entry.argumentTypes)
        scope = entry.scope
        registeredAt = entry.location.description
        error = nil
    }

    init(failure: ResolutionError) {
        kind = .failed
        service = failure.service
        name = failure.name
        argumentTypes = failure.argumentTypes
        scope = nil
        registeredAt = failure.registeredAt
        error = failure
    }
}
