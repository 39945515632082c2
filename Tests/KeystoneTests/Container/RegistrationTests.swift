import Testing

@testable import Keystone

@Suite("Registration")
struct RegistrationTests {
    @Test("The service type is given or inferred from the factory")
    func typeGivenOrInferred() throws {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register { _ in Plain() }
        let client: APIClient = try container.tryResolve()
        let plain = try container.tryResolve(Plain.self)
        #expect(client is LiveAPIClient)
        #expect(type(of: plain) == Plain.self)
    }

    @Test("A factory resolves its dependencies through the resolver")
    func nestedResolve() throws {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
        let storage: Storage = try container.tryResolve()
        let client: APIClient = try container.tryResolve()
        #expect(storage.client === client)
    }

    @Test("Re-registering a key replaces the registration and disposes what it held")
    func replaceDropsCache() throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .singleton) { _ in Resource("first", log: log) }
        let first: Resource = try container.tryResolve()
        container.register(scope: .singleton) { _ in Resource("second", log: log) }
        let second: Resource = try container.tryResolve()
        #expect(first.name == "first")
        #expect(second.name == "second")
        #expect(log.all == ["dispose first"])
    }

    @Test("Names tell registrations of one type apart; constants and literals are the same name")
    func names() throws {
        let container = Container()
        container.register(APIClient.self, name: .live) { _ in LiveAPIClient() }
        container.register(APIClient.self, name: "mock") { _ in MockAPIClient() }
        #expect(try container.tryResolve(APIClient.self, name: "live") is LiveAPIClient)
        #expect(try container.tryResolve(APIClient.self, name: .mock) is MockAPIClient)
        #expect(container.resolveOptional(APIClient.self) == nil)
        #expect(Name.live == Name("live"))
        #expect(Name.live.description == "\"live\"")
    }

    @Test("A name's number depends on its text alone: short, long, non-ASCII and bridged alike")
    func nameNumbers() throws {
        let long = String(repeating: "tenant-", count: 10)  // not stored inline
        let texts = ["a", "b", "ab", "ba", "audit", "primär", "名前", long, long + "x"]
        let names = texts.map { Name($0) }
        // The same text, made again (and, for the long one, as a substring's copy), is the same
        // name with the same number.
        for (text, name) in zip(texts, names) {
            #expect(Name(String(text[...])) == name)
            #expect(Name(String(text[...])).id == name.id)
        }
        #expect(Set(names.map { $0.id }).count == texts.count)
        #expect(names.allSatisfy { $0.id != 0 })
        // Each resolves its own registration.
        let container = Container()
        for (index, name) in names.enumerated() {
            container.register(Int.self, name: name) { _ in index }
        }
        for (index, text) in texts.enumerated() {
            #expect(try container.tryResolve(Int.self, name: Name(text)) == index)
        }
    }

    @Test("isDisposed and the default scope are visible")
    func properties() {
        let container = Container(defaultScope: .transient)
        #expect(container.defaultScope == .transient)
        #expect(Container(parent: container).defaultScope == .transient)
        #expect(Container(parent: container, defaultScope: .singleton).defaultScope == .singleton)
        #expect(!container.isDisposed)
        container.dispose()
        #expect(container.isDisposed)
    }
}

extension Name {
    fileprivate static let live: Name = "live"
    fileprivate static let mock: Name = "mock"
}

/// A registration handle refers to the registration it made: once the key is registered
/// again, refining the old handle changes nothing that resolves.
@Suite("Stale registration handles")
struct StaleRegistrationHandleTests {
    final class Service: Sendable {}

    @Test("then on a handle whose key was registered again with an async factory does nothing")
    func refiningAfterAnAsyncReRegistrationDoesNothing() async throws {
        let container = Container()
        let hooks = Counter()
        let stale = container.register(Service.self, scope: .singleton) { _ in Service() }
        container.register(Service.self, scope: .singleton) { _ async in Service() }

        stale.then { _, _ in hooks.increment() }
            .onDispose { _ in hooks.increment() }
            .skipVerification(because: "stale")
        let service: Service = try await container.resolveAsync()

        #expect(hooks.value == 0)
        #expect(service === (try await container.resolveAsync(Service.self)))
    }

    @Test("then on a handle whose key was registered again does not reach the new registration")
    func refiningAfterAReRegistrationDoesNotReachTheNewOne() throws {
        let container = Container()
        let hooks = Counter()
        let stale = container.register(Service.self) { _ in Service() }
        let current = container.register(Service.self) { _ in Service() }

        stale.then { _, _ in hooks.increment() }
        current.then { _, _ in hooks.increment() }
        let _: Service = try container.tryResolve()

        #expect(hooks.value == 1)
    }

