import Keystone
import Testing

/// Verifies `container` and records each problem as its own test issue, at the registration
/// that causes it.
///
/// Where `VerificationReport.requireValid()` fails a test with one message listing
/// every problem, this reports each one separately, located at the file and line of the
/// registration to fix (the one that asks for a missing service, closes a cycle, holds a
/// captive dependency, or registers a key again), with the same "To fix, …" advice, so that
/// an IDE shows it in place.
///
/// ```swift
/// @Test func theGraphIsComplete() {
///     expectValidGraph(makeAppContainer())
/// }
/// ```
///
/// - Parameters:
///   - container: The container to verify; `Container.shared` by default.
///   - samples: Arguments for registrations that take them.
///   - sourceLocation: Where to report a problem that no registration is to blame for.
/// - Returns: The report, for further checks.
@discardableResult
public func expectValidGraph(
    _ container: Container = .shared,
    samples: VerificationSamples = VerificationSamples(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> VerificationReport {
    let report = container.verify(samples: samples)
    for (comment, location) in issues(of: report, defaultLocation: sourceLocation) {
        Issue.record(comment, sourceLocation: location)
    }
    return report
}

/// What ``expectValidGraph(_:samples:sourceLocation:)`` records: one issue per problem, at its
/// registration when the report names one, else at `defaultLocation`.
func issues(of report: VerificationReport, defaultLocation: SourceLocation) -> [(Comment, SourceLocation)] {
    report.problems.map { problem in
        (
            Comment(rawValue: "\(problem.kind): \(problem.path.joined(separator: " → "))\n\(problem.message)"),
            problem.registeredAt.flatMap(registrationSite) ?? defaultLocation
        )
    }
}

/// The source location of a registration site written `Module/File.swift:line`. Registrations
/// keep the file's ID, not its path, so the ID stands for both.
func registrationSite(_ text: String) -> SourceLocation? {
    guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]), line > 0
    else { return nil }
    let fileID = String(text[..<colon])
    guard fileID.contains("/") else { return nil }
    return SourceLocation(fileID: fileID, filePath: fileID, line: line, column: 1)
}
