import KeystoneRules

/// How long a resolved instance lives, and who shares it.
///
/// | Scope | One instance per | Held by the container |
/// |---|---|---|
/// | ``transient`` | resolve | no |
/// | ``graph`` (default) | top-level resolution | no |
/// | ``weak`` | as long as someone else holds it | weakly |
/// | ``singleton`` | container (until `reset(.singleton)` or `dispose()`) | yes |
/// | ``cached(_:)`` | container, until `reset` of that scope | yes |
/// | ``request`` | ``RequestScope``, until it ends | by the request scope |
///
/// Declare your own cached scopes once:
///
/// ```swift
/// extension Scope {
///     static let session = Scope.cached("session")
/// }
///
/// container.register(Session.self, scope: .session) { _ in Session() }
/// container.reset(.session)  // on log-out
/// ```
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    /// The lifetime, as the rules shared with the build check model it.
    typealias Kind = Lifetime

    let kind: Kind

    /// Who keeps what this scope builds: what the engine acts on (see ``Holding``). Stored, so
    /// that a registration reads it rather than asking the rules, in another module, with a copy
    /// of `kind` (about 60 instructions of each registration).
    let holding: Holding

    /// Whether an instance outlives the resolution that built it: every scope but `.transient`
    /// and `.graph`, whose registrations never box an instance. Stored, so that a registration
    /// reads it in the caller's inlined code.
    @usableFromInline let keepsInstances: Bool

    init(kind: Kind) {
        self.kind = kind
        holding = kind.holding
        keepsInstances = !holding.isMadeForItsHolder
    }

    /// A new instance on every resolve.
    public static let transient = Scope(kind: .transient)

    /// One instance per top-level resolution: every service built while resolving one root
    /// shares it, the next resolution makes a new one. The default scope. A registration with
    /// runtime arguments is built from the first resolve's arguments in a resolution, and
    /// shared with the rest of it whatever they pass; use ``transient`` for one instance per
    /// argument list.
    public static let graph = Scope(kind: .graph)

    /// One instance shared for as long as something outside the container holds it
    /// strongly; then the next resolve builds a new one.
    ///
    /// The container keeps only a weak reference, which a value type cannot have. A `.weak`
    /// registration whose factory returns a value (a struct or enum) fails to resolve with
    /// ``ResolutionError/Kind/weakValueType`` instead of quietly acting as `.transient`.
    public static let weak = Scope(kind: .weak)

    /// One instance for the life of the container, built on first use.
    public static let singleton = Scope(kind: .singleton)

    /// One instance per container until ``Container/reset(_:)`` of this scope, such as a
    /// user session that ends on log-out.
    public static func cached(_ name: String) -> Scope { Scope(kind: .cached(name)) }

    /// One instance per ``RequestScope``: a server's request, a job, any unit of work that
    /// begins and ends. Declared once, on the app's container or in a module; each request
    /// scope builds its own on first use and disposes it, newest first, when it ends.
    ///
    /// Resolving a `.request` service anywhere but in a request scope fails with
    /// ``ResolutionError/Kind/noRequestScope``. A singleton that keeps one is a captive
    /// dependency, which ``Container/verify(samples:)`` reports.
    public static let request = Scope(kind: .request)

    /// Whether the container keeps a strong reference to what this scope builds.
    var isHeld: Bool { kind.isHeld }

    /// The scope as written in Swift, such as `.cached("session")`.
    public var description: String { kind.description }
}

/// What the `.weak` scope can hold of a value: the object itself, or the object an optional
/// wraps (so `register(Greeter?.self, scope: .weak)` holds the greeter weakly); nothing for
/// an optional's nil (the resolve returns nil and holds nothing); never a value type.
enum WeakHold {
    case object(AnyObject)
    case nothing
    case notAnObject

    init(_ value: Any) {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedAny else {
                self = .nothing
                return
            }
            self.init(wrapped)
        } else if type(of: value) is AnyClass {
            self = .object(value as AnyObject)
        } else {
            self = .notAnObject
        }
    }
}

/// An optional seen through `Any`, so that ``WeakHold`` can look inside it.
protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedAny: Any? { map { $0 as Any } }
}
