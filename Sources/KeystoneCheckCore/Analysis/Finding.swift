/// One thing the check reports, at a site.
package struct Finding: Sendable, Equatable {
    /// How the build treats it.
    package enum Severity: String, Sendable {
        /// The graph cannot work: the build fails.
        case error
        /// Probably wrong, but something the check cannot see may make it work.
        case warning
        /// What the check could not decide, said once.
        case note
    }

    /// What kind of problem it is, with `verify()`'s names.
    package enum Kind: String, Sendable {
        /// A dependency nothing registers.
        case missingDependency
        /// A dependency registered, but with other runtime arguments.
        case argumentMismatch
        /// A cycle of dependencies built while building each other.
        case cycle
        /// A held instance keeping a shorter-lived one.
        case captiveDependency
        /// Something the syntax does not settle.
        case undecided
    }

    /// How the build treats it.
    package var severity: Severity
    /// What kind of problem it is.
    package var kind: Kind
    /// The registration (or, for a note, the resolve) it is reported at.
    package var site: Site
    /// What `verify()` would say, ending with "To fix, …".
    package var message: String
    /// What the problem is about, for comparing with `verify()`: the missing key's path step,
    /// the cycle's members, or the holder and the captive.
    package var subject: [String]

    /// The finding as a compiler diagnostic: `path:line:column: error: message`.
    package var diagnostic: String {
        "\(site.path):\(site.line):\(site.column): \(severity.rawValue): \(message)"
    }
}
