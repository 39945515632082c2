// The examples of the KeystoneCheck article (Sources/Keystone/Keystone.docc/KeystoneCheck.md),
// compiled and verified at run time: `verify()` finds what the article says the build check
// reports. KeystoneCheckTests reads this file with the check itself and expects the same.
import Foundation
import Keystone
import Testing

protocol Clock: Sendable {}
final class SystemClock: Clock {}
final class PageRequest: Sendable {}
final class ReportServer: Sendable {
    init(clock: Clock, context: PageRequest) {}
}
final class ReportWriter: Sendable {
    init(clock: Clock) {}
}
final class Alarm: Sendable {
    init(clock: Clock) {}
}

@Suite("The KeystoneCheck article")
struct KeystoneCheckArticleTests {
    /// The manifest lines the article shows, checked against this package's manifest.
    static let manifest = """
        .executableTarget(
            name: "App",
            dependencies: [.product(name: "Keystone", package: "Keystone")],
            plugins: [.plugin(name: "KeystoneCheck", package: "Keystone")]
        )
        """

    @Test func theManifestNamesThePluginThisPackageDeclares() throws {
        let package = try DocumentationText.read("Package.swift")
        #expect(package.contains(#".plugin(name: "KeystoneCheck", targets: ["KeystoneCheck"])"#))
        #expect(Self.manifest.contains(#"plugins: [.plugin(name: "KeystoneCheck", package: "Keystone")]"#))
    }

    @Test func aSingletonKeepingATransientIsACaptiveDependency() throws {
        let server = Container()
        server.register(Clock.self, scope: .singleton) { _ in SystemClock() }
        server.register(scope: .transient) { _ in PageRequest() }
        server.register(scope: .singleton) { r in try ReportServer(clock: r.resolve(), context: r.resolve()) }

        let problems = server.verify().problems
        #expect(problems.map(\.kind) == [.captiveDependency])
        #expect(problems.first?.path == ["ReportServer", "PageRequest"])
    }

    @Test func aResolveIsTypedByTheParameterItIsPassedTo() throws {
        let server = Container()
        server.register(Clock.self, scope: .singleton) { _ in SystemClock() }
        server.register { r in try ReportWriter(clock: r.resolve()) }
        #expect(server.verify().isValid)
    }

    @Test func aSilencedSiteIsStillFoundByVerify() throws {
        let server = Container()
        // keystone-check:ignore — the platform module registers the clock at launch
        server.register { r in try Alarm(clock: r.resolve()) }
        #expect(server.verify().problems.map(\.kind) == [.missingDependency])
    }
}
