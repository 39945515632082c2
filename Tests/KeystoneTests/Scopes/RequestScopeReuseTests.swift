import Foundation
import Testing

@testable import Keystone

/// `withRequest` leaves the scope it ended as its container's spare, for the next request, when
/// nothing else can reach it: a request then costs no allocation for its scope. What a request
/// sees must not tell: each request starts empty, with its own values, and a scope that anything
/// kept (strongly, weakly or unowned) is never handed to another request.
extension RequestScopeTests {
    @Test("A scope that withRequest ended serves the next request, which starts empty with its own values")
    func endedScopeServesTheNextRequest() throws {
        let disposals = EventLog()
        let app = Self.app(disposals: disposals)
        let (firstScope, firstAudit) = try app.withRequest(providing: RequestID(value: "a")) { request in
            let handler: Handler = try request.tryResolve()
            return (ObjectIdentifier(request), handler.audit)
        }
        let (secondScope, secondAudit, isEnded) = try app.withRequest(providing: RequestID(value: "b")) { request in
            let handler: Handler = try request.tryResolve()
            return (ObjectIdentifier(request), handler.audit, request.isEnded)
        }
        #expect(secondScope == firstScope)
        #expect(!isEnded)
        #expect(secondAudit !== firstAudit)
        #expect(firstAudit.id.value == "a")
        #expect(secondAudit.id.value == "b")
        #expect(disposals.all == ["audit a", "audit b"])
        // A request given no value does not find the one a request before it was given.
        let error = app.withRequest { request in
            #expect(throws: ResolutionError.self) { try request.tryResolve(RequestID.self) }
        }
        #expect(error != nil)
    }

    @Test("A scope kept after its request is never handed to another: it stays ended")
    func keptScopeStaysEnded() throws {
        let app = Self.app()
        var kept: RequestScope?
        try app.withRequest(providing: RequestID(value: "a")) { request in
            kept = request
            _ = try request.tryResolve(Handler.self)
        }
        let next = app.withRequest(providing: RequestID(value: "b")) { ObjectIdentifier($0) }
        let scope = try #require(kept)
        #expect(next != ObjectIdentifier(scope))
        #expect(scope.isEnded)
        let error = #expect(throws: ResolutionError.self) { try scope.tryResolve(AuditLog.self) }
        #expect(error?.kind == .requestEnded)
    }

    @Test("A scope kept after its request keeps its container, which the work did not hold")
    func keptScopeKeepsItsContainer() throws {
        weak var released: Container?
        var kept: RequestScope?
        do {
            let app = Self.app()
            released = app
            app.withRequest(providing: RequestID(value: "a")) { request in kept = request }
        }
        #expect(released != nil)
        #expect(try #require(kept).container === released)
        kept = nil
        #expect(released == nil)
    }

    @Test("A scope that something holds weakly or unowned is let go, not handed to another request")
    func weaklyOrUnownedHeldScopeIsNotReused() throws {
        let app = Self.app()
        weak var weakly: RequestScope?
        app.withRequest { request in weakly = request }
        // Reused, it would live on as the container's spare.
        #expect(weakly == nil)

        final class UnownedHolder {
            unowned let scope: RequestScope
            let identity: ObjectIdentifier
            init(_ scope: RequestScope) {
                self.scope = scope
                identity = ObjectIdentifier(scope)
            }
        }
        var holder: UnownedHolder?
        app.withRequest { request in holder = UnownedHolder(request) }
        // The unowned reference keeps the scope's memory, so its address cannot be another
        // scope's while the holder lives.
        let next = app.withRequest { ObjectIdentifier($0) }
        #expect(next != holder?.identity)
        holder = nil
    }

