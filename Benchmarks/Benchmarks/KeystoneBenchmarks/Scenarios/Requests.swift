import Benchmark
import Dispatch
import Keystone
import Swinject

// A server's request scope: per request, a child of the app's container with three
// registrations (the request's context, a repository that needs the app's store and the
// context, a handler that needs both), one resolve of the handler's graph, and the end of the
// child (`dispose()` in Keystone; Swinject has no disposal, so its child is released). By
// hand: the same three objects made in a function.
//
// `request` runs the requests on one thread; `request-2threads` on two at once, each thread
// running `benchmark.scaledIterations.count` requests, and reports the time per request per
// thread: equal to `request` if per-request containers scale (nothing is shared but the
// app's container, which they only read).
func requestScenarios() {
    for threads in [1, 2] {
        let name = threads == 1 ? "request" : "request-2threads"
        scenario(
            name,
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
                    child.register(RequestContext.self, scope: .singleton) { _ in RequestContext() }
                    child.register(RequestRepository.self, scope: .transient) { r in
                        try RequestRepository(store: r.resolve(), context: r.resolve())
                    }
                    child.register(RequestHandler.self, scope: .transient) { r in
                        try RequestHandler(repository: r.resolve(), context: r.resolve())
                    }
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
                    child.register(RequestContext.self) { _ in RequestContext() }.inObjectScope(.container)
                    child.register(RequestRepository.self) { r in
                        RequestRepository(store: r.resolve(Store.self)!, context: r.resolve(RequestContext.self)!)
                    }.inObjectScope(.transient)
                    child.register(RequestHandler.self) { r in
                        RequestHandler(
                            repository: r.resolve(RequestRepository.self)!, context: r.resolve(RequestContext.self)!)
                    }.inObjectScope(.transient)
                    return child.synchronize().resolve(RequestHandler.self)!
                }
                let check = request()
                precondition(check.context === check.repository.context)
                return requests(on: threads, request)
            }
        )
    }
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
