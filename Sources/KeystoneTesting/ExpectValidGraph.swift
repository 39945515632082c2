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
/// A registration keeps its file's ID (`AppCore/Wiring.swift`), not its path; the issue carries
/// the path of that file, found in the project of the test that calls this (from the folder of
/// its file up to the repository's root), so that an editor opens it. Where the file is not
/// found there (the sources are elsewhere, or two modules' files of that name cannot be told
/// apart), the issue keeps the file ID.
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
/// registration when the report names one, else at `defaultLocation`. A registration's file is
/// looked for from `defaultLocation`'s file.
func issues(of report: VerificationReport, defaultLocation: SourceLocation) -> [(Comment, SourceLocation)] {
    report.problems.map { problem in
        (
            Comment(rawValue: "\(problem.kind): \(problem.path.joined(separator: " → "))\n\(problem.message)"),
            problem.registeredAt.flatMap { registrationSite($0, near: defaultLocation.filePath) } ?? defaultLocation
        )
    }
}

/// The source location of a registration site written `Module/File.swift:line`, with the path
/// of that file as found from `anchor`, a file of the project (see ``SourcePaths``); with the
/// file ID for a path when it is not found.
func registrationSite(_ text: String, near anchor: String) -> SourceLocation? {
    guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]), line > 0
    else { return nil }
    let fileID = String(text[..<colon])
    guard fileID.contains("/") else { return nil }
    let filePath = SourcePaths.path(forFileID: fileID, near: anchor) ?? fileID
    return SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1)
}
