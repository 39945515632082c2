/// How long an instance lives, as its scope says: the one model of lifetimes that the container
/// (`Scope`) and the build check (`KeystoneCheckCore`) share, with the rule that says when keeping
/// one instance in another is a captive dependency. A new scope is a case here and a line in
/// each rule below; both checks then apply it.
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

    /// Whether the container keeps the instance (and disposes it).
    package var isHeld: Bool {
        switch self {
        case .singleton, .cached: true
        case .transient, .graph, .weak, .request: false
        }
    }

    /// Whether an instance of this lifetime is made for the one that resolves it, and so lives
    /// as long as that one keeps it: what is built through it is kept by its holder too.
    package var isMadeForItsHolder: Bool {
        switch self {
        case .transient, .graph: true
        case .weak, .singleton, .cached, .request: false
        }
    }

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
    /// others, only what outlives its maker is kept: a held, weak or request-scoped instance.
    package func keepsCaptive(_ dependency: Lifetime, directly: Bool) -> Bool {
        isHeld && outlives(dependency)
            && (directly || dependency.isHeld || dependency == .weak || dependency == .request)
    }
}
