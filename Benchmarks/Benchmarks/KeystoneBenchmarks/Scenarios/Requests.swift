import Benchmark
import Dispatch
import Keystone
import Swinject

// A server's request: the request's context, a repository that needs the app's store and the
// context, a handler that needs both; one resolve of the handler's graph per request, then the
// end of the request. By hand: the same three objects made in a function.
//
// `request` is each library's way to do it without registering anything per request: in
// Keystone a request scope (`.request` services declared once, `withRequest { … }`),
// what its docs recommend for a server; in Swinject the `.graph` object scope, which shares the
// context within one resolve. `request-child` is the way with a child container per request
// that registers the three services again (`dispose()` in Keystone; Swinject has no disposal,
// so its child is released).
//
// `…-2threads` runs them on two threads at once, each thread running
// `benchmark.scaledIterations.count` requests, and reports the time per request per thread:
// equal to one thread's if requests scale (nothing is shared but the app's container).
func requestScenarios() {
    for threads in [1, 2] {
        let suffix = threads == 1 ? "" : "-2threads"
        scenario(
            "request" + suffix,
            handScaling: .kilo,
            hand: {
                let root = HandRoot()
                return requests(on: threads) { root.handleRequest() }
            },
            keystone: {
                let app = Keystone.Container()
                app.register(Store.self, scope: .singleton) { _ in Store() }
                registerRequestServices(in: app, context: .request)
                blackHole(app.resolve(Store.self))
                @Sendable func request() -> RequestHandler {
                    app.withRequest { request in request.resolve(RequestHandler.self) }
                }
                let check = request()
                precondition(check.context === check.repository.context)
                return requests(on: threads, request)
            },
            swinject: {
                let app = Swinject.Container()
                app.register(Store.self) { _ in Store() }.inObjectScope(.container)
                registerRequestServices(in: app, context: .graph)
                blackHole(app.resolve(Store.self)!)
                // Swinject is only safe across threads through its synchronized resolver.
                let shared = SwinjectParent(app)
                @Sendable func request() -> RequestHandler {
                    shared.container.synchronize().resolve(RequestHandler.self)!
                }
                let check = request()
                precondition(check.context === check.repository.context)
                return requests(on: threads, request)
            }
        )
        scenario(
            "request-child" + suffix,
            handScaling: .kilo,
            hand: {
                let root = HandRoot()
                return requests(on: threads) { root.handleRequest() }
            },
            keystone: {
                let app = Keystone.Container()
                app.register(Store.self, scope: .singleton) { _ in Store() }
                blackHole(app.resolve(Store.self))
                @Sendable func request() -> RequestHandler {
                    let child = Keystone.Container(parent: app)
                    registerRequestServices(in: child, context: .singleton)
                    let handler = child.resolve(RequestHandler.self)
                    child.dispose()
                    return handler
                }
                let check = request()
                precondition(check.context === check.repository.context)
                return requests(on: threads, request)
            },
            swinject: {
                let app = Swinject.Container()
                app.register(Store.self) { _ in Store() }.inObjectScope(.container)
                blackHole(app.resolve(Store.self)!)
                // Swinject is only safe across threads through its synchronized resolver; the
                // child resolves the app's store through it.
                let shared = SwinjectParent(app)
                @Sendable func request() -> RequestHandler {
                    let child = Swinject.Container(parent: shared.container)
                    registerRequestServices(in: child, context: .container)
                    return child.synchronize().resolve(RequestHandler.self)!
                }
                let check = request()
                precondition(check.context === check.repository.context)
                return requests(on: threads, request)
            }
        )
    }
}

/// Registers the request's context (in `context`), repository and handler (transient).
private func registerRequestServices(in container: Keystone.Container, context: Keystone.Scope) {
    container.register(RequestContext.self, scope: context) { _ in RequestContext() }
    container.register(RequestRepository.self, scope: .transient) { r in
        try RequestRepository(store: r.resolve(), context: r.resolve())
    }
    container.register(RequestHandler.self, scope: .transient) { r in
        try RequestHandler(repository: r.resolve(), context: r.resolve())
    }
}

/// Registers the request's context (in `context`), repository and handler (transient), in
/// Swinject.
private func registerRequestServices(in container: Swinject.Container, context: Swinject.ObjectScope) {
    container.register(RequestContext.self) { _ in RequestContext() }.inObjectScope(context)
    container.register(RequestRepository.self) { r in
        RequestRepository(store: r.resolve(Store.self)!, context: r.resolve(RequestContext.self)!)
    }.inObjectScope(.transient)
    container.register(RequestHandler.self) { r in
        RequestHandler(repository: r.resolve(RequestRepository.self)!, context: r.resolve(RequestContext.self)!)
    }.inObjectScope(.transient)
}

/// The measured body: `benchmark.scaledIterations.count` requests on each of `threads`
/// threads at once.
private func requests(
    on threads: Int,
    _ request: @escaping @Sendable () -> RequestHandler
) -> Benchmark.BenchmarkClosure {
    { benchmark in
        let count = benchmark.scaledIterations.count
        onThreads(threads) {
            for _ in 0..<count {
                blackHole(request())
            }
        }
    }
}

/// The app's Swinject container, shared by the requests' children, which only read it.
///
/// `@unchecked Sendable`: after set-up the container is only read, through children whose
/// resolves go through `synchronize()`'s recursive lock.
private struct SwinjectParent: @unchecked Sendable {
    let container: Swinject.Container

    init(_ container: Swinject.Container) {
        self.container = container
    }
}

/// Runs `body` on `threads` threads at once (the caller's and Dispatch's), returning when all
/// are done; on one thread, calls it.
func onThreads(_ threads: Int, _ body: @Sendable () -> Void) {
    if threads == 1 {
        body()
    } else {
        DispatchQueue.concurrentPerform(iterations: threads) { _ in body() }
    }
}
