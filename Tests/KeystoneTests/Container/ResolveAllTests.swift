import Testing

@testable import Keystone

@Suite("Resolve all contributions")
struct ResolveAllTests {
    @Test func resolvesEveryContributionInRegistrationOrder() {
        let container = Container()
        container.contribute(Plugin.self) { _ in NamedPlugin("a") }
        container.contribute(Plugin.self) { _ in NamedPlugin("b") }
        container.contribute(Plugin.self) { _ in NamedPlugin("c") }

        let plugins: [Plugin] = container.resolveAll()

        #expect(plugins.map(\.label) == ["a", "b", "c"])
    }

    @Test func anEmptyCollectionIsEmptyNotAnError() throws {
        let container = Container()

        #expect(try container.tryResolveAll(Plugin.self).isEmpty)
    }

    @Test func eachContributionKeepsItsOwnScope() {
        let container = Container()
        container.contribute(Plugin.self, scope: .singleton) { _ in NamedPlugin("single") }
        container.contribute(Plugin.self, scope: .transient) { _ in NamedPlugin("fresh") }

        let first: [Plugin] = container.resolveAll()
        let second: [Plugin] = container.resolveAll()

        #expect(first[0] === second[0])
        #expect(first[1] !== second[1])
    }

    @Test func contributionsAndAPlainRegistrationNeverSeeEachOther() {
        let container = Container()
        container.register(Plugin.self) { _ in NamedPlugin("default") }
        container.contribute(Plugin.self) { _ in NamedPlugin("extra") }

        #expect(container.resolve(Plugin.self).label == "default")
        #expect(container.resolveAll(Plugin.self).map(\.label) == ["extra"])
    }

    @Test func contributingNeverReplacesAnEarlierContribution() {
        let container = Container()
        container.contribute(Plugin.self) { _ in NamedPlugin("same") }
        container.contribute(Plugin.self) { _ in NamedPlugin("same") }

        #expect(container.resolveAll(Plugin.self).count == 2)
    }

    @Test func namedCollectionsAreSeparate() {
        let container = Container()
        container.contribute(Plugin.self) { _ in NamedPlugin("plain") }
        container.contribute(Plugin.self, name: "audit") { _ in NamedPlugin("audit 1") }
        container.contribute(Plugin.self, name: "audit") { _ in NamedPlugin("audit 2") }

        #expect(container.resolveAll(Plugin.self).map(\.label) == ["plain"])
        #expect(container.resolveAll(Plugin.self, name: "audit").map(\.label) == ["audit 1", "audit 2"])
    }

    @Test func argumentsArePassedToEveryContribution() {
        let container = Container()
        container.contribute(Plugin.self) { (_, suffix: String) in NamedPlugin("a" + suffix) }
        container.contribute(Plugin.self) { (_, suffix: String) in NamedPlugin("b" + suffix) }
        container.contribute(Plugin.self) { _ in NamedPlugin("no arguments") }

        #expect(container.resolveAll(Plugin.self, arguments: "!").map(\.label) == ["a!", "b!"])
    }

    @Test func aChildAddsToItsParentsCollectionAndTheParentFirst() {
        let parent = Container()
        parent.contribute(Plugin.self) { _ in NamedPlugin("parent") }
        let child = Container(parent: parent)
        child.contribute(Plugin.self) { _ in NamedPlugin("child") }

        #expect(child.resolveAll(Plugin.self).map(\.label) == ["parent", "child"])
        #expect(parent.resolveAll(Plugin.self).map(\.label) == ["parent"])
    }

    @Test func aFactoryGetsTheCollectionThroughItsResolver() {
        let container = Container()
        container.contribute(Plugin.self) { _ in NamedPlugin("a") }
        container.contribute(Plugin.self) { _ in NamedPlugin("b") }
        container.register(Host.self) { r in try Host(plugins: r.resolveAll()) }

        let host: Host = container.resolve()

        #expect(host.plugins.map(\.label) == ["a", "b"])
    }

    @Test func oneFailingContributionFailsTheWholeCollectionWithItsPath() {
        let container = Container()
        container.contribute(Plugin.self) { _ in NamedPlugin("fine") }
        container.contribute(Plugin.self) { r in try DependentPlugin(client: r.resolve()) }
        container.register(Host.self) { r in try Host(plugins: r.resolveAll()) }

        let direct = #expect(throws: ResolutionError.self) { try container.tryResolveAll(Plugin.self) }
        let nested = #expect(throws: ResolutionError.self) { try container.tryResolve(Host.self) }

        #expect(direct?.kind == .notRegistered)
        #expect(direct?.path == ["Plugin", "APIClient"])
        #expect(nested?.path == ["Host", "Plugin", "APIClient"])
    }

