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

    /// A place that explains a finding, shown as a compiler note after it: another member of a
    /// cycle.
    package struct Note: Sendable, Equatable {
        /// Where.
        package var site: Site
        /// What is there.
        package var message: String
    }

    /// How the build treats it.
    package var severity: Severity
    /// What kind of problem it is.
    package var kind: Kind
    /// Where it is reported: the resolve that fails (the registration when the resolve is
    /// implicit, as in `autoregister`).
    package var site: Site
    /// The registration `verify()` blames for it (`VerificationReport.Problem.registeredAt`):
    /// the one whose factory asks, the one a cycle returns to, the holder of a captive.
    package var registration: Site
    /// What `verify()` would say, ending with "To fix, …".
    package var message: String
    /// What the problem is about, for comparing with `verify()`: the missing key's path step,
    /// the cycle's members, or the holder and the captive.
    package var subject: [String]
    /// Other places that explain it.
    package var notes: [Note]
    /// Under which `#if` conditions it applies: always, for a graph without `#if`.
    package var applicability = Applicability.always

    /// A finding reported at `site`, about the registration at `registration` (`site` when nil).
    package init(
        severity: Severity,
        kind: Kind,
        site: Site,
        registration: Site? = nil,
        message: String,
        subject: [String],
        notes: [Note] = []
    ) {
        self.severity = severity
        self.kind = kind
        self.site = site
        self.registration = registration ?? site
        self.message = message
        self.subject = subject
        self.notes = notes
    }

    /// The finding as compiler diagnostics: `path:line:column: error: message`, then a
    /// `note:` line for each note.
    package var diagnostic: String {
        ([(site, severity.rawValue, message)] + notes.map { ($0.site, "note", $0.message) })
            .map { site, severity, message in "\(site.path):\(site.line):\(site.column): \(severity): \(message)" }
            .joined(separator: "\n")
    }
}
