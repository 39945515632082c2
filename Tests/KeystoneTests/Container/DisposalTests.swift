import Testing

@testable import Keystone

final class Database: Disposable {
    let log: EventLog
    init(log: EventLog) { self.log = log }
    func dispose() { log.append("dispose database") }
}

final class Repository: Disposable {
    let database: Database
    init(database: Database) { self.database = database }
    func dispose() { database.log.append("dispose repository") }
}

@Suite("Disposal")
struct DisposalTests {
    @Test("dispose() disposes held instances newest first and drops everything")
    func newestFirst() throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .singleton) { _ in Database(log: log) }
        container.register(scope: .cached("session")) { r in try Repository(database: r.resolve()) }
        container.register(scope: .transient) { _ in Resource("transient", log: log) }
        _ = try container.tryResolve(Repository.self)
        _ = try container.tryResolve(Resource.self)
        container.dispose()
        #expect(log.all == ["dispose repository", "dispose database"])
    }

    @Test("dispose() and unload dispose four instances in the reverse of the order they were made")
    func newestFirstOfMany() throws {
        let log = EventLog()
        let container = Container()
        for name in ["a", "b", "c", "d"] {
            container.register(name: Name(name), scope: .singleton) { _ in Resource(name, log: log) }
        }
        for name in ["c", "a", "d", "b"] { _ = try container.tryResolve(Resource.self, name: Name(name)) }
        container.dispose()
        #expect(log.all == ["dispose b", "dispose d", "dispose a", "dispose c"])

        let modular = Container()
        let module = Module {
            singleton(name: "e") { Resource("e", log: log) }
            singleton(name: "f") { Resource("f", log: log) }
            singleton(name: "g") { Resource("g", log: log) }
        }
        try modular.load(module)
        for name in ["g", "e", "f"] { _ = try modular.tryResolve(Resource.self, name: Name(name)) }
        modular.unload(module)
        #expect(log.all.suffix(3) == ["dispose f", "dispose e", "dispose g"])
    }

    @Test("A held instance is disposed whatever shape its registration gives it")
    func disposableShapes() throws {
        let log = EventLog()
        let container = Container()
        // The class itself, an existential of a protocol it conforms to, an optional, and a
        // subclass that conforms where its registered superclass does not.
        container.register(scope: .singleton) { _ in Database(log: log) }
        container.register((any Disposable).self, scope: .singleton) { _ in Resource("existential", log: log) }
        container.register(Resource?.self, scope: .singleton) { _ in Resource("optional", log: log) }
        container.register(Base.self, scope: .singleton) { _ in DisposableSubclass(log: log) }
        container.register(Plain.self, scope: .singleton) { _ in Plain() }
        _ = try container.tryResolve(Database.self)
        _ = try container.tryResolve((any Disposable).self)
        _ = try container.tryResolve(Resource?.self)
        _ = try container.tryResolve(Base.self)
        _ = try container.tryResolve(Plain.self)
        container.dispose()
        #expect(
            log.all.sorted()
                == ["dispose database", "dispose existential", "dispose optional", "dispose subclass"].sorted()
        )
    }

    class Base: @unchecked Sendable {}  // no state
    final class DisposableSubclass: Base, Disposable, @unchecked Sendable {  // `log` is immutable
        let log: EventLog
        init(log: EventLog) { self.log = log }
        func dispose() { log.append("dispose subclass") }
    }

    @Test("Resolving from a disposed container is a clear error; disposing again does nothing")
    func resolveAfterDispose() throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .singleton) { _ in Database(log: log) }
        _ = try container.tryResolve(Database.self)
        container.dispose()
        container.dispose()
        #expect(log.all == ["dispose database"])
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Database.self) }
        #expect(error.kind == .disposed)
        #expect(error.description.contains("the container was disposed"))
        #expect(container.resolveOptional(Database.self) == nil)
    }

    @Test("Registering in a disposed container traps")
    func registerAfterDispose() async {
        await #expect(processExitsWith: .failure) {
            let container = Container()
            container.dispose()
            container.register { _ in Plain() }
        }
    }

    @Test("reset disposes only that scope's instances, newest first")
    func resetOrder() throws {
        let log = EventLog()
        let container = Container()
        container.register(name: "a", scope: .cached("s")) { _ in Resource("a", log: log) }
        container.register(name: "b", scope: .cached("s")) { _ in Resource("b", log: log) }
        container.register(name: "c", scope: .singleton) { _ in Resource("c", log: log) }
        _ = try container.tryResolve(Resource.self, name: "a")
        _ = try container.tryResolve(Resource.self, name: "c")
        _ = try container.tryResolve(Resource.self, name: "b")
        container.reset(.cached("s"))
        #expect(log.all == ["dispose b", "dispose a"])
        container.dispose()
        #expect(log.all == ["dispose b", "dispose a", "dispose c"])
    }

    @Test("Held instances keep the order they were made in through resets and re-registrations")
    func orderThroughResets() throws {
        let log = EventLog()
        let container = Container()
        container.register(name: "a", scope: .singleton) { _ in Resource("a", log: log) }
        container.register(name: "b", scope: .cached("s")) { _ in Resource("b", log: log) }
        container.register(name: "c", scope: .singleton) { _ in Resource("c", log: log) }
        container.register(name: "d", scope: .cached("s")) { _ in Resource("d", log: log) }
        for name in ["a", "b", "c", "d"] { _ = try container.tryResolve(Resource.self, name: Name(name)) }
        // The middle and the newest leave; the oldest and the one between stay, in order.
        container.reset(.cached("s"))
        #expect(log.all == ["dispose d", "dispose b"])
        _ = try container.tryResolve(Resource.self, name: "b")
        // Registering `a` again disposes the oldest and takes it off the list.
        container.register(name: "a", scope: .singleton) { _ in Resource("a2", log: log) }
        #expect(log.all.last == "dispose a")
        _ = try container.tryResolve(Resource.self, name: "a")
        container.dispose()
        #expect(log.all.suffix(3) == ["dispose a2", "dispose b", "dispose c"])
    }

    @Test("A disposable may resolve from the container while being disposed by reset")
    func disposeMayResolve() throws {
        let container = Container()
        let log = EventLog()
        container.register(scope: .singleton) { _ in Plain() }
        container.register(scope: .cached("s")) { _ in Resource("r", log: log) }
            .onDispose { _ in _ = container.resolveOptional(Plain.self) }
        _ = try container.tryResolve(Resource.self)
        container.reset(.cached("s"))
        #expect(log.all == ["dispose r"])
    }

    @Test("A released container frees what it held")
    func releasedContainerFreesInstances() throws {
        weak var weakInstance: Plain?
        weak var weakContainer: Container?
        do {
            let container = Container()
            weakContainer = container
            container.register(scope: .singleton) { _ in Plain() }
            weakInstance = try container.tryResolve(Plain.self)
            #expect(weakInstance != nil)
        }
        #expect(weakContainer == nil)
        #expect(weakInstance == nil)
    }
}
