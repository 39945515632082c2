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
/// Each scope's answers are one line, its ``Rule`` (in ``rule``); everything else is derived
/// from the rules: who holds an instance, how the scope is written and read back, the captive
/// rule, and, in the container, how it builds, shares, keeps, resets and draws an instance
/// (all from ``holding``). So a new scope is a case here, its line in ``rule`` and in ``all``,
/// and its `Scope` constant; the container, `verify()`, its pictures and the build check then
/// apply it.
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

    /// Every scope, with a placeholder name for `cached`: the list that reading a scope back
    /// from source (``init(member:argument:)``) goes through.
    package static let all: [Lifetime] = [.transient, .graph, .weak, .singleton, .cached("name"), .request]

    /// What a scope is, in one line: how it is written, who holds its instances, and how long a
    /// held one lasts against others.
    package struct Rule: Sendable {
        /// The member that names the scope in Swift: `singleton` for `.singleton`.
        package let member: String
        /// The name a scope written with one carries: `session` for `.cached("session")`.
        package let name: String?
        /// Who keeps an instance once it is built.
        package let holding: Holding
        /// How long a held instance lasts, against the others: what the captive rule compares.
        package let lasts: Span
        /// The scope of another name, for a scope written with one (`.cached`): how reading
        /// `.member("name")` back from source makes it.
        package let named: (@Sendable (String) -> Lifetime)?

        init(
            member: String,
            name: String? = nil,
            holding: Holding,
            lasts: Span,
            named: (@Sendable (String) -> Lifetime)? = nil
        ) {
            self.member = member
            self.name = name
            self.holding = holding
            self.lasts = lasts
            self.named = named
        }
    }

    /// How long a held instance lasts, shortest first.
    package enum Span: Int, Comparable, Sendable {
        /// No longer than what holds it: a resolve's, a resolution's, a request's, or as long as
        /// someone else keeps it.
        case itsHolder
        /// Until its cache is reset.
        case itsCache
        /// As long as the container.
        case theContainer

        package static func < (lhs: Span, rhs: Span) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// This scope's rule: the one line per scope that everything else is derived from.
    package var rule: Rule {
        switch self {
        case .transient: Rule(member: "transient", holding: .nobody, lasts: .itsHolder)
        case .graph: Rule(member: "graph", holding: .resolution, lasts: .itsHolder)
        case .weak: Rule(member: "weak", holding: .containerWeakly, lasts: .itsHolder)
        case .singleton: Rule(member: "singleton", holding: .container, lasts: .theContainer)
        case .cached(let name):
            Rule(member: "cached", name: name, holding: .container, lasts: .itsCache, named: Lifetime.cached)
        case .request: Rule(member: "request", holding: .requestScope, lasts: .itsHolder)
        }
    }

    /// Who keeps an instance of this lifetime once it is built.
    package var holding: Holding { rule.holding }

    /// The lifetime a scope written `.member` or `.member("argument")` names, if it is one of
    /// the container's own: how the build check reads a scope from source.
    package init?(member: String, argument: String?) {
        guard let lifetime = Self.all.first(where: { $0.rule.member == member }) else { return nil }
        switch (argument, lifetime.rule.named) {
        case (nil, nil): self = lifetime
        case (let argument?, let named?): self = named(argument)
        default: return nil  // a name where the scope takes none, or none where it takes one
        }
    }

    /// Whether the container keeps the instance (and disposes it).
    package var isHeld: Bool { holding == .container }

    /// Whether an instance of this lifetime is made for the one that resolves it, and so lives
    /// as long as that one keeps it: what is built through it is kept by its holder too.
    package var isMadeForItsHolder: Bool { holding.isMadeForItsHolder }

    /// The scope as written in Swift: `.singleton`, `.cached("session")`.
    package var description: String {
        let rule = rule
        guard let name = rule.name else { return ".\(rule.member)" }
        return ".\(rule.member)(\"\(name)\")"
    }

    /// Whether an instance of this lifetime keeping one of `dependency`'s keeps it longer than
    /// `dependency` allows: it lasts longer, or as long but ends apart (another cache).
    package func outlives(_ dependency: Lifetime) -> Bool {
        let mine = rule.lasts
        let theirs = dependency.rule.lasts
        return mine > theirs || (mine == theirs && mine != .itsHolder && self != dependency)
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
