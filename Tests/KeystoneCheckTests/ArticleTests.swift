import Foundation
import KeystoneCheckCore
import Testing

/// The KeystoneCheck article says what the check reports; the check must say it.
@Suite struct ArticleTests {
    static let article = "Sources/Keystone/Keystone.docc/KeystoneCheck.md"

    /// The fenced blocks of the article in `language`, in order.
    static func blocks(_ language: String) throws -> [String] {
        let text = try String(contentsOf: Corpus.root.appendingPathComponent(article), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theCaptiveExampleFailsWithTheErrorTheArticleShows() throws {
        let wiring = try Self.blocks("swift")[1]
        let services = """
            protocol Clock: Sendable {}
            final class SystemClock: Clock {}
            final class PageRequest: Sendable {}
            final class ReportServer: Sendable { init(clock: Clock, context: PageRequest) {} }
            """
        let report = KeystoneCheck.run([
            SourceFile(path: "Sources/App/Wiring.swift", module: "App", text: wiring),
            SourceFile(path: "Sources/App/Services.swift", module: "App", text: services),
        ])
        let shown = try #require(Self.blocks("text").first).split(separator: "\n").joined(separator: " ")
        #expect(report.findings.map(\.diagnostic) == [shown])
    }

    @Test func theArticlesCompiledExamplesFailOnlyWhereTheArticleSays() throws {
        let path = "Tests/DocumentationTests/KeystoneCheckExamples.swift"
        let report = try Corpus.check([path], module: "DocumentationTests")
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.map(\.kind) == [.captiveDependency])
        #expect(errors.first?.message.hasPrefix("`ReportServer` (.singleton)") == true)
        #expect(!report.findings.contains { $0.severity == .warning })
    }

    /// The compiled examples of the README and of every DocC guide, file by file: the check
    /// reports an error only where a guide shows a problem on purpose, each a problem that
    /// `verify()` reports for that container too (the example's test checks it).
    @Test(
        "The guides' compiled examples fail only where a guide shows a problem",
        arguments: [
            // The Diagnostics and Verification articles: `Checkout` needs an unregistered
            // `PaymentService`.
            ("GuideExamples", [Finding.Kind.missingDependency, .missingDependency]),
            // The README's "Errors that explain themselves": `Session` needs an `APIClient` named
            // "mock"; and the Verification article's failing report: a singleton `ResponseCache`
            // keeps a transient `RequestContext`.
            ("ReadmeExamples", [.missingDependency, .captiveDependency]),
            // The KeystoneCheck article's example.
            ("KeystoneCheckExamples", [.captiveDependency]),
            // Zerk's example, translated as it is: its singleton keeps the transient it was built
            // with (the guide says so).
            ("MigrationZerkExamples", [.captiveDependency]),
            ("InjectionExamples", []),
            // Factory's example, translated as it is, in two containers: each singleton feed
            // keeps the transient client it was built with (the guide says so).
            ("MigrationFactoryExamples", [.captiveDependency, .captiveDependency]),
            ("MigrationKOInjectExamples", []),
            ("MigrationResolverExamples", []),
            ("MigrationSwinjectExamples", []),
            // Swoin's README example, translated as it is: its singleton `ThingFetcher` keeps the
            // transient `Thing` it was built with.
            ("MigrationSwoinExamples", [.captiveDependency]),
        ])
    func guideExamples(_ file: String, _ expected: [Finding.Kind]) throws {
        let report = try Corpus.check(["Tests/DocumentationTests/\(file).swift"], module: "DocumentationTests")
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.map(\.kind) == expected, "\(errors.map(\.diagnostic))")
    }

    @Test("Every compiled example file of the guides is checked")
    func everyGuideExampleFileIsChecked() {
        let checked: Set = [
            "GuideExamples", "ReadmeExamples", "KeystoneCheckExamples", "MigrationZerkExamples",
            "InjectionExamples", "MigrationFactoryExamples", "MigrationKOInjectExamples",
            "MigrationResolverExamples", "MigrationSwinjectExamples", "MigrationSwoinExamples",
            "DocumentationSyncTests",
        ]
        let files = Corpus.swiftFiles(in: "Tests/DocumentationTests").map {
            String($0.split(separator: "/").last!.dropLast(".swift".count))
        }
        #expect(Set(files) == checked)
    }
}
