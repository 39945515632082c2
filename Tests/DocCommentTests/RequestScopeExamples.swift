import Keystone
import Testing

// The request scope's doc comment examples, compiled and run.

struct RequestID: Sendable, Equatable {
    let value: String
    init(_ value: String) { self.value = value }
}
final class NoteStore: Sendable {}
final class AuditLog: Sendable {
    let request: RequestID
    init(request: RequestID) { self.request = request }
}
final class NoteHandler: Sendable {
    let store: NoteStore
    let audit: AuditLog
    init(store: NoteStore, audit: AuditLog) {
        self.store = store
        self.audit = audit
    }
    func handle() -> String { "handled \(audit.request.value)" }
}

@Suite("Request scope examples")
struct RequestScopeExamples {
    @Test func requestScope() throws {
        let app = Container()
        app.register(scope: .singleton) { _ in NoteStore() }
        app.registerRequestValue(RequestID.self)
        app.register(scope: .request) { r in try AuditLog(request: r.resolve()) }
        app.register { r in try NoteHandler(store: r.resolve(), audit: r.resolve()) }

        let handled = try app.withRequest(providing: RequestID("req-1")) { request in
            let handler: NoteHandler = try request.tryResolve()
            return handler.handle()
        }

        #expect(handled == "handled req-1")
    }

    @Test func requestValue() throws {
        let app = Container()
        app.register(scope: .request) { r in try AuditLog(request: r.resolve()) }
        app.registerRequestValue(RequestID.self)
        let request = app.beginRequest(providing: RequestID("req-7"))

        #expect(try request.tryResolve(AuditLog.self).request == RequestID("req-7"))
        request.end()
    }

    @Test func sampleRequestValue() {
        let app = Container()
        app.registerRequestValue(RequestID.self)
        app.register(scope: .request) { r in try AuditLog(request: r.resolve()) }
        var samples = VerificationSamples()
        samples.provide(RequestID("sample"))

        #expect(app.verify(samples: samples).unchecked.isEmpty)
    }
}

@Suite("Registration query examples")
struct RegistrationQueryExamples {
    @Test func registrationInfo() throws {
        let shop = Container()
        shop.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }

        let info = shop.registration(for: APIClient.self)
        print(info?.scope == .singleton)  // true
        print(info?.registeredAt ?? "")  // "App/Wiring.swift:2"

        #expect(info?.scope == .singleton)
        #expect(try #require(info).registeredAt.hasPrefix("DocCommentTests/RequestScopeExamples.swift:"))
    }
}
