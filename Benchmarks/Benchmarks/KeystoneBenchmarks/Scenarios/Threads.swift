import Benchmark
import Dispatch
import Keystone
import Swinject

/// Two threads resolving the same singleton at once. Each thread resolves it
/// `benchmark.scaledIterations.count` times, and the wall time is reported per resolve per
/// thread: it equals the single-threaded `singleton` figure if resolves scale perfectly, and
/// is twice it if they are serialised. Handing the work to the second thread costs some
/// microseconds per sample, which is why hand wiring runs a million resolves per sample.
func threadScenarios() {
    scenario(
        "singleton-2threads",
        handScaling: .mega,
        hand: {
            let root = HandRoot()
            return { benchmark in
                let count = benchmark.scaledIterations.count
                onTwoThreads {
                    for _ in 0..<count {
                        blackHole(root.sharedStore())
                    }
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
            container.register(Store.self, scope: .singleton) { _ in Store() }
            blackHole(container.resolve(Store.self))
            return { benchmark in
                let count = benchmark.scaledIterations.count
                onTwoThreads {
                    for _ in 0..<count {
                        blackHole(container.resolve(Store.self))
                    }
                }
            }
        },
        swinject: {
            let container = Swinject.Container()
            container.register(Store.self) { _ in Store() }.inObjectScope(.container)
            // Swinject is only safe across threads through its synchronized resolver, which
            // takes one recursive lock per resolve.
            let resolver = SynchronizedResolver(container.synchronize())
            blackHole(resolver.base.resolve(Store.self)!)
            return { benchmark in
                let count = benchmark.scaledIterations.count
                onTwoThreads {
                    for _ in 0..<count {
                        blackHole(resolver.base.resolve(Store.self)!)
                    }
                }
            }
        }
    )
}

/// Runs `body` on two threads at once (the caller's and one of Dispatch's) and returns when
/// both are done.
private func onTwoThreads(_ body: @Sendable () -> Void) {
    DispatchQueue.concurrentPerform(iterations: 2) { _ in body() }
}

/// Swinject's synchronized resolver, which is safe to share between threads although its
/// type does not say so.
///
/// `@unchecked Sendable`: every call goes through the resolver's own recursive lock.
private struct SynchronizedResolver: @unchecked Sendable {
    let base: any Swinject.Resolver

    init(_ base: any Swinject.Resolver) {
        self.base = base
    }
}
