import KeystoneCheckCore
import Testing

/// How the check reads registrations and resolves from syntax, on small targets written here
/// as text (the agreement tests compile theirs too).
@Suite struct ReadingTests {
    static func check(_ text: String) -> KeystoneCheck.Report {
        KeystoneCheck.run([SourceFile(path: "/app/Sources/App/Wiring.swift", module: "App", text: text)])
    }

    static func errors(_ text: String) -> [String] {
        check(text).findings.filter { $0.severity == .error }.map(\.message)
    }

    static let types = """
        protocol Store: Sendable {}
        final class DiskStore: Store {}
        final class API: Sendable {}
        final class Client: Sendable { init(api: API) {} }
        final class Feed: Sendable { init(store: any Store, api: API) {} init(store: any Store) {} }

        """

    @Test func aKeyIsReadFromAMetatypeANameConstantAndAScopeConstant() {
        let report = Self.check(
            Self.types + """
                extension Name { static let main: Name = "main" }
                extension Scope { static let session = Scope.cached("session") }
                func wire(_ container: Container) {
                    container.register((any Store).self, name: .main, scope: .session) { _ in DiskStore() }
                    container.register(scope: .session) { r in try Feed(store: r.resolve(name: .main)) }
                }
                """)
        #expect(report.findings.isEmpty, "\(report.findings.map(\.diagnostic))")
        #expect(report.registrationCount == 2)
    }

    @Test func aResolveIsTypedByTheParameterOfTheOverloadItsLabelsFit() {
        let messages = Self.errors(
            Self.types + """
                func wire(_ container: Container) {
                    container.register { r in try Feed(store: r.resolve()) }
                }
                """)
        #expect(
            messages == [
                "No registration for `Store` while resolving `Feed`. To fix, register `Store` in this container or one of its parents before resolving it."
            ])
    }

    @Test func aResolveTheSyntaxCannotTypeIsANoteNotAnError() {
        let report = Self.check(
            """
            struct Box<Value: Sendable>: Sendable { var value: Value }
            func wire(_ container: Container) {
                container.register { r in try Box<Int>(value: r.resolve()) }
                container.register { r in try External(value: r.resolve()) }
            }
            """)
        #expect(report.findings.map(\.severity) == [.note, .note])
        #expect(report.findings[1].message.contains("`External.init`, which is not declared in this target"))
    }

    @Test func aTypeAliasIsTheTypeItNames() {
        let messages = Self.errors(
            Self.types + """
                typealias Backend = API
                func wire(_ container: Container) {
                    container.register(Backend.self) { _ in API() }
                    container.register { r in try Client(api: r.resolve()) }
                }
                """)
        #expect(messages.isEmpty)
    }

    @Test func aFactoryFunctionIsReadLikeAClosure() {
        let messages = Self.errors(
            Self.types + """
                @Sendable func makeClient(_ r: Resolver) throws -> Client { try Client(api: r.resolve()) }
                func wire(_ container: Container) {
                    container.register(factory: makeClient)
                }
                """)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("No registration for `API` while resolving `Client`.") == true)
    }

    @Test func aBoundTypeAndAnOptionalResolveNeedNoOtherRegistration() {
        let messages = Self.errors(
            Self.types + """
                func wire(_ container: Container) {
                    container.register(scope: .singleton) { _ in DiskStore() }.bind(Store.self)
                    container.register { _ in API() }
                    container.register { r in try Feed(store: r.resolve(), api: r.resolve()) }
                    container.register { r in Client(api: r.resolveOptional() ?? API()) }
                }
                """)
        #expect(messages.isEmpty)
    }

    @Test func registrationsTheCheckCannotSeeMakeAMissingDependencyAWarning() {
        let report = Self.check(
            Self.types + """
                func wire(_ container: Container) {
                    container.registerNetworking()
                    container.register { r in try Client(api: r.resolve()) }
                }
                """)
        #expect(report.findings.map(\.severity) == [.note, .warning])
        #expect(!report.hasErrors)
    }

    @Test func aRegistrationWhoseKeyIsUnknownMayProvideWhatItBinds() {
        let report = Self.check(
            Self.types + """
                func wire(_ container: Container, name: Name) {
                    container.register(name: name) { _ in API() }.bind(Store.self) { _ in DiskStore() }
                    container.register { r in try Feed(store: r.resolve(name: name)) }
                    container.register { r in Feed(store: try r.resolve(Store.self)) }
                }
                """)
        #expect(report.findings.map(\.severity) == [.note, .note, .warning])
        #expect(!report.hasErrors)
    }

    @Test func aRegistrationInALoopIsNotGuessed() {
        let report = Self.check(
            Self.types + """
                func wire(_ container: Container) {
                    for name in ["a", "b"] {
                        container.register(API.self, name: Name(name)) { _ in API() }
                    }
                }
                """)
        #expect(report.findings.map(\.severity) == [.note])
        #expect(report.findings.first?.message.contains("it is made in a loop") == true)
    }

    @Test func anAsyncFactoryIsNotPartOfACycle() {
        let messages = Self.errors(
            """
            final class A: Sendable { init(b: B) {} }
            final class B: Sendable { init(a: A) {} }
            func wire(_ container: Container) {
                container.register { r in try await A(b: r.resolve()) }
                container.register { r in try B(a: r.resolve()) }
            }
            """)
        #expect(messages.isEmpty)
    }

    @Test func aSiteIsSilencedByAComment() {
        let text =
            Self.types + """
                func wire(_ container: Container) {
                    container.register { r in try Client(api: r.resolve()) }  // keystone-check:ignore
                    // keystone-check:ignore: registered by the platform
                    container.register { r in try Feed(store: r.resolve()) }
                    container.register { r in try Box(r.resolve()) }
                }
                """
        #expect(Self.check(text).findings.map(\.severity) == [.note])
        #expect(Self.check(text + "\n// keystone-check:no-notes\n").findings.isEmpty)
    }

    @Test func diagnosticsAreCompilerStyle() throws {
        let finding = try #require(
            Self.check(
                Self.types + """
                    func wire(_ container: Container) {
                        container.register { r in try Client(api: r.resolve()) }
                    }
                    """
            ).findings.first)
        #expect(finding.diagnostic.hasPrefix("/app/Sources/App/Wiring.swift:7:5: error: No registration for `API`"))
    }
}
