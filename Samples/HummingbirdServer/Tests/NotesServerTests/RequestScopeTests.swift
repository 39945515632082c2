import HTTPTypes
import Hummingbird
import Keystone
import Testing

@testable import NotesServer

/// The app on a real socket (127.0.0.1, a port the system picks), driven by real HTTP requests:
/// each request runs in a request scope of its own, with its own `RequestInfo` and `AuditLog`,
/// and the scope ends exactly once, when the request ends.
@Suite("Request scope over live HTTP", .timeLimit(.minutes(1)))
struct RequestScopeTests {
    @Test("Routes answer, each request has its own scope, disposed once, also when the handler throws")
    func sequentialRequests() async throws {
        let container = makeAppContainer(configuration: testConfiguration)
        defer { container.dispose() }

        let responses = try await withLiveServer(container: container) { port in
            try await withClient(port: port) { client in
                let created = try await client.postNote("buy milk")
                let note: Note = try created.decode()
                return [
                    created,
                    try await client.get(path: "/notes/\(note.id)"),
                    try await client.get(path: "/notes/note-999"),  // the handler throws a 404
                    try await client.postNote(""),  // the handler throws a 400
                    try await client.get(path: "/nowhere"),  // no route: still through the middleware
                    try await client.get(path: "/audit"),
                ]
            }
        }

        try #require(responses.map(\.status) == [.created, .ok, .notFound, .badRequest, .notFound, .ok])
        let created: Note = try responses[0].decode()
        #expect(created.text == "buy milk")
        #expect(created.createdBy == responses[0].requestID)
        #expect(try responses[1].decode(Note.self) == created)

        // Every request, failed or not, had its own RequestInfo.
        let ids = try responses.map { try #require($0.requestID) }
        #expect(Set(ids).count == responses.count)

        // GET /audit saw the five requests before it, each flushed once when it ended.
        let audited: [AuditRecord] = try responses[5].decode()
        try #require(audited.map(\.requestID) == Array(ids[0..<5]))
        #expect(audited[0].entries == ["create 8 characters", "stored \(created.id)", "responded 201"])
        #expect(audited[1].entries == ["read \(created.id)", "responded 200"])
        #expect(audited[2].entries == ["read note-999", "failed 404"])
        #expect(audited[3].entries == ["create 0 characters", "rejected", "failed 400"])
        #expect(audited[4].entries == ["failed 404"])
        #expect(audited[4].request == "GET /nowhere")

        // By the time the server has stopped, every request's AuditLog was disposed exactly once,
        // when its scope ended.
        let trail: AuditTrail = try container.tryResolve()
        #expect(trail.records.map(\.requestID) == ids)

        // The store is the app-wide singleton: the one the app's container holds is the one that
        // the POST wrote to and the GET, in another request's scope, read from.
        let store: any NoteStore = try container.tryResolve()
        #expect(await store.all() == [created])
    }

    @Test("Concurrent requests do not mix their request-scoped services")
    func concurrentRequests() async throws {
        let requests = 20
        let gate = Rendezvous(parties: requests)
        let container = makeAppContainer(configuration: testConfiguration)
        defer { container.dispose() }
        // Swap the app-wide store for one that holds every POST until all of them have arrived:
        // then all the requests' scopes are alive at the same moment.
        container.register((any NoteStore).self, scope: .singleton) { _ in
            GatedNoteStore(base: InMemoryNoteStore(), gate: gate)
        }

        let responses = try await withLiveServer(container: container) { port in
            try await withThrowingTaskGroup(of: (Int, TestResponse).self) { group in
                for index in 0..<requests {
                    group.addTask {
                        let response = try await withClient(port: port) { try await $0.postNote("note \(index)") }
                        return (index, response)
                    }
                }
                var responses: [Int: TestResponse] = [:]
                do {
                    for try await (index, response) in group { responses[index] = response }
                } catch {
                    await gate.open()  // let the held requests finish, so that the server can stop
                    throw error
                }
                return responses
            }
        }

        #expect(await gate.allArrived, "all \(requests) requests were inside a handler at once")
        #expect(responses.count == requests)
        let trail: AuditTrail = try container.tryResolve()
        let records = Dictionary(grouping: trail.records, by: \.requestID)
        #expect(trail.records.count == requests)

        var ids: Set<String> = []
        for (index, response) in responses {
            #expect(response.status == .created)
            let note: Note = try response.decode()
            let requestID = try #require(response.requestID)
            ids.insert(requestID)
            // The note was written by the NoteService of the same request that answered.
            #expect(note.text == "note \(index)")
            #expect(note.createdBy == requestID)
            // Its AuditLog saw this request's work only, and was flushed exactly once.
            let text = "note \(index)"
            #expect(
                records[requestID]?.map(\.entries)
                    == [["create \(text.count) characters", "stored \(note.id)", "responded 201"]]
            )
        }
        #expect(ids.count == requests)

        let store: any NoteStore = try container.tryResolve()
        #expect(await store.all().count == requests)
    }

