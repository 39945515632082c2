import Testing

@testable import Keystone

/// The property wrappers. Tests that use `Container.shared` (the default) register types
/// that only they use, so that tests running in parallel never see each other's
/// registrations; the others pass their own container.
@Suite("Property wrappers")
struct PropertyWrapperTests {
    // MARK: - @Injected

    @Test func injectedResolvesWhenTheOwnerIsCreated() {
        Container.shared.register(scope: .transient) { _ in
            injectedOwnerBuilds.increment()
            return InjectedOwnerService()
        }
        let before = injectedOwnerBuilds.value

        let owner = InjectedOwner()  // no initialiser written: `@Injected` resolves here

        #expect(injectedOwnerBuilds.value == before + 1)
        _ = owner.service
        _ = owner.service
        #expect(injectedOwnerBuilds.value == before + 1)
    }

    @Test func injectedPassesNameAndArguments() {
        let container = Container()
        container.register(APIClient.self, name: "live") { (_, url: String) in LiveAPIClient(baseURL: url) }

        @Injected(name: "live", container: container, arguments: "https://c.example") var api: APIClient

        let url = api.baseURL
        #expect(url == "https://c.example")
    }

    @Test func injectedReadsTheSharedContainerWhenTheOwnerIsCreated() {
        Container.shared.register(scope: .transient) { _ in InjectedSharedService() }

        @Injected var service: InjectedSharedService

        let marker = service.marker
        #expect(marker == "shared")
    }

