import KeystoneCheckCore
import Testing

/// How the check reads registrations and resolves from syntax, on small targets written here
/// as text (the agreement tests compile theirs too).
@Suite struct ReadingTests {
    /// Checks `text` as the one file of a target. Its `wire` helper is called, as an app's
    /// composition root calls it (a helper nothing calls registers nothing).
    static func check(_ text: String) -> KeystoneCheck.Report {
        let root = text.contains("func wire(") ? "\nfunc launch() { wire(Container()) }\n" : ""
        return KeystoneCheck.run([SourceFile(path: "/app/Sources/App/Wiring.swift", module: "App", text: text + root)])
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
                public final class Remote: Sendable {}
                final class Gateway: Sendable { init(remote: Remote) {} }
                func wire(_ container: Container) {
                    container.registerNetworking()
                    container.register { r in try Gateway(remote: r.resolve()) }
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
        #expect(finding.diagnostic.hasPrefix("/app/Sources/App/Wiring.swift:7:47: error: No registration for `API`"))
    }

    // MARK: Sure before it errs

    @Test func aGenericRegistrationProvidesEveryInstantiation() {
        let report = Self.check(
            Self.types + """
                protocol Entity: Sendable {}
                struct Article: Entity {}
                final class Repository<E: Entity>: Sendable { init(api: API, store: Store<E>) {} }
                final class Feed: Sendable { init(articles: Repository<Article>) {} }
                func reg<E: Entity>(_: E.Type, in c: Container) {
                    c.register(Repository<E>.self) { r in try Repository<E>(api: r.resolve(), store: r.resolve()) }
                }
                func wire(_ container: Container) {
                    container.register { _ in API() }
                    reg(Article.self, in: container)
                    container.register { r in try Feed(articles: r.resolve()) }
                }
                """)
        #expect(!report.hasErrors, "\(report.findings.map(\.diagnostic))")
        // `Store<E>` depends on the call: a note, not a guess.
        #expect(report.findings.map(\.severity) == [.note])
    }

    @Test func tryQuestionMarkAndDoCatchMakeAResolveOptional() {
        let messages = Self.errors(
            Self.types + """
                final class Analytics: Sendable {}
                final class Bookmarks: Sendable { init(api: API?, analytics: Analytics?) {} }
                func wire(_ container: Container) {
                    container.register { r in Bookmarks(api: try? r.resolve(), analytics: nil) }
                    container.register(name: "b") { r in
                        do { return Bookmarks(api: nil, analytics: try r.resolve(Analytics.self)) } catch { return Bookmarks(api: nil, analytics: nil) }
                    }
                    container.register(name: "c") { r in try? Bookmarks(api: nil, analytics: r.resolve(Analytics.self)) }
                }
                """)
        #expect(messages.isEmpty)
    }

    @Test func nestedTypesAreNamedAsSwiftLooksThemUp() {
        let text = """
            enum Billing {
                final class Client: Sendable {}
                final class Invoices: Sendable { init(client: Client) {} }
            }
            enum Shipping {
                final class Client: Sendable {}
                final class Labels: Sendable { init(client: Client) {} }
            }
            final class Checkout: Sendable { init(client: Billing.Client, invoices: Billing.Invoices) {} }
            func wire(_ container: Container) {
                container.register { _ in Billing.Client() }
                container.register { r in try Billing.Invoices(client: r.resolve()) }
                container.register { r in try Checkout(client: r.resolve(), invoices: r.resolve()) }
                container.register { r in try Shipping.Labels(client: r.resolve()) }
            }
            """
        // Only `Shipping.Client` is missing; it prints as `verify()` prints it.
        #expect(
            Self.errors(text) == [
                "No registration for `Client` while resolving `Labels`. To fix, register `Client` in this container or one of its parents before resolving it."
            ])
    }