    @Test("bind on a stale handle binds nothing")
    func bindingAStaleHandleDoesNothing() {
        let container = Container()
        let stale = container.register(Service.self) { _ in Service() }
        container.register(Service.self) { _ in Service() }

        stale.bind(AnyObject.self)

        #expect(container.resolveOptional(AnyObject.self) == nil)
    }

    @Test("An async handle whose key was registered again synchronously does nothing")
    func refiningAStaleAsyncHandleDoesNothing() throws {
        let container = Container()
        let hooks = Counter()
        let stale = container.register(Service.self, scope: .singleton) { _ async in Service() }
        container.register(Service.self, scope: .singleton) { _ in Service() }

        stale.then { _, _ in hooks.increment() }
        let _: Service = try container.tryResolve()

        #expect(hooks.value == 0)
    }

    @Test("A handle refined twice still refers to its registration")
    func aHandleSurvivesItsOwnRefinements() throws {
        let container = Container()
        let hooks = Counter()
        let registration = container.register(Service.self) { _ in Service() }

        registration.then { _, _ in hooks.increment() }
        registration.then { _, _ in hooks.increment() }
        let _: Service = try container.tryResolve()

        #expect(hooks.value == 2)
    }

    /// A factory written as a function of the app's, for `registersEachFactoryShape`.
    static func makeStorage(_ r: Resolver) throws -> Storage {
        try DiskStorage(client: r.resolve())
    }

    /// Registers `type` as an app's generic helper does (a module system, a plug-in loader):
    /// its factory captures the type, and `register` runs with `Service` unknown.
    static func registerMade<Service: AnyObject & Sendable>(
        _ type: Service.Type, named name: Name, in container: Container, make: @escaping @Sendable () -> Service
    ) {
        container.register(type, name: name) { _ in make() }
    }

    /// Whether the registration of `Service` under `name`, with no arguments, keeps its factory
    /// as it was given rather than wrapped to take arguments.
    static func keepsFactoryAsGiven<Service>(_ type: Service.Type, name: Name?, in container: Container) -> Bool? {
        let key = RegistryKey(Service.self, name: name, arguments: Void.self)
        guard let entry = container.registry.slot(for: key)?.entry as? Entry<Service> else { return nil }
        if case .plain = entry.factory { return true }
        return false
    }

    @Test("A factory registers in each shape users write it, with or without arguments")
    func registersEachFactoryShape() throws {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        // A closure literal, with its parameter's type written out, held in a value, a function.
        container.register(Storage.self, name: "literal") { r in try DiskStorage(client: r.resolve()) }
        container.register(Storage.self, name: "typed") { (r: Resolver) throws -> Storage in
            try DiskStorage(client: r.resolve())
        }
        let stored: @Sendable (Resolver) throws -> Storage = { r in try DiskStorage(client: r.resolve()) }
        container.register(Storage.self, name: "stored", factory: stored)
        // `register` takes its factory as its own: a value used again is copied for it.
        container.register(Storage.self, name: "stored again", factory: stored)
        container.register(Storage.self, name: "function", factory: Self.makeStorage)
        // Through a generic helper.
        Self.registerMade(Plain.self, named: "generic", in: container) { Plain() }
        // With arguments: the variadic form, which keeps its factory erased.
        container.register(Game.self) { (_, title: String) in Game(title: title) }
        // A factory that throws.
        struct Unavailable: Error {}
        container.register(Plain.self, name: "failing") { _ -> Plain in throw Unavailable() }

        let client = try container.tryResolve(APIClient.self)
        for name in ["literal", "typed", "stored", "stored again", "function"] {
            #expect(Self.keepsFactoryAsGiven(Storage.self, name: Name(name), in: container) == true)
            #expect(try container.tryResolve(Storage.self, name: Name(name)).client === client)
        }
        #expect(Self.keepsFactoryAsGiven(Plain.self, name: "generic", in: container) == true)
        let made = try container.tryResolve(Plain.self, name: "generic")
        #expect(try container.tryResolve(Plain.self, name: "generic") !== made)
        #expect(try container.tryResolve(Game.self, arguments: "Chess").title == "Chess")
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Plain.self, name: "failing") }
        #expect(error?.kind == .factoryFailed)
        #expect(error?.underlying is Unavailable)
    }
}