    @Test func injectedTrapsWithTheDiagnosticWhenNotRegistered() async {
        await #expect(processExitsWith: .failure) {
            @Injected(container: Container()) var api: APIClient
            _ = api
        }
    }

    // MARK: - @OptionalInjected

    @Test func optionalInjectedIsNilWhenNotRegisteredAndTheServiceOtherwise() {
        let container = Container()
        @OptionalInjected(container: container) var missing: APIClient?
        container.register(APIClient.self) { _ in MockAPIClient() }
        @OptionalInjected(container: container) var present: APIClient?

        let (absent, found) = (missing, present)
        #expect(absent == nil)
        #expect(found is MockAPIClient)
    }

    // MARK: - @LazyInjected

    @Test func lazyInjectedResolvesOnFirstAccessAndKeepsTheInstance() {
        let container = Container()
        let builds = Counter()
        container.register(scope: .transient) { _ in
            builds.increment()
            return Plain()
        }
        let owner = LazyOwner(container: container)
        #expect(builds.value == 0)
        #expect(owner.$plain.object == nil)

        let first = owner.plain
        let second = owner.plain

        #expect(builds.value == 1)
        #expect(first === second)
        #expect(owner.$plain.object === first)
    }

    @Test func lazyInjectedDisposeLetsGoAndTheNextReadResolvesAgain() {
        let container = Container()
        let builds = Counter()
        container.register(scope: .transient) { _ in
            builds.increment()
            return Plain()
        }
        let owner = LazyOwner(container: container)
        _ = owner.plain

        owner.$plain.dispose()

        #expect(owner.$plain.object == nil)
        _ = owner.plain
        #expect(builds.value == 2)
        #expect(owner.$plain.object != nil)
    }

    @Test func lazyInjectedReadsTheSharedContainerAtFirstAccess() {
        @LazyInjected var service: LazySharedService  // nothing is registered yet
        Container.shared.register(scope: .transient) { _ in LazySharedService() }

        let marker = service.marker
        #expect(marker == "lazy shared")
    }

    @Test func lazyInjectedThrowingResolveReportsWhatTheGetterWouldTrapOn() {
        @LazyInjected(container: Container()) var api: APIClient

        let lazy = $api
        let error = #expect(throws: ResolutionError.self) { try lazy.resolve() }

        #expect(error?.kind == .notRegistered)
    }

    @Test("Threads reading one @LazyInjected at once build the service once and share it")
    func lazyInjectedConcurrentFirstReads() {
        let threads = 8
        let builds = Counter()
        let gate = Gate(expected: threads)
        let container = Container()
        container.register(scope: .transient) { _ in
            builds.increment()
            gate.waitForAll()
            return Plain()
        }
        let property = LazyInjected<Plain>(container: container)
        let results = ResultBox<Plain>()

        onThreads(threads) { _ in
            gate.arrive()
            results.append(property.wrappedValue)
        }

        let all = results.all.compactMap { $0 }
        #expect(all.count == threads)
        #expect(builds.value == 1)
        #expect(all.allSatisfy { $0 === all[0] })
    }

    // MARK: - @WeakLazyInjected

    @Test func weakLazyInjectedHoldsWeaklyAndReadsNilOnceTheInstanceIsGone() {
        let container = Container()
        let builds = Counter()
        container.register(scope: .transient) { _ in
            builds.increment()
            return Plain()
        }
        @WeakLazyInjected(container: container) var weakPlain: Plain?
        #expect(builds.value == 0)

        var strong: Plain? = weakPlain  // first read resolves; nobody else holds it but `strong`
        #expect(strong != nil)
        do {
            let whileHeld = weakPlain
            #expect(whileHeld === strong)
        }
        strong = nil

        let afterRelease = weakPlain
        #expect(afterRelease == nil)
        #expect(builds.value == 1)  // not resolved again
    }

    @Test func weakLazyInjectedSharesAWeakRegistrationsInstance() {
        let container = Container()
        container.register(scope: .weak) { _ in Plain() }
        let held: Plain = container.resolve()

        @WeakLazyInjected(container: container) var weakPlain: Plain?

        let read = weakPlain
        #expect(read === held)
    }

    @Test("Threads reading one @WeakLazyInjected at once build the service once")
    func weakLazyInjectedConcurrentFirstReads() {
        let threads = 8
        let builds = Counter()
        let gate = Gate(expected: threads)
        let container = Container()
        let keeper = Plain()
        container.register(scope: .transient) { _ in
            builds.increment()
            gate.waitForAll()
            return keeper  // kept alive by the test, so every reader sees it
        }
        let property = WeakLazyInjected<Plain>(container: container)
        let results = ResultBox<Plain>()

        onThreads(threads) { _ in
            gate.arrive()
            results.append(property.wrappedValue)
        }

        #expect(builds.value == 1)
        #expect(results.all.allSatisfy { $0 === keeper })
    }

    // MARK: - Key-path wrappers

    @Test func injectedPropertyReadsTheServicesPropertyAtEachAccess() {
        let container = Container()
        container.register(Settings.self, scope: .singleton) { _ in LiveSettings() }
        let settings: Settings = container.resolve()

        @InjectedProperty(\Settings.greeting, container: container) var greeting: String
        let before = greeting
        settings.greeting = "hi"
        let after = greeting

        #expect(before == "hello")
        #expect(after == "hi")
    }

    @Test func injectedMutablePropertyWritesReachTheSharedInstance() {
        let container = Container()
        container.register(Settings.self, scope: .singleton) { _ in LiveSettings() }

        @InjectedMutableProperty(\Settings.isDark, container: container) var isDark: Bool
        let before = isDark
        isDark = true

        #expect(before == false)
        #expect(container.resolve(Settings.self).isDark == true)
    }

    @Test func injectedUnwrappedPropertyGivesTheDefaultWhileNilAndTheValueOnceSet() {
        let container = Container()
        container.register(Settings.self, scope: .singleton) { _ in LiveSettings() }
        let settings: Settings = container.resolve()

        @InjectedUnwrappedProperty(\Settings.nickname, default: "guest", container: container) var nickname: String
        let before = nickname
        settings.nickname = "ada"
        let after = nickname

        #expect(before == "guest")
        #expect(after == "ada")
    }

    @Test func injectedUnwrappedPropertyWithoutDefaultTrapsWhileNil() async {
        await #expect(processExitsWith: .failure) {
            let container = Container()
            container.register(Settings.self) { _ in LiveSettings() }
            @InjectedUnwrappedProperty(\Settings.nickname, container: container) var nickname: String
            _ = nickname
        }
    }

    @Test func injectedUnwrappedMutablePropertyWritesTheService() {
        let container = Container()
        container.register(Settings.self, scope: .singleton) { _ in LiveSettings() }

        @InjectedUnwrappedMutableProperty(\Settings.nickname, default: "guest", container: container)
        var nickname: String
        nickname = "grace"
        let read = nickname

        #expect(read == "grace")
        #expect(container.resolve(Settings.self).nickname == "grace")
    }

    @Test func injectedMethodCallsTheMethodOnTheResolvedService() {
        let container = Container()
        container.register(Settings.self, scope: .singleton) { _ in LiveSettings() }

        @InjectedMethod(Settings.greet, container: container) var greet: (String) -> String
        @InjectedMethod(Settings.rename(to:loud:), container: container) var rename: (String, Bool) -> Void
        rename("ada", true)
        let greeting = greet("you")

        #expect(greeting == "hello, you")
        #expect(container.resolve(Settings.self).nickname == "ADA")
    }
}

// MARK: - Fixtures

private let injectedOwnerBuilds = Counter()

extension PropertyWrapperTests {
    final class InjectedOwner {
        @Injected var service: InjectedOwnerService
    }

    final class InjectedOwnerService {}

    final class LazyOwner {
        @LazyInjected var plain: Plain

        init(container: Container) {
            _plain = LazyInjected(container: container)
        }
    }

    final class InjectedSharedService {
        let marker = "shared"
    }

    final class LazySharedService: Sendable {
        let marker = "lazy shared"
    }

    protocol Settings: AnyObject {
        var greeting: String { get set }
        var isDark: Bool { get set }
        var nickname: String? { get set }
        func greet(_ name: String) -> String
        func rename(to name: String, loud: Bool)
    }

    final class LiveSettings: Settings {
        var greeting = "hello"
        var isDark = false
        var nickname: String?

        func greet(_ name: String) -> String { "\(greeting), \(name)" }
        func rename(to name: String, loud: Bool) { nickname = loud ? name.uppercased() : name }
    }
}
