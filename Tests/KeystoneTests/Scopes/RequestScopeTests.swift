import Foundation
import Testing

@testable import Keystone

/// Request-scoped services declared once on the app's container, a request scope per request
/// that holds their instances and the request's values, disposed newest first when it ends.
@Suite("Request scopes")
struct RequestScopeTests {
    struct RequestID: Sendable, Equatable {
        let value: String
    }
    struct User: Sendable {
        let name: String
    }
    final class Store: Sendable {}
    final class Consumer: Sendable {
        let store: Store
        init(store: Store) { self.store = store }
    }
    /// The request's unit of work, disposed when the request ends.
    final class AuditLog: Disposable, Sendable {
        let id: RequestID
        let disposals: EventLog
        init(id: RequestID, disposals: EventLog) {
            self.id = id
            self.disposals = disposals
        }
        func dispose() { disposals.append("audit \(id.value)") }
    }
    final class Repository: Sendable {
        let store: Store
        let audit: AuditLog
        init(store: Store, audit: AuditLog) {
            self.store = store
            self.audit = audit
        }
    }
    final class Handler: Sendable {
        let repository: Repository
        let audit: AuditLog
        init(repository: Repository, audit: AuditLog) {
            self.repository = repository
            self.audit = audit
        }
    }

    /// The server's wiring, declared once.
    static func app(disposals: EventLog = EventLog()) -> Container {
        let app = Container()
        app.register(scope: .singleton) { _ in Store() }
        app.register(scope: .singleton) { _ in disposals }
        app.registerRequestValue(RequestID.self)
        app.register(scope: .request) { r in try AuditLog(id: r.resolve(), disposals: r.resolve()) }
        app.register(scope: .transient) { r in try Repository(store: r.resolve(), audit: r.resolve()) }
        app.register(scope: .transient) { r in try Handler(repository: r.resolve(), audit: r.resolve()) }
        return app
    }

    @Test("A request's services are one per request, shared by what the request resolves")
    func onePerRequest() throws {
        let app = Self.app()
        let first = app.beginRequest(providing: RequestID(value: "req-1"))
        let second = app.beginRequest(providing: RequestID(value: "req-2"))
        let a: Handler = try first.tryResolve()
        let b: Handler = try first.tryResolve()
        let c: Handler = try second.tryResolve()
        #expect(a !== b)  // transient
        #expect(a.audit === b.audit && a.audit === a.repository.audit)
        #expect(a.audit !== c.audit)
        #expect(a.audit.id.value == "req-1" && c.audit.id.value == "req-2")
        // The app's singletons are the app's.
        #expect(a.repository.store === c.repository.store)
        #expect(a.repository.store === app.resolve(Store.self))
        first.end()
        second.end()
    }

    /// A request's unit of work and the one that points back at it, completed by a hook.
    final class Session: @unchecked Sendable {  // `partner` is set once, by the hook, before any other use
        var partner: Partner?
    }
    final class Partner: Sendable {
        let session: Session
        init(session: Session) { self.session = session }
    }

    @Test("A request service's then hook can resolve it again: the circular reference completes")
    func hookCompletesACircularReference() throws {
        let app = Container()
        app.register(scope: .request) { _ in Session() }
            .then { r, session in session.partner = try r.resolve() }
        app.register(scope: .transient) { r in try Partner(session: r.resolve()) }
        let request = app.beginRequest()
        let session: Session = try request.tryResolve()
        #expect(session.partner?.session === session)
        // The scope keeps the instance the hook completed.
        #expect(try request.tryResolve(Session.self) === session)
        #expect(try request.tryResolve(Partner.self).session === session)
        request.end()
        session.partner = nil  // the cycle the hook closed, broken so that nothing leaks
    }

    @Test("An app singleton resolved through a request is the app's, also from a child's request")
    func singletonsThroughARequest() throws {
        let app = Self.app()
        let request = app.beginRequest(providing: RequestID(value: "req-1"))
        // Before and after the app built it: the same instance.
        let first: Store = try request.tryResolve()
        #expect(try request.tryResolve(Store.self) === first)
        #expect(app.resolve(Store.self) === first)
        request.end()
        // A request of a child container reads its parent's built singleton the same way.
        let child = Container(parent: app)
        let childRequest = child.beginRequest(providing: RequestID(value: "req-2"))
        #expect(try childRequest.tryResolve(Store.self) === first)
        let handler: Handler = try childRequest.tryResolve()
        #expect(handler.repository.store === first)
        childRequest.end()
        // After the scope ends the app's singletons still resolve through it: they are not the
        // request's.
        #expect(try request.tryResolve(Store.self) === first)
    }