    @Test func aNameConstantIsTheOneOfTheTypeThatDeclaresIt() {
        let messages = Self.errors(
            Self.types + """
                extension Name { static let primary: Name = "primary" }
                enum Billing { static let primary: Name = "billing" }
                func wire(_ container: Container) {
                    container.register(name: Billing.primary) { _ in API() }
                    container.register(name: .primary) { r in try Client(api: r.resolve(name: Billing.primary)) }
                    container.register { r in try Client(api: r.resolve(name: .primary)) }
                }
                """)
        #expect(messages.count == 1)
        #expect(
            messages.first?.hasPrefix("No registration for `API` (name: \"primary\") while resolving `Client`.") == true
        )
    }

    @Test func theDefaultScopeIsTheOneItsContainerIsMadeWith() {
        let text = """
            final class Clock: Sendable {}
            final class Ticker: Sendable { init(clock: Clock) {} }
            func preview() -> Container {
                let preview = Container(defaultScope: .singleton)
                preview.register { _ in Clock() }
                preview.register(scope: .singleton) { r in try Ticker(clock: r.resolve()) }
                return preview
            }
            func live() -> Container {
                let live = Container(defaultScope: .transient)
                live.register { _ in Clock() }
                live.register(scope: .singleton) { r in try Ticker(clock: r.resolve()) }
                return live
            }
            """
        let report = Self.check(text)
        // The live container's `Clock` is transient: its singleton `Ticker` keeps it.
        #expect(report.findings.filter { $0.severity == .error }.map(\.kind) == [.captiveDependency])
        #expect(report.findings.first?.site.line == 12)
    }

    // MARK: Messages at the cause

    @Test func aMissingServiceIsReportedAtTheResolveThatAsks() throws {
        let report = Self.check(
            Self.types + """
                func wire(_ container: Container) {
                    container.register { r in
                        let api = API()
                        let store: any Store = try r.resolve()
                        return Feed(store: store, api: api)
                    }
                }
                """)
        let finding = try #require(report.findings.first)
        #expect(finding.site.line == 9)
        #expect(finding.registration.line == 7)
    }

    @Test func aCycleIsOneErrorAtTheResolveThatClosesItWithItsOtherMembersAsNotes() throws {
        let report = Self.check(
            """
            final class A: Sendable { init(b: B) {} }
            final class B: Sendable { init(c: C) {} }
            final class C: Sendable { init(a: A) {} }
            func wire(_ container: Container) {
                container.register { r in try A(b: r.resolve()) }
                container.register { r in try B(c: r.resolve()) }
                container.register { r in try C(a: r.resolve()) }
            }
            """)
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.count == 1)
        let cycle = try #require(errors.first)
        #expect(cycle.site.line == 7)
        #expect(cycle.registration.line == 5)
        #expect(cycle.message.hasPrefix("Dependency cycle: A → B → C → A. Registered at App/Wiring.swift:5."))
        #expect(cycle.message.contains("`LazyResolver`"))
        #expect(cycle.notes.map(\.site.line) == [5, 6])
        #expect(cycle.diagnostic.split(separator: "\n").count == 3)
    }

    // MARK: Only what runs

    @Test func aModuleNeverLoadedAndAHelperNeverCalledAddNothing() {
        let report = Self.check(
            Self.types + """
                let networking = Module {
                    singleton { API() }
                }
                func registerStore(in container: Container) {
                    container.register(Store.self) { _ in DiskStore() }
                }
                func wire(_ container: Container) {
                    container.register { r in try Feed(store: r.resolve(), api: r.resolve()) }
                }
                """)
        #expect(report.findings.filter { $0.severity == .error }.map(\.subject.first) == ["Store", "API"])
        let notes = report.findings.filter { $0.severity == .note }.map(\.message)
        #expect(notes.contains { $0.contains("the module `networking` is never loaded") })
        #expect(notes.contains { $0.contains("the helper `registerStore` is never called") })
    }

    @Test func aLoadedModuleAndACalledHelperCount() {
        let messages = Self.errors(
            Self.types + """
                let networking = Module {
                    singleton { API() }
                }
                func registerStore(in container: Container) {
                    container.register(Store.self) { _ in DiskStore() }
                }
                func wire(_ container: Container) throws {
                    try container.load(networking)
                    registerStore(in: container)
                    container.register { r in try Feed(store: r.resolve(), api: r.resolve()) }
                }
                """)
        #expect(messages.isEmpty)
    }

    @Test func aTypeOnlyThisTargetNamesStaysDecidableWhenTheContainerIsHandedOn() {
        let report = Self.check(
            Self.types + """
                public final class Shared: Sendable {}
                final class Screen: Sendable { init(shared: Shared, api: API, store: any Store) {} }
                func wire(_ container: Container) {
                    Analytics.install(into: container)
                    Plugins.install(into: container, Store.self)
                    container.register { r in try Screen(shared: r.resolve(), api: r.resolve(), store: r.resolve()) }
                }
                """)
        // `API` is internal and not handed over: nothing else can register it. `Shared` is public
        // and `Store` is handed to `Plugins`: those may be registered there.
        let errors = report.findings.filter { $0.severity == .error }.map(\.subject.first)
        let warnings = report.findings.filter { $0.severity == .warning }.map(\.subject.first)
        #expect(errors == ["API"])
        #expect(Set(warnings) == ["Shared", "Store"])
    }

    @Test func requestScopesAreKeystoneCallsNotAContainerHandedOn() {
        let report = Self.check(
            Self.types + """
                struct RequestID: Sendable {}
                final class Screen: Sendable { init(id: RequestID, shared: Shared) {} }
                public final class Shared: Sendable {}
                func wire(_ app: Container) throws {
                    app.registerRequestValue(RequestID.self)
                    app.register(scope: .request) { r in try Screen(id: r.resolve(), shared: r.resolve()) }
                    _ = app.isRegistered(Screen.self)
                    try app.withRequest(providing: RequestID()) { request in _ = try request.tryResolve(Screen.self) }
                }
                """)
        // Nothing is handed to another module: a missing public service is still an error.
        #expect(report.findings.filter { $0.severity == .error }.map(\.subject.first) == ["Shared"])
        #expect(report.findings.allSatisfy { $0.severity != .note }, "\(report.findings.map(\.diagnostic))")
    }

    @Test func aRegisterWithAnArgumentTheCheckDoesNotKnowIsANote() {
        let report = Self.check(
            Self.types + """
                func wire(_ container: Container) {
                    container.register(API.self, priority: 1) { _ in API() }
                }
                """)
        #expect(report.findings.map(\.severity) == [.note])
        #expect(report.findings.first?.message.contains("`priority:`") == true)
    }

    // MARK: #if

    @Test func aProblemInABranchAppliesUnderItsCondition() throws {
        let report = Self.check(
            Self.types + """
                func wire(_ container: Container) {
                    #if DEBUG
                    container.register { _ in API() }
                    #elseif os(Linux)
                    container.register(API.self) { _ in API() }
                    #endif
                    container.register { r in try Client(api: r.resolve()) }
                }
                """)
        let error = try #require(report.findings.first { $0.severity == .error })
        #expect(report.findings.filter { $0.severity == .error }.count == 1)
        // Missing only where neither branch is compiled.
        #expect(error.applicability.description == "(!(DEBUG) && !(os(Linux)))")
        #expect(error.applicability.holds(under: ["DEBUG": false, "os(Linux)": false]))
        #expect(!error.applicability.holds(under: ["DEBUG": true, "os(Linux)": false]))

        let swift = KeystoneCheck.generatedSwift(report)
        #expect(
            swift.contains(
                "#if (!(DEBUG) && !(os(Linux)))\n#sourceLocation(file: \"/app/Sources/App/Wiring.swift\", line: 12)"))
        #expect(
            swift.contains(
                "\n" + String(repeating: " ", count: 46)
                    + "#error(\"No registration for `API` while resolving `Client`."))
        #expect(swift.contains("#sourceLocation()\n#endif"))
    }

    @Test func aProblemOutsideEveryBranchAppliesAlways() throws {
        let report = Self.check(
            Self.types + """
                func wire(_ container: Container) {
                    #if DEBUG
                    container.register { _ in API() }
                    #endif
                    container.register { r in try Feed(store: r.resolve(), api: r.resolve()) }
                }
                """)
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.map(\.subject.first) == ["Store", "API"])
        #expect(errors.map(\.applicability.description) == ["true", "(!(DEBUG))"])
        #expect(!KeystoneCheck.generatedSwift(report).contains("#if true"))
    }

    // MARK: Child containers

    @Test func aChildReadsItsParentAndTheParentNeverItsChild() {
        let report = Self.check(
            """
            final class Session: Sendable {}
            final class Token: Sendable {}
            final class Cart: Sendable { init(session: Session) {} }
            final class Checkout: Sendable { init(token: Token) {} }
            final class Ledger: Sendable { init(cart: Cart) {} }
            func makeRequestContainer() -> Container {
                let app = Container()
                app.register(scope: .singleton) { _ in Session() }
                app.register(scope: .transient) { r in try Ledger(cart: r.resolve()) }
                let request = Container(parent: app)
                request.register(scope: .transient) { r in try Cart(session: r.resolve()) }
                request.register { r in try Checkout(token: r.resolve()) }
                return request
            }
            """)
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.map(\.subject.first) == ["Cart", "Token"], "\(report.findings.map(\.diagnostic))")
        #expect(errors.first?.message.hasPrefix("No registration for `Cart` while resolving `Ledger`.") == true)
    }

    @Test func aChildsCaptiveIsFoundThroughItsParent() {
        let report = Self.check(
            """
            final class Clock: Sendable {}
            final class Ticker: Sendable { init(clock: Clock) {} }
            func makeContainers() -> Container {
                let app = Container(defaultScope: .transient)
                app.register { _ in Clock() }
                let screen = Container(parent: app)
                screen.register(scope: .singleton) { r in try Ticker(clock: r.resolve()) }
                return screen
            }
            """)
        #expect(report.findings.filter { $0.severity == .error }.map(\.kind) == [.captiveDependency])
    }

    // MARK: Following the composition root

    @Test func aHelperIsPartOfTheGraphOfTheContainerItIsCalledWith() {
        let report = Self.check(
            """
            final class Clock: Sendable {}
            final class Ticker: Sendable { init(clock: Clock) {} }
            let tickers = Module {
                singleton { try Ticker(clock: get()) }
            }
            func registerTicker(in container: Container) {
                container.register(scope: .singleton) { r in try Ticker(clock: r.resolve()) }
            }
            func makeApp() throws -> Container {
                let app = Container()
                app.register(scope: .transient) { _ in Clock() }
                registerTicker(in: app)
                try app.load(tickers)
                return app
            }
            func makePreview() -> Container {
                let preview = Container()
                preview.register(scope: .singleton) { _ in Clock() }
                return preview
            }
            """)
        // The preview's singleton `Clock` neither hides nor excuses the app's transient one.
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.map(\.kind) == [.captiveDependency, .captiveDependency], "\(report.findings.map(\.diagnostic))")
        #expect(errors.map(\.site.line) == [4, 7])
    }

    @Test func aCycleIsFoundInTheOrderTheRootMakesItsRegistrations() throws {
        let report = Self.check(
            """
            final class A: Sendable { init(b: B) {} }
            final class B: Sendable { init(a: A) {} }
            func registerB(in container: Container) {
                container.register { r in try B(a: r.resolve()) }
            }
            func registerA(in container: Container) {
                container.register { r in try A(b: r.resolve()) }
            }
            func makeContainer() -> Container {
                let container = Container()
                registerA(in: container)
                registerB(in: container)
                return container
            }
            """)
        // `verify()` resolves `A` first, as it is registered first: the cycle closes in `B`.
        let cycle = try #require(report.findings.first { $0.kind == .cycle })
        #expect(cycle.message.hasPrefix("Dependency cycle: A → B → A."))
        #expect(cycle.site.line == 4)
    }

    @Test func aCommentAtTheRegistrationSilencesAResolveBelowIt() {
        let report = Self.check(
            Self.types + """
                func wire(_ container: Container) {
                    // keystone-check:ignore: the platform registers the API
                    container.register { r in
                        let api: API = try r.resolve()
                        return Client(api: api)
                    }
                }
                """)
        #expect(!report.hasErrors, "\(report.findings.map(\.diagnostic))")
    }
}
