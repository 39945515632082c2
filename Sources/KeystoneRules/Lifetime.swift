/// How long an instance lives, as its scope says: the one model of lifetimes that the container
/// (`Scope`) and the build check (`KeystoneCheckCore`) share, with the rule that says when keeping
/// one instance in another is a captive dependency.
///
/// A scope is its answers to three questions, each asked here and nowhere else:
///
/// | Scope | Who holds an instance (``holding``) | Dropped by `reset` of the scope | Outlives |
/// |---|---|---|---|
/// | `.transient` | nobody: every resolve builds one | nothing to drop | nothing |
/// | `.graph` | the top-level resolution | nothing to drop | nothing |
/// | `.weak` | the container, weakly | forgotten, not disposed | nothing |
/// | `.singleton` | the container | disposed and dropped | every scope but `.singleton` |
/// | `.cached(name)` | the container | disposed and dropped | every scope but `.singleton` and its own name |
/// | `.request` | the request scope it was built in | nothing to drop (the request ends it) | nothing |
///
/// The engine acts on ``holding`` alone: how it builds, shares, keeps and resets an instance.
/// So a new scope is a case here with its line in ``holding``, ``description``,
/// ``init(member:argument:)`` and ``outlives(_:)``, and its `Scope` constant; the container,
/// `verify()` and the build check then apply it.
package enum Lifetime: Hashable, Sendable, CustomStringConvertible {
    /// A new instance for every resolve.
    case transient
    /// One instance per top-level resolution.
    case graph
    /// One instance while someone else holds it.
    case weak
    /// One instance per container, until reset or disposed.
    case singleton
    /// One instance per container and cache name, until that cache is reset.
    case cached(String)
    /// One instance per request scope, until the request ends.
    case request

    /// Who keeps an instance of this lifetime once it is built.
    package var holding: Holding {
        switch self {
        case .transient: .nobody
        case .graph: .resolution
        case .weak: .containerWeakly
        case .singleton, .cached: .container
        case .request: .requestScope
        }
    }

    /// The lifetime a scope written `.member` or `.member("argument")` names, if it is one of
    /// the container's own: how the build check reads a scope from source.
    package init?(member: String, argument: String?) {
        switch (member, argument) {
        case ("transient", nil): self = .transient
        case ("graph", nil): self = .graph
        case ("weak", nil): self = .weak
        case ("singleton", nil): self = .singleton
        case ("cached", let name?): self = .cached(name)
        case ("request", nil): self = .request
        default: return nil
        }
    }

    /// Whether the container keeps the instance (and disposes it).
    package var isHeld: Bool { holding == .container }

    /// Whether an instance of this lifetime is made for the one that resolves it, and so lives
    /// as long as that one keeps it: what is built through it is kept by its holder too.
    package var isMadeForItsHolder: Bool { holding.isMadeForItsHolder }

    /// The scope as written in Swift: `.singleton`, `.cached("session")`.
    package var description: String {
        switch self {
        case .transient: ".transient"
        case .graph: ".graph"
        case .weak: ".weak"
        case .singleton: ".singleton"
        case .cached(let name): ".cached(\"\(name)\")"
        case .request: ".request"
        }
    }

    /// Whether an instance of this lifetime keeping one of `dependency`'s keeps it longer than
    /// `dependency` allows.
    package func outlives(_ dependency: Lifetime) -> Bool {
        switch (self, dependency) {
        case (.singleton, .singleton): false
        case (.singleton, _): true
        case (.cached(let a), .cached(let b)): a != b
        case (.cached, .singleton): false
        case (.cached, _): true
        default: false
        }
    }

    /// The captive rule: whether a held instance of this lifetime that keeps `dependency` —
    /// `directly` (it resolved it) or through instances made for it — keeps it too long. Through
    /// others, only what outlives its maker is kept: an instance that is not made for its holder
    /// (a held, weak or request-scoped one).
    package func keepsCaptive(_ dependency: Lifetime, directly: Bool) -> Bool {
        isHeld && outlives(dependency) && (directly || !dependency.isMadeForItsHolder)
    }
}

/// Who keeps an instance once it is built: the part of a scope that decides how the container
/// resolves, shares, keeps and resets it (see ``Lifetime``).
package enum Holding: Hashable, Sendable {
    /// Nobody: every resolve builds a new instance, which the caller owns.
    case nobody
    /// The top-level resolution that built it: every resolve in that resolution shares it, and
    /// it is let go when the resolution ends.
    case resolution
    /// The container, weakly: shared while something else holds it strongly. `reset` forgets
    /// it, without disposing what the container never owned.
    case containerWeakly
    /// The container, strongly: shared until `reset` of its scope or `dispose()`, which dispose
    /// it.
    case container
    /// The request scope that built it: shared in that request, disposed when it ends.
    case requestScope

    /// Whether an instance held this way is made for the one that resolves it: nobody else
    /// shares it beyond the resolution.
    package var isMadeForItsHolder: Bool {
        switch self {
        case .nobody, .resolution: true
        case .containerWeakly, .container, .requestScope: false
        }
    }
}