    @Test("Ending a request disposes its instances newest first, once")
    func endDisposesNewestFirst() throws {
        let disposals = EventLog()
        let app = Container()
        app.registerRequestValue(RequestID.self)
        app.register(scope: .request) { _ in Resource("resource", log: EventLog()) }
            .onDispose { _ in disposals.append("resource") }
        app.register(scope: .request) { r in try AuditLog(id: r.resolve(), disposals: disposals) }
        let request = app.beginRequest(providing: RequestID(value: "r"))
        _ = try request.tryResolve(Resource.self)
        _ = try request.tryResolve(AuditLog.self)
        #expect(disposals.all.isEmpty)
        request.end()
        #expect(disposals.all == ["audit r", "resource"])
        request.end()
        #expect(disposals.all.count == 2)
        #expect(request.isEnded)
    }

    @Test("reset(.request) leaves a request's instances to its request scope, which disposes them when it ends")
    func resetLeavesRequestInstances() throws {
        let disposals = EventLog()
        let app = Self.app(disposals: disposals)
        let request = app.beginRequest(providing: RequestID(value: "r"))
        let audit = try request.tryResolve(AuditLog.self)
        app.reset(.request)
        #expect(try request.tryResolve(AuditLog.self) === audit)
        #expect(disposals.all.isEmpty)
        request.end()
        #expect(disposals.all == ["audit r"])
    }

    @Test("A request service's onDispose hook gets each request's own instance, in every request")
    func onDisposeInEveryRequest() throws {
        let disposed = ResultBox<ObjectIdentifier>()
        let app = Container()
        app.register(scope: .request) { _ in Store() }
            .onDispose { store in disposed.append(ObjectIdentifier(store)) }
        var built: [ObjectIdentifier] = []
        for _ in 0..<3 {
            let request = app.beginRequest()
            built.append(ObjectIdentifier(try request.tryResolve(Store.self)))
            request.end()
        }
        // The first request finds the class not `Disposable` and remembers it; the later ones
        // skip that check, and still run the hook on their own instance.
        #expect(disposed.all.compactMap { $0 } == built)
    }

    @Test("A request service registered as a plain class is disposed when its instance is a Disposable subclass")
    func disposableSubclassOfAPlainClass() throws {
        class Connection: @unchecked Sendable {}  // no state
        final class PooledConnection: Connection, Disposable, @unchecked Sendable {  // `log` is Sendable
            let log: EventLog
            init(log: EventLog) { self.log = log }
            func dispose() { log.append("returned to the pool") }
        }
        struct Pooled: Sendable { let value: Bool }
        let disposals = EventLog()
        let app = Container()
        app.registerRequestValue(Pooled.self)
        app.register(Connection.self, scope: .request) { r in
            try r.resolve(Pooled.self).value ? PooledConnection(log: disposals) : Connection()
        }
        // The registered class first, then a subclass: the shortcut for the registered class
        // must not skip the subclass's `dispose()`.
        app.withRequest(providing: Pooled(value: false)) { request in _ = request.resolve(Connection.self) }
        #expect(disposals.all.isEmpty)
        app.withRequest(providing: Pooled(value: true)) { request in _ = request.resolve(Connection.self) }
        #expect(disposals.all == ["returned to the pool"])
    }

