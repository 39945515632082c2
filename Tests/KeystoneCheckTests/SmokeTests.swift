import KeystoneCheckCore
import Testing

@Suite struct SmokeTests {
    @Test func aMissingDependencyIsAnError() {
        let text = """
            import Keystone
            final class API {}
            final class Store { init(api: API) {} }
            func wire(_ container: Container) {
                container.register { r in try Store(api: r.resolve()) }
            }
            """
        let report = KeystoneCheck.run([SourceFile(path: "/x/Wiring.swift", module: "App", text: text)])
        #expect(report.findings.map(\.severity) == [.error])
        #expect(report.findings.first?.message.hasPrefix("No registration for `API` while resolving `Store`.") == true)
    }
}
