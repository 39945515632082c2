/// The words of every graph problem, for `verify()` and `ResolutionError` at run time and for the
/// build check at compile time: one text, so that both say the same thing and a rewording is one
/// edit. Types and names come in already spelled as messages show them (`` `APIClient` ``,
/// `"audit"`).
package enum ProblemText {
    /// A requested key: `` `APIClient` (name: "mock", arguments: (Int)) ``.
    package static func requested(service: String, name: String?, arguments: String?) -> String {
        var details: [String] = []
        if let name { details.append("name: \(name)") }
        if let arguments { details.append("arguments: \(arguments)") }
        return details.isEmpty ? "`\(service)`" : "`\(service)` (\(details.joined(separator: ", ")))"
    }

    /// One step of a resolution path: `Logger` or `Logger("audit")`.
    package static func step(service: String, name: String?) -> String {
        name.map { "\(service)(\($0))" } ?? service
    }

    /// " while resolving `Root → Session`" for a path that leads to the request, or nothing.
    package static func whileResolving(_ requesters: [String]) -> String {
        requesters.isEmpty ? "" : " while resolving `\(requesters.joined(separator: " → "))`"
    }

    /// A registration offered as a near miss.
    package static func nearMiss(service: String, name: String?, arguments: String?, scope: String, at site: String)
        -> String
    {
        "`\(service)`, \(name.map { "name: \($0)" } ?? "no name"), "
            + "\(arguments.map { "arguments: \($0)" } ?? "no arguments"), scope: \(scope) at \(site)"
    }

    /// Nothing provides the request.
    package static func missingSummary(_ requested: String, whileResolving path: String) -> String {
        "No registration for \(requested)\(path)."
    }

    /// How to fix a missing registration of `service`, with or without near misses.
    package static func missingAdvice(service: String, name: String?, hasNearMisses: Bool) -> String {
        hasNearMisses
            ? "resolve it under a name it is registered with, or register it under \(name.map { "name \($0)" } ?? "no name")."
            : "register `\(service)` in this container or one of its parents before resolving it."
    }

    /// The service is registered, but with other runtime arguments.
    package static func argumentMismatchSummary(_ requested: String, whileResolving path: String) -> String {
        "No registration of \(requested) takes these arguments\(path)."
    }

    /// How to fix an argument mismatch.
    package static func argumentMismatchAdvice(arguments: String) -> String {
        "pass the arguments the registration declares, in the same order and with the same types, or register a factory for \(arguments)."
    }

    /// A cycle, along its path.
    package static func cycleSummary(_ path: [String]) -> String {
        "Dependency cycle: \(path.joined(separator: " → "))."
    }

    /// How to break a cycle.
    package static let cycleAdvice =
        "break the cycle: let one side receive the other after creation with `.then { resolver, instance in … }`, or resolve it when first needed through a `LazyResolver` (or a stored `Resolver`)."

    /// A held instance keeping a shorter-lived one.
    package static func captive(
        holder: String,
        holderScope: String,
        holderSite: String,
        dependency: String,
        dependencyScope: String,
        dependencySite: String
    ) -> String {
        "`\(holder)` (\(holderScope)), registered at \(holderSite), keeps the `\(dependency)` (\(dependencyScope)) it was built with, "
            + "registered at \(dependencySite), for as long as it lives: longer than \(dependencyScope) allows. "
            + "To fix, give `\(dependency)` a scope that lives at least as long, make `\(holder)` shorter-lived, "
            + "or resolve it when needed through a stored `Resolver`."
    }

    /// A whole message, in the order `ResolutionError` prints it.
    package static func message(
        summary: String,
        registeredAt: String? = nil,
        nearMisses: [String] = [],
        underlying: String? = nil,
        advice: String
    ) -> String {
        var text = summary
        if let registeredAt { text += " Registered at \(registeredAt)." }
        if !nearMisses.isEmpty { text += " Registered instead: \(nearMisses.joined(separator: "; "))." }
        if let underlying { text += " Underlying error: \(underlying)." }
        return text + " To fix, " + advice
    }
}