    @Test("withRequest ends the request when the work throws")
    func withRequestEndsOnThrow() throws {
        struct Failed: Error {}
        let disposals = EventLog()
        let app = Self.app(disposals: disposals)
        #expect(throws: Failed.self) {
            try app.withRequest(providing: RequestID(value: "x")) { request in
                _ = try request.tryResolve(Handler.self)
                throw Failed()
            }
        }
        #expect(disposals.all == ["audit x"])
    }

    @Test("The async withRequest ends the request when the work throws")
    func asyncWithRequestEndsOnThrow() async throws {
        struct Failed: Error {}
        let disposals = EventLog()
        let app = Self.app(disposals: disposals)
        await #expect(throws: Failed.self) {
            try await app.withRequest(providing: RequestID(value: "y")) { request in
                _ = try request.tryResolve(Handler.self)
                await Task.yield()
                throw Failed()
            }
        }
        #expect(disposals.all == ["audit y"])
    }

    @Test("A request-scoped service outside a request scope is an error that says what to do")
    func outsideARequest() throws {
        let app = Self.app()
        let error = try #require(throws: ResolutionError.self) { try app.tryResolve(Handler.self) }
        #expect(error.kind == .noRequestScope)
        #expect(error.path == ["Handler", "Repository", "AuditLog"])
        #expect(error.description.contains("is registered with the `.request` scope"))
        #expect(error.description.contains("container.beginRequest(providing:"))
    }

    @Test("A request value the request was not given is an error that names it")
    func missingRequestValue() throws {
        let app = Self.app()
        let request = app.beginRequest()
        defer { request.end() }
        let error = try #require(throws: ResolutionError.self) { try request.tryResolve(Handler.self) }
        #expect(error.kind == .missingRequestValue)
        #expect(error.path.last == "RequestID")
        #expect(error.description.contains("is a request value, and this request scope was not given one"))
    }

    @Test("Several request values, one per type; one never declared is not registered")
    func severalValues() throws {
        let app = Container()
        app.registerRequestValue(RequestID.self)
        app.registerRequestValue(User.self)
        let request = app.beginRequest(providing: RequestID(value: "7"), User(name: "ada"))
        defer { request.end() }
        #expect(try request.tryResolve(RequestID.self).value == "7")
        #expect(try request.tryResolve(User.self).name == "ada")
        let error = try #require(throws: ResolutionError.self) { try request.tryResolve(String.self) }
        #expect(error.kind == .notRegistered)
    }

    @Test("A request value is the caller's: read on every resolve, never disposed by the scope")
    func requestValuesAreTheCallers() throws {
        let disposals = EventLog()
        let app = Container()
        app.registerRequestValue(AuditLog.self)
        app.registerRequestValue((any Sendable).self)
        app.register(name: "kept", scope: .request) { _ in
            AuditLog(id: RequestID(value: "kept"), disposals: disposals)
        }
        let given = AuditLog(id: RequestID(value: "given"), disposals: disposals)
        let request = app.beginRequest(providing: given, RequestID(value: "any") as any Sendable)
        #expect(try request.tryResolve(AuditLog.self) === given)
        #expect(try request.tryResolve(AuditLog.self) === given)
        // An existential request value, given as the existential it is declared as.
        #expect((try request.tryResolve((any Sendable).self) as? RequestID)?.value == "any")
        _ = try request.tryResolve(AuditLog.self, name: "kept")
        request.end()
        // The scope's own instance is disposed; the value it was given is not.
        #expect(disposals.all == ["audit kept"])
        let late = try #require(throws: ResolutionError.self) { try request.tryResolve(AuditLog.self) }
        #expect(late.kind == .requestEnded)
    }

    @Test("After the request ends, its services cannot be resolved from it")
    func afterTheEnd() throws {
        let app = Self.app()
        let request = app.beginRequest(providing: RequestID(value: "late"))
        request.end()
        let error = try #require(throws: ResolutionError.self) { try request.tryResolve(Handler.self) }
        #expect(error.kind == .requestEnded)
        // What is not request-scoped still resolves.
        #expect((try? request.tryResolve(Store.self)) != nil)
    }

    @Test("A resolver kept by a request service resolves in that request later")
    func keptResolver() throws {
        final class Later: Sendable {
            let audit: LazyResolver<AuditLog>
            init(audit: LazyResolver<AuditLog>) { self.audit = audit }
        }
        let app = Self.app()
        app.register(scope: .request) { r in Later(audit: LazyResolver(from: r)) }
        let request = app.beginRequest(providing: RequestID(value: "k"))
        defer { request.end() }
        let later: Later = try request.tryResolve()
        let handler: Handler = try request.tryResolve()
        #expect(try later.audit.resolve() === handler.audit)
    }

    @Test("A factory that resolves from the container in a request stays in the request")
    func nestedResolveInherits() throws {
        let app = Self.app()
        app.register(scope: .transient) { _ in Repository(store: Store(), audit: app.resolve()) }
        let request = app.beginRequest(providing: RequestID(value: "n"))
        defer { request.end() }
        let handler: Handler = try request.tryResolve()
        #expect(handler.repository.audit === handler.audit)
    }

    @Test("Two request services that need each other are a cycle, not a hang")
    func cycle() throws {
        final class Left: Sendable { init(right: Right) {} }
        final class Right: Sendable { init(left: Left) {} }
        let app = Container()
        app.register(scope: .request) { r in try Left(right: r.resolve()) }
        app.register(scope: .request) { r in try Right(left: r.resolve()) }
        let request = app.beginRequest()
        defer { request.end() }
        let error = try #require(throws: ResolutionError.self) { try request.tryResolve(Left.self) }
        #expect(error.kind == .cycle)
        // Within one resolution: the whole path, and no word of another thread.
        #expect(error.path.count == 3)
        #expect(!error.description.contains("waiting for this one"))
    }

    @Test("A resolver kept from a request and used after its resolution ended leaves no request scope behind")
    func keptResolverLeavesNoScopeBehind() throws {
        final class Session: Sendable {}
        final class Plain: Sendable {}
        final class Holder: Sendable {
            let resolver: Resolver
            init(resolver: Resolver) { self.resolver = resolver }
        }
        let app = Container()
        app.register(scope: .request) { _ in Session() }
        app.register(scope: .transient) { _ in Plain() }
        app.register(scope: .transient) { r in Holder(resolver: r) }
        let request = app.beginRequest()
        let holder = try request.tryResolve(Holder.self)
        // A resolution that keeps no resolver: its context is the thread's spare after it,
        // which the kept resolver's next resolve takes (and left its request scope in).
        _ = try app.tryResolve(Plain.self)
        // The kept resolver, used after its resolution ended, resolves in its request.
        let session: Session = try holder.resolver.resolve()
        // This thread's next resolution runs outside any request.
        let error = try #require(throws: ResolutionError.self) { try app.tryResolve(Session.self) }
        #expect(error.kind == .noRequestScope)
        #expect(try request.tryResolve(Session.self) === session)
        request.end()
    }

    @Test("A request service asked for again by a resolution its own build started is a cycle, not a hang")
    func cycleThroughANestedResolution() throws {
        final class Session: Sendable {
            init(request: RequestScope) throws {
                // A resolve of the request scope itself while the session is built: a second
                // resolution, on this thread, started from the first.
                _ = try request.tryResolve(Session.self)
            }
        }
        let app = Container()
        let request = app.beginRequest()
        defer { request.end() }
        // Unowned: the scope holds the container, which holds this factory.
        app.register(scope: .request) { [unowned request] _ in try Session(request: request) }
        let error = try #require(throws: ResolutionError.self) { try request.tryResolve(Session.self) }
        #expect(error.kind == .cycle)
        #expect(!error.description.contains("waiting for this one"))
    }

    @Test("Resolved from many threads of one request at once, each request service is built once")
    func builtOnceUnderContention() throws {
        let builds = Counter()
        let app = Container()
        // Three, so that the scope keeps rows beyond its first (which it holds inline).
        for name in ["first", "second", "third"] {
            app.register(name: Name(name), scope: .request) { _ in
                builds.increment()
                return Store()
            }
        }
        for round in 0..<20 {
            let request = app.beginRequest()
            let seen = ResultBox<[ObjectIdentifier]>()
            let gate = Gate(expected: 4)
            onThreads(4) { thread in
                gate.arrive()
                gate.waitForAll()
                // Each thread in another order, so that every row is raced for.
                let names = ["first", "second", "third"].shuffled()
                let stores = names.sorted().compactMap { name in
                    _ = try? request.tryResolve(Store.self, name: Name(names[thread % 3]))
                    return try? request.tryResolve(Store.self, name: Name(name))
                }
                seen.append(stores.map(ObjectIdentifier.init))
            }
            let all = seen.all.compactMap { $0 }
            #expect(all.count == 4 && all.allSatisfy { $0.count == 3 }, "round \(round)")
            for index in 0..<3 {
                #expect(Set(all.map { $0[index] }).count == 1, "round \(round)")
            }
            request.end()
        }
        #expect(builds.value == 60)
    }

    @Test("A module declares request services with scoped(.request)")
    func inAModule() throws {
        let requestModule = Module {
            scoped(.request) { try AuditLog(id: get(), disposals: get()) }
        }
        let app = Container()
        app.register(scope: .singleton) { _ in EventLog() }
        app.registerRequestValue(RequestID.self)
        try app.load(requestModule)
        let first = app.beginRequest(providing: RequestID(value: "m1"))
        let second = app.beginRequest(providing: RequestID(value: "m2"))
        let a: AuditLog = try first.tryResolve()
        #expect(try first.tryResolve(AuditLog.self) === a)
        #expect(try second.tryResolve(AuditLog.self).id.value == "m2")
        first.end()
        second.end()
        #expect(app.resolve(EventLog.self).all == ["audit m1", "audit m2"])
    }

    @Test("A request service with an async factory is an error that says what to do instead")
    func asyncFactory() async throws {
        let app = Container()
        app.register(scope: .request) { _ async in Store() }
        let error = try await #require(throws: ResolutionError.self) { try await app.resolveAsync(Store.self) }
        #expect(error.kind == .noRequestScope)
        #expect(error.description.contains("a request scope builds only with synchronous factories"))
    }

    @Test("Resolved from a request scope, a request service with an async factory says why a request cannot build it")
    func asyncFactoryFromTheScope() throws {
        let app = Container()
        app.register(scope: .request) { _ async in Store() }
        app.register(scope: .transient) { r in try Consumer(store: r.resolve()) }
        try app.withRequest { request in
            // Directly, and as a dependency: neither error sends the reader to `resolveAsync`,
            // which cannot build it either.
            for resolve in [{ _ = try request.tryResolve(Store.self) }, { _ = try request.tryResolve(Consumer.self) }] {
                let error = try #require(throws: ResolutionError.self) { try resolve() }
                #expect(error.kind == .asyncOnly)
                #expect(error.description.contains("a request scope builds only with synchronous factories"))
                #expect(!error.description.contains("resolveAsync"))
            }
        }
    }

    @Test("A failed build is tried again by the next resolve")
    func failedBuildIsFree() throws {
        struct Flaky: Error {}
        let attempts = Counter()
        let app = Container()
        app.register(scope: .request) { _ in
            if attempts.increment() == 1 { throw Flaky() }
            return Store()
        }
        let request = app.beginRequest()
        defer { request.end() }
        #expect(throws: ResolutionError.self) { try request.tryResolve(Store.self) }
        let store: Store = try request.tryResolve()
        #expect(try request.tryResolve(Store.self) === store)
    }

    @Test("A build that fails while other threads of the request wait is built again by one of them")
    func failedBuildWhileOthersWait() {
        struct Flaky: Error {}
        let attempts = Counter()
        let resolving = Gate(expected: 4)
        let app = Container()
        app.register(scope: .request) { _ in
            if attempts.increment() == 1 {
                // Every thread has started resolving before the first build fails.
                resolving.waitForAll()
                throw Flaky()
            }
            return Store()
        }
        let request = app.beginRequest()
        defer { request.end() }
        let seen = ResultBox<ObjectIdentifier>()
        onThreads(4) { _ in
            resolving.arrive()
            seen.append((try? request.tryResolve(Store.self)).map(ObjectIdentifier.init))
        }
        let stores = seen.all.compactMap { $0 }
        #expect(attempts.value == 2)
        #expect(stores.count == 3)
        #expect(Set(stores).count == 1)
    }

    /// A singleton whose factory needs a request service, itself needing the singleton.
    final class Ledger: Sendable {}
    final class Teller: Sendable {}

    @Test("A singleton and a request service built on two threads, each waiting for the other, are a cycle, not a hang")
    func crossWaitBetweenASingletonAndARequestService() {
        // Each factory waits until both builds have started, then resolves the other: one
        // thread waits for the singleton's build, the other for the request service's.
        let started = Gate(expected: 2)
        let app = Container()
        app.register(Ledger.self, scope: .singleton) { r in
            started.arrive()
            started.waitForAll()
            _ = try r.resolve(Teller.self)
            return Ledger()
        }
        app.register(Teller.self, scope: .request) { r in
            started.arrive()
            started.waitForAll()
            _ = try r.resolve(Ledger.self)
            return Teller()
        }
        let request = app.beginRequest()
        let kinds = ResultBox<ResolutionError.Kind>()
        let finished = finishesOnAnotherThread {
            onThreads(2) { index in
                do throws(ResolutionError) {
                    if index == 0 {
                        _ = try request.tryResolve(Ledger.self)
                    } else {
                        _ = try request.tryResolve(Teller.self)
                    }
                    kinds.append(nil)
                } catch {
                    kinds.append(error.kind)
                }
            }
        }
        #expect(finished, "the two builds waited for each other forever")
        guard finished else { return }
        request.end()
        #expect(kinds.all.contains(.cycle))
    }

    @Test("Threads of one request that wait for a request service, directly or through a singleton's build, all get it")
    func waitsThroughASingletonAreNoCycle() {
        // The request service's build lasts until the three other threads have begun
        // resolving, so that they wait: one for the request service, one for it from the
        // singleton's factory, and one for the singleton's build, a chain through both kinds of
        // wait that leads to no cycle.
        let resolving = Gate(expected: 4)
        let builds = Counter()
        let app = Container()
        app.register(Teller.self, scope: .request) { _ in
            builds.increment()
            resolving.arrive()
            resolving.waitForAll()
            for _ in 0..<1_000 { yieldProcessor() }
            return Teller()
        }
        app.register(Ledger.self, scope: .singleton) { r in
            _ = try r.resolve(Teller.self)
            return Ledger()
        }
        let request = app.beginRequest()
        let resolved = ResultBox<Bool>()
        let finished = finishesOnAnotherThread {
            onThreads(4) { index in
                if index > 0 { resolving.arrive() }
                if index < 2 {
                    resolved.append((try? request.tryResolve(Teller.self)) != nil)
                } else {
                    resolved.append((try? request.tryResolve(Ledger.self)) != nil)
                }
            }
        }
        #expect(finished)
        guard finished else { return }
        request.end()
        #expect(resolved.all == [true, true, true, true])
        #expect(builds.value == 1)
    }

    @Test("A request ended while a resolve waits for a build: the waiter gets requestEnded")
    func endedWhileWaiting() {
        let building = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let app = Container()
        app.register(scope: .request) { _ in
            building.signal()
            release.wait()
            return Store()
        }
        let request = app.beginRequest()
        let built = ResultBox<Bool>()
        let waited = ResultBox<ResolutionError.Kind>()
        let waiting = Gate(expected: 1)
        let done = DispatchGroup()
        done.enter()
        Thread {
            built.append((try? request.tryResolve(Store.self)) != nil)
            done.leave()
        }
        .start()
        building.wait()
        done.enter()
        Thread {
            waiting.arrive()
            do throws(ResolutionError) {
                _ = try request.tryResolve(Store.self)
                waited.append(nil)
            } catch {
                waited.append(error.kind)
            }
            done.leave()
        }
        .start()
        waiting.waitForAll()
        request.end()
        release.signal()
        done.wait()
        #expect(built.all == [true])
        #expect(waited.all == [.requestEnded])
    }
}

