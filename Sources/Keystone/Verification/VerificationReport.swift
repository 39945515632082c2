/// Everything ``Container/verify(samples:)`` found: every problem, what it could not check,
/// and the dependency graph it observed.
///
/// Print it to read it, in a terminal or in a test failure:
///
/// ```text
/// Keystone verification: 3 problems in 12 registrations (10 checked, 2 not checked).
///
/// Problems:
///   1. Missing dependency: Root → Session → APIClient("mock")
///      No registration for `APIClient` (name: "mock") while resolving `Root → Session`. …
///   2. Captive dependency: Cache → RequestContext
///      `Cache` (.singleton) keeps the `RequestContext` (.transient) it was built with …
/// ```
///
/// In a test, ``requireValid()`` turns the report into a thrown error when there is a problem:
///
/// ```swift
/// @Test func theGraphIsComplete() throws {
///     try makeContainer().verify().requireValid()
/// }
/// ```
public struct VerificationReport: Sendable, CustomStringConvertible {
    /// One problem in the graph, with the path that shows it.
    public struct Problem: Sendable, CustomStringConvertible {
        /// What kind of problem. An extensible set of values: compare with `==`.
        public struct Kind: Hashable, Sendable, CustomStringConvertible {
            let rawValue: String

            /// A registration needs a service that nothing provides.
            public static let missingDependency = Kind(rawValue: "missing dependency")
            /// A registration resolves a service with arguments that no registration takes.
            public static let argumentMismatch = Kind(rawValue: "argument mismatch")
            /// Registrations depend on each other in a circle.
            public static let cycle = Kind(rawValue: "cycle")
            /// A longer-lived instance keeps a shorter-lived one it was built with: a
            /// `.singleton` holding a `.transient`, `.graph`, `.weak` or `.cached` service, or a
            /// `.cached` instance holding one that is shorter-lived or cached in another scope.
            public static let captiveDependency = Kind(rawValue: "captive dependency")
            /// A factory or an after-creation hook threw.
            public static let factoryFailed = Kind(rawValue: "factory failed")
            /// A factory crashed (a `fatalError`, a force unwrap of nil, a failed
            /// `precondition`…) while verification ran it: reported instead of ending the
            /// process.
            public static let factoryCrashed = Kind(rawValue: "factory crashed")
            /// A type bound with `bind` could not be converted from the registered instance.
            public static let conversionFailed = Kind(rawValue: "conversion failed")
            /// A `.weak` registration builds a value type.
            public static let weakValueType = Kind(rawValue: "weak value type")
            /// One key was registered twice in the same container: the later registration
            /// silently replaced the earlier one.
            public static let duplicateRegistration = Kind(rawValue: "duplicate registration")
            /// A synchronous factory depends on a service whose factory is async.
            public static let asyncDependency = Kind(rawValue: "async dependency")
            /// The container was disposed.
            public static let disposed = Kind(rawValue: "disposed")

            /// The kind in words, such as `captive dependency`.
            public var description: String { rawValue }

            /// Whether a problem of this kind is the fault of the registration that asked (a
            /// missing dependency, wrong arguments, an async dependency), not of the one asked
            /// for: ``Problem/registeredAt`` then names the asking one.
            var blamesTheAsker: Bool {
                self == .missingDependency || self == .argumentMismatch || self == .asyncDependency
            }
        }

        /// What kind of problem.
        public let kind: Kind
        /// The services involved, outermost first, such as `["Root", "Session", "APIClient"]`.
        public let path: [String]
        /// What is wrong and how to fix it.
        public let message: String
        /// The resolution error verification ran into, when the problem is one.
        public let error: ResolutionError?
        /// Where the registration that causes the problem was made (`Module/File.swift:line`):
        /// the one whose factory asks for a missing service or for the wrong arguments, the one
        /// that closes a cycle or fails, the holder of a captive dependency, the later of two
        /// registrations of one key. Nil when no registration is to blame (a disposed
        /// container). A test can report the problem there (see `KeystoneTesting`).
        public let registeredAt: String?

        init(kind: Kind, path: [String], message: String, error: ResolutionError?, registeredAt: String?) {
            self.kind = kind
            self.path = path
            self.message = message
            self.error = error
            self.registeredAt = registeredAt
        }

        /// `Kind: path`, then the message; for a problem of the registration that asked (a
        /// missing dependency, wrong arguments, an async dependency), where that registration
        /// is, which the message, about what was asked for, does not say.
        public var description: String {
            let text =
                "\(kind.description.prefix(1).uppercased() + kind.description.dropFirst()): "
                + "\(path.joined(separator: " → "))\n     \(message)"
            guard let registeredAt, kind.blamesTheAsker else { return text }
            return text + "\n     Asked for by the factory registered at \(registeredAt)."
        }
    }

    /// A registration that verification did not build, and why.
    public struct Unchecked: Sendable, CustomStringConvertible {
        /// The registration, as diagnostics show it, such as a service type in backticks followed
        /// by its name and argument types.
        public let registration: String
        /// Where it was registered.
        public let registeredAt: String
        /// Why it was not checked, and what is therefore unknown.
        public let reason: String

        /// The registration, where it was made, and why it was not checked.
        public var description: String { "\(registration) at \(registeredAt): \(reason)" }
    }

    /// Every problem found, in the order of the registrations that showed them.
    public let problems: [Problem]
    /// The registrations that were not built.
    public let unchecked: [Unchecked]
    /// How many registrations of the verified container there are (bound types included).
    public let registrationCount: Int
    /// The dependency graph, as verification observed it.
    public let graph: DependencyGraph

    /// Whether verification found no problem. Unchecked registrations are not problems.
    public var isValid: Bool { problems.isEmpty }

    /// Throws a ``VerificationFailure`` carrying this report if it has any problem.
    ///
    /// One line makes verification part of a test suite: `try container.verify().requireValid()`.
    public func requireValid() throws(VerificationFailure) {
        if !isValid { throw VerificationFailure(report: self) }
    }

    /// The report as a person reads it: a summary line, the numbered problems, and what was
    /// not checked.
    public var description: String {
        let checked = registrationCount - unchecked.count
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        var text =
            "Keystone verification: \(problems.isEmpty ? "no problems" : count) in \(registrationCount) registrations "
            + "(\(checked) checked, \(unchecked.count) not checked)."
        if !problems.isEmpty {
            text += "\n\nProblems:"
            for (index, problem) in problems.enumerated() {
                text += "\n  \(index + 1). \(problem)"
            }
        }
        if !unchecked.isEmpty {
            text += "\n\nNot checked:"
            for item in unchecked {
                text += "\n  - \(item)"
            }
        }
        return text
    }
}

/// Thrown by ``VerificationReport/requireValid()`` when verification found problems; its
/// description is the whole report.
public struct VerificationFailure: Error, Sendable, CustomStringConvertible {
    /// The report with the problems.
    public let report: VerificationReport

    /// The report, as a person reads it.
    public var description: String { report.description }
}
