import Keystone
import Testing

@testable import KeystoneTesting

final class Needy: Sendable {
    init(_ greeter: Greeter) {}
}
final class Keeper: Sendable {
    init(_ needy: Needy) {}
}

@Suite("expectValidGraph")
struct ExpectValidGraphTests {
    @Test("Each problem is its own issue, at the registration that causes it")
    func eachProblemAtItsRegistration() throws {
        let container = Container()
        let missingLine = #line + 1
        container.register(Needy.self, scope: .transient) { r in try Needy(r.resolve()) }
        let captiveLine = #line + 1
        container.register(Keeper.self, scope: .singleton) { r in try Keeper(r.resolve()) }
        let here = SourceLocation(fileID: "Tests/Here.swift", filePath: "/Here.swift", line: 1, column: 1)

        let recorded = issues(of: container.verify(), defaultLocation: here)

        #expect(recorded.map(\.1.line).sorted() == [missingLine, captiveLine].sorted())
        #expect(recorded.allSatisfy { $0.1.fileID == "KeystoneTestingTests/ExpectValidGraphTests.swift" })
        let messages = recorded.map(\.0.rawValue)
        #expect(messages.contains { $0.hasPrefix("missing dependency: Needy → Greeter") && $0.contains("To fix") })
        #expect(messages.contains { $0.hasPrefix("captive dependency: Keeper → Needy") })
    }

    @Test("An issue at a registration carries the path of its file, which an editor opens")
    func issueCarriesThePath() {
        let container = Container()
        let line = #line + 1
        container.register(Needy.self, scope: .transient) { r in try Needy(r.resolve()) }
        let here = SourceLocation(
            fileID: "KeystoneTestingTests/ExpectValidGraphTests.swift", filePath: #filePath, line: #line, column: 1)

        let recorded = issues(of: container.verify(), defaultLocation: here)

        #expect(recorded.map(\.1.filePath) == [#filePath])
        #expect(recorded.map(\.1.fileID) == ["KeystoneTestingTests/ExpectValidGraphTests.swift"])
        #expect(recorded.map(\.1.line) == [line])
    }

    @Test("The issue expectValidGraph records carries that path")
    func recordedIssueCarriesThePath() {
        let container = Container()
        container.register(Needy.self, scope: .transient) { r in try Needy(r.resolve()) }

        withKnownIssue {
            expectValidGraph(container)
        } matching: { issue in
            issue.sourceLocation?.filePath == #filePath
                && issue.sourceLocation?.fileName == "ExpectValidGraphTests.swift"
        }
    }

    @Test("A registration whose file is not in the test's project keeps its file ID")
    func fileNotFoundKeepsTheID() {
        let site = registrationSite("SomeDependency/NotInThisProject.swift:12", near: #filePath)

        #expect(site?.filePath == "SomeDependency/NotInThisProject.swift")
        #expect(site?.fileID == "SomeDependency/NotInThisProject.swift")
        #expect(site?.line == 12)
    }

    @Test("A problem no registration is to blame for is reported where the check is")
    func disposedContainerAtTheCaller() {
        let container = Container()
        container.dispose()
        let here = SourceLocation(fileID: "Tests/Here.swift", filePath: "/Here.swift", line: 3, column: 1)

        let recorded = issues(of: container.verify(), defaultLocation: here)

        #expect(recorded.map(\.1) == [here])
    }

    @Test("A valid graph records nothing")
    func validGraph() {
        let container = Container()
        container.register(Greeter.self, scope: .singleton) { _ in Greeter(number: 1) }
        container.register(Needy.self) { r in try Needy(r.resolve()) }

        let report = expectValidGraph(container)

        #expect(report.isValid)
        #expect(report.registrationCount == 2)
    }
}