    @Test func resolveAllTrapsWhereTryResolveAllThrows() async {
        await #expect(processExitsWith: .failure) {
            let container = Container()
            container.contribute(Plugin.self) { r in try DependentPlugin(client: r.resolve()) }
            _ = container.resolveAll(Plugin.self)
        }
    }

    @Test func singletonContributionsAreResetAndDisposedNewestFirst() {
        let log = EventLog()
        let container = Container()
        container.contribute(Disposable.self, scope: .singleton) { _ in Resource("first", log: log) }
        container.contribute(Disposable.self, scope: .singleton) { _ in Resource("second", log: log) }
        let before: [Disposable] = container.resolveAll()

        container.reset(.singleton)
        let after: [Disposable] = container.resolveAll()
        container.dispose()

        #expect(before[0] !== after[0])
        #expect(log.all == ["dispose second", "dispose first", "dispose second", "dispose first"])
    }

    @Test func aDisposedContainerThrowsDisposed() {
        let container = Container()
        container.dispose()

        let error = #expect(throws: ResolutionError.self) { try container.tryResolveAll(Plugin.self) }

        #expect(error?.kind == .disposed)
    }

    @Test("Concurrent resolveAll builds each singleton contribution once")
    func concurrentResolveAll() {
        let builds = Counter()
        let container = Container()
        for index in 0..<4 {
            container.contribute(Plugin.self, scope: .singleton) { _ in
                builds.increment()
                return NamedPlugin("\(index)")
            }
        }
        let results = ResultBox<[String]>()

        onThreads(8) { _ in results.append(try? container.tryResolveAll(Plugin.self).map(\.label)) }

        #expect(builds.value == 4)
        #expect(results.all.allSatisfy { $0 == ["0", "1", "2", "3"] })
    }
}

extension ResolveAllTests {
    /// Contributes `type` as a plug-in loader does with the types it is handed: `contribute`
    /// runs with `Service` unknown.
    static func contributeMade<Made: Plugin>(
        _ type: Made.Type, in container: Container, make: @escaping @Sendable () -> Made
    ) {
        container.contribute(Plugin.self) { _ in make() }
    }

    /// Whether `registration`'s entry keeps its factory as it was given, rather than wrapped to
    /// take arguments.
    static func keepsFactoryAsGiven<Service>(_ registration: Registration<Service>) -> Bool {
        guard let entry = registration.slot.entry as? Entry<Service> else { return false }
        if case .plain = entry.factory { return true }
        return false
    }

    @Test("A contribution's factory is kept as given unless it takes arguments, in each shape users write it")
    func contributesEachFactoryShape() throws {
        let container = Container()
        let suffix = "-captured"
        let literal = container.contribute(Plugin.self) { _ in NamedPlugin("literal") }
        let capturing = container.contribute(Plugin.self) { _ in NamedPlugin("value" + suffix) }
        let stored: @Sendable (Resolver) throws -> Plugin = { _ in NamedPlugin("stored") }
        let held = container.contribute(Plugin.self, factory: stored)
        Self.contributeMade(NamedPlugin.self, in: container) { NamedPlugin("generic") }
        let withArgument = container.contribute(Plugin.self) { (_, label: String) in NamedPlugin(label) }

        #expect([literal, capturing, held].allSatisfy(Self.keepsFactoryAsGiven))
        #expect(!Self.keepsFactoryAsGiven(withArgument))
        #expect(
            try container.tryResolveAll(Plugin.self).map(\.label) == ["literal", "value-captured", "stored", "generic"])
        #expect(try container.tryResolveAll(Plugin.self, arguments: "given").map(\.label) == ["given"])
    }

    protocol Plugin: AnyObject, Sendable {
        var label: String { get }
    }

    final class NamedPlugin: Plugin {
        let label: String
        init(_ label: String) { self.label = label }
    }

    final class DependentPlugin: Plugin {
        let label = "dependent"
        init(client: APIClient) {}
    }

    final class Host {
        let plugins: [Plugin]
        init(plugins: [Plugin]) { self.plugins = plugins }
    }
}
