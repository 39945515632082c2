import Keystone
import Testing

@testable import NotesServer

/// The composition root, without a server: the graph verifies, and a request scope gives each
/// request its own services and ends them when it ends.
@Suite("Composition root and request scopes")
struct CompositionRootTests {
    /// A request, as ``RequestScopeMiddleware`` would describe it.
    static let sampleRequest = RequestInfo(id: "req-sample", method: "GET", path: "/notes/note-1")

    @Test("The app's graph is valid, the request's services included")
    func graphIsValid() throws {
        let app = makeAppContainer()
        defer { app.dispose() }
        var samples = VerificationSamples()
        samples.provide(Self.sampleRequest)

        let report = app.verify(samples: samples)

        try report.requireValid()
        // With a sample RequestInfo, every registration was built, AuditLog and NoteService too.
        #expect(report.unchecked.isEmpty, "\(report.unchecked)")
    }

    @Test("Without a sample RequestInfo, the services that need one are listed as not checked")
    func graphWithoutSampleRequest() throws {
        let app = makeAppContainer()
        defer { app.dispose() }

        let report = app.verify()

        try report.requireValid()
        #expect(!report.unchecked.isEmpty)
    }

    @Test("Each request scope has its own AuditLog, shared within the request, flushed at its end")
    func eachRequestItsOwnServices() throws {
        let app = makeAppContainer()
        defer { app.dispose() }
        let trail: AuditTrail = try app.tryResolve()
        let first = app.beginRequest(providing: RequestInfo(id: "req-a", method: "GET", path: "/a"))
        let second = app.beginRequest(providing: RequestInfo(id: "req-b", method: "POST", path: "/b"))

        let audit: AuditLog = try first.tryResolve()
        let notes: NoteService = try first.tryResolve()
        let otherAudit: AuditLog = try second.tryResolve()
        #expect(notes.audit === audit, "one AuditLog per request, whatever resolves it")
        #expect(notes.request.id == "req-a")
        #expect(otherAudit !== audit, "another request, another AuditLog")
        #expect(notes.store as AnyObject === (try app.tryResolve((any NoteStore).self)) as AnyObject)

        audit.record("first")
        otherAudit.record("second")
        #expect(trail.records.isEmpty, "nothing is flushed before a request ends")
        second.end()
        first.end()
        first.end()  // a second end does nothing
        #expect(
            trail.records == [
                AuditRecord(requestID: "req-b", request: "POST /b", entries: ["second"]),
                AuditRecord(requestID: "req-a", request: "GET /a", entries: ["first"]),
            ]
        )
    }

    @Test("A request service is not resolved outside a request, nor after its request ended")
    func requestServicesNeedARequest() throws {
        let app = makeAppContainer()
        defer { app.dispose() }

        #expect {
            _ = try app.tryResolve(NoteService.self)
        } throws: { error in
            (error as? ResolutionError)?.kind == .noRequestScope
        }

        let request = app.beginRequest(providing: Self.sampleRequest)
        request.end()
        #expect {
            _ = try request.tryResolve(AuditLog.self)
        } throws: { error in
            (error as? ResolutionError)?.kind == .requestEnded
        }
    }

    @Test("withRequest ends the scope when its body throws: the AuditLog is flushed")
    func scopeEndsWhenTheBodyThrows() async throws {
        let app = makeAppContainer()
        defer { app.dispose() }
        let trail: AuditTrail = try app.tryResolve()

        await #expect(throws: StoreFailure.self) {
            // The async form, which RequestScopeMiddleware uses.
            try await app.withRequest(providing: Self.sampleRequest) { (request: RequestScope) async throws in
                let audit: AuditLog = try request.tryResolve()
                audit.record("about to fail")
                throw StoreFailure.diskFull
            }
        }

        #expect(trail.records.map(\.entries) == [["about to fail"]])
    }
}