    @Test("A request whose work throws still ends its scope, and the next request starts empty")
    func throwingRequestIsEndedBeforeReuse() throws {
        struct Failed: Error {}
        let disposals = EventLog()
        let app = Self.app(disposals: disposals)
        #expect(throws: Failed.self) {
            try app.withRequest(providing: RequestID(value: "a")) { request in
                _ = try request.tryResolve(Handler.self)
                throw Failed()
            }
        }
        #expect(disposals.all == ["audit a"])
        let audit = try app.withRequest(providing: RequestID(value: "b")) { try $0.tryResolve(AuditLog.self) }
        #expect(audit.id.value == "b")
    }

    @Test("A scope that only withRequest holds is ended as end() ends one: newest first, once")
    func unsharedEndDisposesNewestFirst() throws {
        final class Session: Disposable, Sendable {
            let log: EventLog
            init(log: EventLog) { self.log = log }
            func dispose() { log.append("session") }
        }
        final class Cart: Disposable, Sendable {
            let session: Session
            init(session: Session) { self.session = session }
            func dispose() { session.log.append("cart") }
        }
        let log = EventLog()
        let app = Container()
        app.register(scope: .request) { _ in Session(log: log) }
        app.register(scope: .request) { r in try Cart(session: r.resolve()) }
        try app.withRequest { request in _ = try request.tryResolve(Cart.self) }
        #expect(log.all == ["cart", "session"])
        // Ended by the work itself: nothing is disposed twice, and the scope serves again.
        try app.withRequest { request in
            _ = try request.tryResolve(Cart.self)
            request.end()
        }
        #expect(log.all == ["cart", "session", "cart", "session"])
        let fresh = try app.withRequest { request in try request.tryResolve(Cart.self) }
        #expect(log.all.count == 6)
        #expect(fresh.session.log === log)
    }

    @Test("An awaited request's scope is reused as a synchronous one's")
    func awaitedRequestReusesTheScope() async throws {
        let app = Self.app()
        let first = await app.withRequest(providing: RequestID(value: "a")) { request in
            await Task.yield()
            return ObjectIdentifier(request)
        }
        let (second, audit) = try await app.withRequest(providing: RequestID(value: "b")) { request in
            await Task.yield()
            return (ObjectIdentifier(request), try request.tryResolve(AuditLog.self))
        }
        #expect(second == first)
        #expect(audit.id.value == "b")
    }

    @Test("A container's spare scope does not keep the container alive")
    func spareScopeDoesNotKeepItsContainer() {
        weak var released: Container?
        do {
            let app = Self.app()
            released = app
            app.withRequest(providing: RequestID(value: "a")) { _ in }
        }
        #expect(released == nil)
    }

    @Test("A scope that another thread holds as its request ends stays that request's, and keeps its container")
    func scopeHeldByAnotherThreadAsItsRequestEnds() {
        /// The last request's scope, and the value it was given, handed to the other thread.
        final class Mailbox: @unchecked Sendable {  // `lock` guards `latest` and `isClosed`.
            private let lock = Lock()
            private var latest: (scope: RequestScope, id: String)?
            private var isClosed = false
            func post(_ scope: RequestScope, _ id: String) { lock.withLock { latest = (scope, id) } }
            func close() { lock.withLock { isClosed = true } }
            /// The posted scope, taken (the box keeps no reference), or nil; and whether closed.
            func take() -> ((scope: RequestScope, id: String)?, Bool) {
                lock.withLock { (latest.take(), isClosed) }
            }
        }
        let app = Self.app()
        let mailbox = Mailbox()
        let mixed = Counter()
        let held = Counter()
        onThreads(2) { thread in
            if thread == 0 {
                for round in 0..<5_000 {
                    let id = "\(round)"
                    app.withRequest(providing: RequestID(value: id)) { request in
                        _ = request.resolve(AuditLog.self)
                        let references = _getRetainCount(request)
                        mailbox.post(request, id)
                        guard round.isMultiple(of: 2) else { return }
                        // Every other request ends only once the other thread has let its
                        // scope go (bounded), watched through the reference count alone: nothing
                        // but the scope itself orders that thread's use before the end.
                        var spins = 0
                        while _getRetainCount(request) > references && spins < 100_000 {
                            spins += 1
                            yieldProcessor()
                        }
                    }
                }
                return mailbox.close()
            }
            // Takes each scope as its request ends (or after), resolves from it, lets it go:
            // the last reference is let go here or there, as the threads happen to run.
            while true {
                let (posted, isClosed) = mailbox.take()
                guard let (scope, id) = posted else {
                    if isClosed { return }
                    yieldProcessor()
                    continue
                }
                held.increment()
                if scope.container !== app { mixed.increment() }
                do throws(ResolutionError) {
                    if try scope.tryResolve(AuditLog.self).id.value != id { mixed.increment() }
                } catch {
                    if error.kind != .requestEnded { mixed.increment() }
                }
            }
        }
        #expect(mixed.value == 0)
        #expect(held.value > 0)
    }

    @Test("Requests on many threads at once each get a scope of their own, reused or not")
    func concurrentRequestsNeverShareAScope() {
        let app = Self.app()
        let mixed = Counter()
        onThreads(4) { thread in
            for round in 0..<2_000 {
                let id = "\(thread)-\(round)"
                app.withRequest(providing: RequestID(value: id)) { request in
                    let handler = request.resolve(Handler.self)
                    let again = request.resolve(AuditLog.self)
                    if handler.audit !== again || again.id.value != id || request.isEnded { mixed.increment() }
                }
            }
        }
        #expect(mixed.value == 0)
    }
}
