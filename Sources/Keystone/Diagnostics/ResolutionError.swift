import KeystoneRules

/// Why a service could not be resolved, where, and what was registered instead.
///
/// Every failure names the service, its name and argument types, the resolution path that
/// led to it (`Root → Session → APIClient`), the registrations of the same type that did not
/// match (near misses), and what to do about it. ``Container/tryResolve(_:name:arguments:)``
/// throws it; ``Container/resolve(_:name:arguments:file:line:)`` traps with its ``description``.
///
/// ```swift
/// do {
///     let client: APIClient = try container.tryResolve()
///     start(with: client)
/// } catch {
///     if error.kind == .notRegistered { showSetUpScreen() }
///     print(error)
/// }
/// ```
public struct ResolutionError: Error, CustomStringConvertible, Sendable {
    /// What went wrong. An extensible set of values: compare with `==`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let rawValue: String

        /// Nothing is registered for the service type under that name.
        public static let notRegistered = Kind(rawValue: "not registered")
        /// The service is registered under that name, but for other argument types.
        public static let argumentMismatch = Kind(rawValue: "argument mismatch")
        /// The service depends, through its factories, on itself.
        public static let cycle = Kind(rawValue: "cycle")
        /// The container was disposed.
        public static let disposed = Kind(rawValue: "disposed")
        /// A factory or an after-creation hook threw; see ``ResolutionError/underlying``.
        public static let factoryFailed = Kind(rawValue: "factory failed")
        /// A type bound with `bind` could not be converted from the registered instance.
        public static let conversionFailed = Kind(rawValue: "conversion failed")
        /// A `.weak` registration built a value type, which cannot be held weakly.
        public static let weakValueType = Kind(rawValue: "weak value type")
        /// The service has an async factory and was asked for synchronously.
        public static let asyncOnly = Kind(rawValue: "async only")
        /// The service is registered for the main actor and was asked for synchronously on
        /// another thread.
        public static let mainActorOnly = Kind(rawValue: "main actor only")
        /// The service is registered with the `.request` scope, and was resolved outside a
        /// ``RequestScope``.
        public static let noRequestScope = Kind(rawValue: "no request scope")
        /// The service is a request value (``Container/registerRequestValue(_:file:line:)``)
        /// that the request scope was not given.
        public static let missingRequestValue = Kind(rawValue: "missing request value")
        /// The request scope it was resolved in has ended.
        public static let requestEnded = Kind(rawValue: "request ended")

        /// The kind in words, such as `not registered`.
        public var description: String { rawValue }
    }

    /// The fields, in one immutable object, so that the error itself is two words: a function
    /// that throws it returns it in registers, where a larger error needs stack space reserved
    /// at every call that may throw it. A nested resolve has several such calls at each level of
    /// the graph, and a debug build reserves the space for each of them.
    final class Details: Sendable {
        let kind: Kind
        let service: String
        let name: String?
        let argumentTypes: String?
        let path: [String]
        let nearMisses: [String]
        let registeredAt: String?
        let underlying: (any Error)?
        let summary: String
        let advice: String

        init(
            kind: Kind,
            service: String,
            name: String?,
            argumentTypes: String?,
            path: [String],
            nearMisses: [String],
            registeredAt: String?,
            underlying: (any Error)?,
            summary: String,
            advice: String
        ) {
            self.kind = kind
            self.service = service
            self.name = name
            self.argumentTypes = argumentTypes
            self.path = path
            self.nearMisses = nearMisses
            self.registeredAt = registeredAt
            self.underlying = underlying
            self.summary = summary
            self.advice = advice
        }
    }

    private let details: Details

    /// For a missing registration: how many services the failing resolution was building
    /// when it asked (0 for a top-level request). Lets `resolveOptional` tell "the service
    /// you asked for is not registered" from "a dependency of it is not registered".
    var missingAtDepth: Int?

    init(_ details: Details) {
        self.details = details
    }

    /// What went wrong.
    public var kind: Kind { details.kind }
    /// The service that failed, as written in Swift (`APIClient`).
    public var service: String { details.service }
    /// The name it was requested under, if any.
    public var name: String? { details.name }
    /// The argument types it was requested with (`(Game, Int)`), or nil for none.
    public var argumentTypes: String? { details.argumentTypes }
    /// The services being resolved, outermost first, ending with the one that failed. Each is
    /// the service type as written in Swift, followed by its name in parentheses when it was
    /// resolved under one: `["Root", "Session", "APIClient(\"mock\")"]`.
    public var path: [String] { details.path }
    /// Registrations of the same service type that did not match, as `register` calls.
    public var nearMisses: [String] { details.nearMisses }
    /// Where the failing registration was made (`Module/File.swift:12`), when one was found.
    public var registeredAt: String? { details.registeredAt }
    /// The error a factory, hook or converter threw, for ``Kind/factoryFailed`` and
    /// ``Kind/conversionFailed``.
    public var underlying: (any Error)? { details.underlying }
    /// The message, including the path, without the near misses.
    var summary: String { details.summary }
    /// What to do about it.
    var advice: String { details.advice }

    /// A message a person can act on: what failed, the path, the near misses and a fix.
    public var description: String {
        ProblemText.message(
            summary: summary, registeredAt: registeredAt, nearMisses: nearMisses,
            underlying: underlying.map { "\($0)" }, advice: advice)
    }
}