/// What `verify()` makes of request scopes.
@Suite("Verifying request scopes")
struct RequestScopeVerificationTests {
    typealias RequestID = RequestScopeTests.RequestID

    @Test("A request service that needs a request value is not checked without a sample, checked with one")
    func requestValuesNeedSamples() throws {
        let app = RequestScopeTests.app()
        let report = app.verify()
        #expect(report.isValid, "\(report)")
        #expect(report.unchecked.contains { $0.reason.contains("needs the request value `RequestID`") })

        var samples = VerificationSamples()
        samples.provide(RequestID(value: "sample"))
        let checked = app.verify(samples: samples)
        #expect(checked.isValid, "\(checked)")
        #expect(checked.unchecked.isEmpty, "\(checked)")
        let audit = try #require(checked.graph.nodes.first { $0.service == "AuditLog" })
        #expect(audit.scope == .request)
    }

    @Test("A singleton that keeps a request service is a captive dependency")
    func captive() throws {
        final class Cache: Sendable { init(audit: RequestScopeTests.AuditLog) {} }
        let app = RequestScopeTests.app()
        app.register(scope: .singleton) { r in try Cache(audit: r.resolve()) }
        var samples = VerificationSamples()
        samples.provide(RequestID(value: "sample"))
        let report = app.verify(samples: samples)
        let problem = try #require(report.problems.first { $0.kind == .captiveDependency })
        #expect(problem.path == ["Cache", "AuditLog"])
    }

    @Test("A request value that nothing declares is a missing dependency")
    func undeclaredValue() throws {
        let app = Container()
        app.register(scope: .request) { r in try RequestScopeTests.AuditLog(id: r.resolve(), disposals: EventLog()) }
        let report = app.verify()
        let problem = try #require(report.problems.first)
        #expect(problem.kind == .missingDependency && problem.path.last == "RequestID")
    }
}