    @Test("A handler that throws an error of its own: a 500, and the request's AuditLog still flushed")
    func handlerThrowsOtherError() async throws {
        let container = makeAppContainer(configuration: testConfiguration)
        defer { container.dispose() }
        container.register((any NoteStore).self, scope: .singleton) { _ in FailingNoteStore() }

        let (failed, audit) = try await withLiveServer(container: container) { port in
            try await withClient(port: port) { client in
                (try await client.postNote("lost"), try await client.get(path: "/audit"))
            }
        }

        // Hummingbird answers an error that is not an HTTPError with a 500, which carries no
        // X-Request-ID: only an HTTPError has headers that the middleware can add to.
        #expect(failed.status == .internalServerError)
        #expect(failed.requestID == nil)
        let records: [AuditRecord] = try audit.decode()
        try #require(records.count == 1)
        #expect(records[0].request == "POST /notes")
        #expect(records[0].entries == ["create 4 characters", "failed: \(StoreFailure.diskFull)"])
        #expect(audit.requestID != nil && audit.requestID != records[0].requestID)
    }

    @Test("Without RequestScopeMiddleware, resolving from the context is a 500, not a trap")
    func missingMiddleware() async throws {
        let container = makeAppContainer(configuration: testConfiguration)
        defer { container.dispose() }

        let response = try await withLiveApplication(
            { onServerRunning in
                let router = Router(context: NotesRequestContext.self)
                router.get("audit") { _, context in
                    let trail: AuditTrail = try context.resolve()
                    return trail.records
                }
                return Application(
                    router: router,
                    configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                    onServerRunning: { await onServerRunning($0.localAddress?.port ?? 0) }
                )
            },
            { port in try await withClient(port: port) { try await $0.get(path: "/audit") } }
        )

        #expect(response.status == .internalServerError)
        #expect(String(decoding: response.body, as: UTF8.self).contains("RequestScopeMiddleware is not installed"))
    }
}

/// Holds every caller of ``arrive()`` until `parties` callers have arrived, or until ``open()``.
actor Rendezvous {
    private let parties: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    /// Whether all the parties were waiting at once.
    private(set) var allArrived = false

    init(parties: Int) {
        self.parties = parties
    }

    /// Waits for the others.
    func arrive() async {
        if isOpen { return }
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count == parties {
                allArrived = true
                open()
            }
        }
    }

    /// Lets everyone through, now and later.
    func open() {
        isOpen = true
        let released = waiting
        waiting = []
        for continuation in released { continuation.resume() }
    }
}

/// A note store that waits at a ``Rendezvous`` before every insert.
struct GatedNoteStore: NoteStore {
    let base: InMemoryNoteStore
    let gate: Rendezvous

    func insert(_ note: Note) async throws {
        await gate.arrive()
        await base.insert(note)
    }

    func note(id: String) async -> Note? {
        await base.note(id: id)
    }

    func all() async -> [Note] {
        await base.all()
    }
}

/// What ``FailingNoteStore`` throws.
enum StoreFailure: Error {
    case diskFull
}

/// A note store whose every insert fails with an error that is not an `HTTPError`.
struct FailingNoteStore: NoteStore {
    func insert(_ note: Note) async throws {
        throw StoreFailure.diskFull
    }

    func note(id: String) async -> Note? {
        nil
    }

    func all() async -> [Note] {
        []
    }
}
