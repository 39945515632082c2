import Testing

@testable import Keystone

/// A logger that keeps every event's description, in order.
struct RecordingLogger: ContainerLogger {
    let events = EventLog()
    func log(_ event: ContainerEvent) { events.append(event.description) }
}

/// A logger that keeps the events themselves.
final class EventRecorder: ContainerLogger, @unchecked Sendable {
    // `@unchecked Sendable`: `lock` guards `recorded`.
    private let lock = Lock()
    private var recorded: [ContainerEvent] = []
    func log(_ event: ContainerEvent) { lock.withLock { recorded.append(event) } }
    var all: [ContainerEvent] { lock.withLock { recorded } }
}

@Suite("Logging")
struct LoggingTests {
    @Test("A container has no logger by default")
    func offByDefault() {
        let container = Container()
        #expect(container.logger == nil)
        #expect(!container.registry.isLogging)
    }

    @Test("Registrations, builds, reuses (also of a warm singleton) and failures are reported")
    func everyEvent() throws {
        let logger = RecordingLogger()
        let container = Container()
        container.logger = logger
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self, name: "disk") { r in try DiskStorage(client: r.resolve()) }
        _ = try container.tryResolve(Storage.self, name: "disk")
        _ = try container.tryResolve(APIClient.self)  // warm: the lock-free path is skipped
        _ = try? container.tryResolve(Plain.self)
        let events = logger.events.all
        #expect(events[0].hasPrefix("registered APIClient .singleton at KeystoneTests/LoggingTests.swift:"))
        #expect(events[1].hasPrefix("registered Storage (name: \"disk\") .graph at"))
        #expect(events[2] == "built APIClient .singleton")
        #expect(events[3] == "built Storage (name: \"disk\") .graph")
        #expect(events[4] == "reused APIClient .singleton")
        #expect(events[5].hasPrefix("failed: No registration for `Plain`."))
        #expect(events.count == 6)
    }

    @Test("The graph scope's second use in one resolution is a reuse")
    func graphReuse() throws {
        let recorder = EventRecorder()
        let container = Container()
        registerGraph(in: container)
        container.logger = recorder
        _ = try container.tryResolve(GraphA.self)
        let kinds = recorder.all.map { "\($0.kind) \($0.service)" }
        #expect(kinds == ["built GraphD", "built GraphB", "reused GraphD", "built GraphC", "built GraphA"])
    }

    @Test("A request service's first use in a request is a build, every later one a reuse")
    func requestReuse() throws {
        let recorder = EventRecorder()
        let app = Container()
        app.register(scope: .request) { _ in RequestUnit() }
        app.register(scope: .transient) { r in try Pair<RequestUnit>(first: r.resolve(), second: r.resolve()) }
        app.logger = recorder
        let request = app.beginRequest()
        _ = try request.tryResolve(Pair<RequestUnit>.self)
        _ = try request.tryResolve(RequestUnit.self)
        request.end()
        // Another request builds its own.
        let next = app.beginRequest()
        _ = try next.tryResolve(RequestUnit.self)
        next.end()
        let kinds = recorder.all.map { "\($0.kind) \($0.service)" }
        #expect(
            kinds == [
                "built RequestUnit", "reused RequestUnit", "built Pair<RequestUnit>", "reused RequestUnit",
                "built RequestUnit",
            ])
    }

    @Test("Failures carry the error; async resolutions are reported too")
    func asyncAndFailure() async throws {
        let recorder = EventRecorder()
        let container = Container()
        container.logger = recorder
        container.register(AsyncDatabase.self, scope: .singleton) { _ in
            await Task.yield()
            return AsyncDatabase()
        }
        _ = try await container.resolveAsync(AsyncDatabase.self)
        _ = try await container.resolveAsync(AsyncDatabase.self)
        _ = try? await container.resolveAsync(Plain.self, name: "missing")
        let events = recorder.all
        #expect(events.map(\.kind) == [.registered, .built, .reused, .failed])
        #expect(events[3].error?.kind == .notRegistered)
        #expect(events[3].name == "missing")
    }

    @Test("An awaited resolution's graph instance, asked for again, is a reuse, as a synchronous one is")
    func awaitedGraphReuse() async throws {
        let recorder = EventRecorder()
        let container = Container()
        container.register(AsyncDatabase.self) { _ in
            await Task.yield()
            return AsyncDatabase()
        }
        container.register(Pair<AsyncDatabase>.self, scope: .transient) { r in
            try await Pair<AsyncDatabase>(first: r.resolve(), second: r.resolve())
        }
        container.logger = recorder
        let pair = try await container.resolveAsync(Pair<AsyncDatabase>.self)
        #expect(pair.first === pair.second)
        let kinds = recorder.all.map { "\($0.kind) \($0.service)" }
        #expect(kinds == ["built AsyncDatabase", "reused AsyncDatabase", "built Pair<AsyncDatabase>"])
    }

    @Test("Removing the logger restores the fast path; a child starts with its parent's logger")
    func offAgainAndChildren() throws {
        let logger = RecordingLogger()
        let parent = Container()
        parent.logger = logger
        let child = Container(parent: parent)
        #expect(child.logger != nil)
        parent.logger = nil
        #expect(!parent.registry.isLogging)
        parent.register(scope: .singleton) { _ in Plain() }
        _ = try parent.tryResolve(Plain.self)
        child.register(name: "child") { _ in Plain() }
        #expect(logger.events.all.count == 1)
        #expect(logger.events.all[0].hasPrefix("registered Plain (name: \"child\") .graph"))
    }

    @Test("PrintLogger is a ready logger")
    func printLogger() {
        let container = Container()
        container.logger = PrintLogger()
        #expect(container.logger is PrintLogger)
    }
}

/// A request's unit of work, for the log of a request scope.
private final class RequestUnit: Sendable {}
/// Two uses of one service in one resolution: a request's unit, an awaited `.graph` instance.
private final class Pair<Part: AnyObject & Sendable>: Sendable {
    let first: Part
    let second: Part
    init(first: Part, second: Part) {
        self.first = first
        self.second = second
    }
}
