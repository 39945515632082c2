import KeystoneRules

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
        ProblemText.requested(
            service: displayedService, name: name.map { "\"\($0)\"" }, arguments: arguments.isEmpty ? nil : argumentList
        )
    }

    /// One step of a resolution path: `Logger` or `Logger("audit")`.
    package var step: String { ProblemText.step(service: displayedService, name: name.map { "\"\($0)\"" }) }
}
