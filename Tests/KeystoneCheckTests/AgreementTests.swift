import Foundation
import Keystone
import KeystoneCheckCore
import Testing

@testable import KeystoneExample

/// Each composition root of the corpus is compiled into this target and read as text by the
/// check: the check's errors must be what `verify()` reports at run time, case by case.
@Suite struct AgreementTests {
    /// One composition root: its file (or folder) and the container it wires.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        let paths: [String]
        let module: String
        /// The containers the file wires: the check reads the file, `verify()` each of them.
        let make: @Sendable () throws -> [Container]
        /// How many errors of each kind the check must report.
        let errors: [Finding.Kind: Int]

        var testDescription: String { name }

        init(
            _ file: String,
            errors: [Finding.Kind: Int] = [:],
            make: @escaping @Sendable () throws -> Container
        ) {
            self.init(file, errors: errors, makeAll: { [try make()] })
        }

        init(
            _ file: String,
            errors: [Finding.Kind: Int] = [:],
            makeAll: @escaping @Sendable () throws -> [Container]
        ) {
            self.name = file
            self.paths = ["Tests/KeystoneCheckTests/Corpus/\(file).swift"]
            self.module = "KeystoneCheckTests"
            self.errors = errors
            self.make = makeAll
        }

        init(name: String, file: String, make: @escaping @Sendable () throws -> Container) {
            self.init(file, make: make)
            self.name = name
        }

        init(name: String, folder: String, module: String, make: @escaping @Sendable () throws -> Container) {
            self.name = name
            self.paths = Corpus.swiftFiles(in: folder)
            self.module = module
            self.errors = [:]
            self.make = { [try make()] }
        }
    }

    static let cases: [Case] = [
        Case("ReadmeWiring") { ReadmeWiring.makeContainer() },
        Case(name: "The example app", folder: "Sources/KeystoneExample", module: "KeystoneExample") {
            try KeystoneExample.makeContainer()
        },
        Case("MissingDependencies", errors: [.missingDependency: 2, .argumentMismatch: 1]) {
            MissingDependencies.makeContainer()
        },
        Case("Cycles", errors: [.cycle: 2]) { Cycles.makeContainer() },
        Case("Captives", errors: [.captiveDependency: 3]) { Captives.makeContainer() },
        Case("RequestScopes", errors: [.missingDependency: 1, .captiveDependency: 1]) {
            RequestScopes.makeContainer()
        },
        Case("ModuleWiring", errors: [.missingDependency: 1]) { try ModuleWiring.makeContainer() },
        Case("Autoregistered", errors: [.missingDependency: 1]) { Autoregistered.makeContainer() },
        Case("Undecided") { Undecided.makeContainer() },
        Case("Silenced") { Silenced.makeContainer() },
        Case("ValidShapes") { ValidShapes.makeContainer() },
        Case(name: "ValidShapes, the container made with a default scope", file: "ValidShapes") {
            ValidShapes.makeTickerContainer()
        },
        Case("BrokenShapes", errors: [.missingDependency: 3]) { BrokenShapes.makeContainer() },
        Case("Conditional", errors: [.missingDependency: 2]) { Conditional.makeContainer() },
        Case(
            "LiveGraph", errors: [.missingDependency: 2, .captiveDependency: 1], makeAll: { LiveGraph.makeContainers() }
        ),
    ]

    /// The `#if` conditions of the corpus, as this build has them.
    static var compiled: [String: Bool] {
        #if DEBUG
            ["DEBUG": true]
        #else
            ["DEBUG": false]
        #endif
    }

    /// The kinds of problem the check decides; `verify()` reports others too (factories that
    /// throw, keys registered twice), which the syntax cannot show.
    static let decidedKinds: [VerificationReport.Problem.Kind: Finding.Kind] = [
        .missingDependency: .missingDependency,
        .argumentMismatch: .argumentMismatch,
        .cycle: .cycle,
        .captiveDependency: .captiveDependency,
    ]

    @Test("The check and verify() agree", arguments: cases)
    func agree(_ corpusCase: Case) throws {
        let report = try Corpus.check(corpusCase.paths, module: corpusCase.module)
        let problems = try corpusCase.make().flatMap { $0.verify().problems }.filter {
            Self.decidedKinds[$0.kind] != nil
        }
        // Only what this build compiles: the check leaves `#if` to the compiler.
        let errors = report.findings.filter { $0.severity == .error && $0.applicability.holds(under: Self.compiled) }

        // The errors the case seeds, by kind.
        var counts: [Finding.Kind: Int] = [:]
        for error in errors { counts[error.kind, default: 0] += 1 }
        #expect(counts == corpusCase.errors, "\(report.findings.map(\.diagnostic))")

        // Every error of the check is a problem verify() finds, in the same words where the
        // path is the same.
        for error in errors {
            let match = problems.first { Self.matches($0, error) }
            #expect(match != nil, "verify() does not report: \(error.diagnostic)")
            if let match, Self.samePath(match, error) {
                #expect(match.message == error.message)
            }
        }
        // Every problem verify() finds is an error of the check at the same registration, unless
        // the check said it could not decide there, or the site is silenced.
        // Every problem verify() finds is an error of the check at the same registration, or the
        // check says at that registration why it cannot decide (a note or a warning there), or
        // the site is silenced.
        let said = report.findings.filter { $0.severity != .error }.flatMap {
            [$0.site.description, $0.registration.description]
        }
        for problem in problems {
            let found = errors.contains {
                Self.matches(problem, $0) && $0.registration.description == problem.registeredAt
            }
            let explained = problem.registeredAt.map(said.contains) ?? false || corpusCase.name == "Silenced"
            #expect(found || explained, "the check misses: \(problem.kind) at \(problem.registeredAt ?? "?")")
        }
    }

    /// Whether a finding of the check is about the same problem as one of verify().
    static func matches(_ problem: VerificationReport.Problem, _ finding: Finding) -> Bool {
        guard decidedKinds[problem.kind] == finding.kind else { return false }
        switch finding.kind {
        case .missingDependency, .argumentMismatch:
            return problem.path.last == finding.subject.first
        case .cycle:
            return Set(cycleMembers(problem.path)) == Set(finding.subject)
        case .captiveDependency:
            return problem.path.first == finding.subject.first && problem.path.last == finding.subject.last
        case .undecided:
            return false
        }
    }

    /// Whether verify() took the path the check reports (it starts at the registration the
    /// check reports at), so that their messages must be the same.
    static func samePath(_ problem: VerificationReport.Problem, _ finding: Finding) -> Bool {
        guard problem.registeredAt == finding.registration.description else { return false }
        switch finding.kind {
        case .missingDependency, .argumentMismatch: return problem.path.count == 2
        case .cycle: return problem.path.first == problem.path.last
        case .captiveDependency: return true
        case .undecided: return false
        }
    }

    /// The services of the cycle at the end of `path`.
    static func cycleMembers(_ path: [String]) -> [String] {
        guard let last = path.last, let start = path.firstIndex(of: last) else { return path }
        return Array(path[start..<(path.count - 1)])
    }
}

/// Reads the corpus from this repository.
enum Corpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // KeystoneCheckTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The Swift files of `folder`, relative to the repository.
    static func swiftFiles(in folder: String) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }

    /// Runs the check on the files at `paths` as the target `module`.
    static func check(_ paths: [String], module: String) throws -> KeystoneCheck.Report {
        let files = try paths.map { path in
            SourceFile(
                path: path, module: module,
                text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
        return KeystoneCheck.run(files)
    }
}
