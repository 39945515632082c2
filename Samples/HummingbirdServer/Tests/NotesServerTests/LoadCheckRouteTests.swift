import HTTPTypes
import Keystone
import Testing

@testable import NotesServer

/// The two routes that `notes-load-check` compares do the same work: the same note, an
/// `X-Request-ID`, and an audit record with the same entries, flushed once per request.
@Suite("Load-check routes over live HTTP", .timeLimit(.minutes(1)))
struct LoadCheckRouteTests {
    @Test("Hand-wired and request-scoped routes answer alike and audit alike")
    func routesDoTheSameWork() async throws {
        let container = makeAppContainer(configuration: testConfiguration)
        defer { container.dispose() }

        let responses = try await withLiveServer(container: container) { port in
            try await withClient(port: port) { client in
                let created = try await client.postNote("same")
                let note: Note = try created.decode()
                return [
                    created,
                    try await client.get(path: "/load-check/hand/notes/\(note.id)"),
                    try await client.get(path: "/load-check/scope/notes/\(note.id)"),
                    try await client.get(path: "/load-check/hand/notes/note-999"),
                    try await client.get(path: "/load-check/scope/notes/note-999"),
                ]
            }
        }

        try #require(responses.map(\.status) == [.created, .ok, .ok, .notFound, .notFound])
        let created: Note = try responses[0].decode()
        #expect(try responses[1].decode(Note.self) == created)
        #expect(try responses[2].decode(Note.self) == created)
        let ids = try responses.map { try #require($0.requestID) }
        #expect(Set(ids).count == responses.count, "one request ID generator for both routes")

        let trail: AuditTrail = try container.tryResolve()
        try #require(trail.records.map(\.requestID) == ids)
        let records = trail.records
        #expect(records[1].request == "GET /load-check/hand/notes/\(created.id)")
        #expect(records[2].request == "GET /load-check/scope/notes/\(created.id)")
        #expect(records[1].entries == ["read \(created.id)", "responded 200"])
        #expect(records[2].entries == records[1].entries)
        #expect(records[3].entries == ["read note-999", "failed 404"])
        #expect(records[4].entries == records[3].entries)
    }
}
