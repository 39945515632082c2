/// What a registration is found by, as `Container` keys it: the service type, the name and
/// the runtime argument types. Types are spelled qualified by the types they are nested in
/// (`Billing.Client`), so that two nested types of one name stay apart; messages print them as
/// `String(describing:)` does, so that they read exactly as `verify()`'s.
package struct ServiceKey: Hashable, Sendable {
    /// The service type: `APIClient`, `Optional<Logger>`, `Billing.Client`.
    package var service: String
    /// The name's raw value, nil for no name.
    package var name: String?
    /// The runtime argument types in order; empty for none.
    package var arguments: [String]

    /// A key from its parts.
    package init(service: String, name: String? = nil, arguments: [String] = []) {
        self.service = service
        self.name = name
        self.arguments = arguments
    }

    /// The argument list as `verify()` prints it: `(Game, Int)`, `(String)`.
    package var argumentList: String { "(\(arguments.map(TypeSpelling.displayed).joined(separator: ", ")))" }

    /// The service type as `verify()` prints it: `Client` for `Billing.Client`.
    package var displayedService: String { TypeSpelling.displayed(service) }

    /// The key as `verify()` describes a request: `` `Logger` (name: "audit", arguments: (Int)) ``.
    package var described: String {
        var details: [String] = []
        if let name { details.append("name: \"\(name)\"") }
        if !arguments.isEmpty { details.append("arguments: \(argumentList)") }
        return details.isEmpty
            ? "`\(displayedService)`" : "`\(displayedService)` (\(details.joined(separator: ", ")))"
    }

    /// One step of a resolution path: `Logger` or `Logger("audit")`.
    package var step: String { name.map { "\(displayedService)(\"\($0)\")" } ?? displayedService }
}

/// A lifetime as `Scope` has it, or unknown when the syntax does not fix it.
package enum ScopeKind: Hashable, Sendable, CustomStringConvertible {
    case transient
    case graph
    case weak
    case singleton
    case cached(String)

    /// Whether an instance of this scope is kept by the container.
    package var isHeld: Bool {
        switch self {
        case .singleton, .cached: true
        case .transient, .graph, .weak: false
        }
    }

    /// The scope as written in Swift, as `Scope` prints it.
    package var description: String {
        switch self {
        case .transient: ".transient"
        case .graph: ".graph"
        case .weak: ".weak"
        case .singleton: ".singleton"
        case .cached(let name): ".cached(\"\(name)\")"
        }
    }

    /// Whether an instance of `self`'s scope keeping one of `dependency`'s scope keeps it longer
    /// than that scope says: the rule of `verify()`.
    package func outlives(_ dependency: ScopeKind) -> Bool {
        switch (self, dependency) {
        case (.singleton, .singleton): false
        case (.singleton, _): true
        case (.cached(let a), .cached(let b)): a != b
        case (.cached, .singleton): false
        case (.cached, _): true
        default: false
        }
    }
}
