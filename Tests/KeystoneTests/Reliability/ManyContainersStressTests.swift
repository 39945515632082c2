import Dispatch
import Foundation
import Testing

@testable import Keystone

/// Threads register, resolve, reset, load and unload modules and verify, at once, across a
/// parent, its children and unrelated containers: each container's state is its own, a
/// parent's singleton built for several children at once is built once, and nothing
/// deadlocks. Run under ThreadSanitizer by `.ci/sanitizers`.
extension StressTests {
    final class Shared: Sendable {}
    final class PerChild: Sendable {
        let shared: Shared
        init(shared: Shared) { self.shared = shared }
    }
    final class Session: Sendable {}
    final class Loaded: Sendable {}

    @Test("Register, resolve, reset, unload and verify across several containers at once")
    func manyContainersAtOnce() async {
        let builds = Counter()
        let failures = ResultBox<String>()
        let parent = Container()
        parent.register(Shared.self, scope: .singleton) { _ in
            builds.increment()
            return Shared()
        }
        .verify(because: "counts the builds of the app's own instance") { _ in Shared() }
        let children = (0..<3).map { _ in Container(parent: parent) }
        let strangers = (0..<2).map { _ in Container() }
        for child in children {
            child.register(PerChild.self, scope: .transient) { r in try PerChild(shared: r.resolve()) }
        }
        let module = Module { singleton { Loaded() } }
        let finished = DispatchSemaphore(value: 0)
        let rounds = 400

        Thread {
            onThreads(6) { worker in
                var random = SplitMix64(seed: UInt64(worker) &+ 0x5EED)
                for round in 0..<rounds {
                    let child = random.pick(children)
                    let stranger = random.pick(strangers)
                    switch (worker + round) % 6 {
                    case 0:
                        do {
                            let made: PerChild = try child.tryResolve()
                            let shared: Shared = try parent.tryResolve()
                            if made.shared !== shared { failures.append("a child saw another Shared") }
                        } catch {
                            failures.append("\(error)")
                        }
                    case 1:
                        child.register(Session.self, scope: .cached("session")) { _ in Session() }
                        _ = try? child.tryResolve(Session.self)
                        child.reset(.cached("session"))
                    case 2:
                        if (try? stranger.load(module)) != nil {
                            _ = try? stranger.tryResolve(Loaded.self)
                            stranger.unload(module)
                        }
                    case 3:
                        stranger.register(Shared.self, scope: .singleton) { _ in Shared() }
                        _ = try? stranger.tryResolve(Shared.self)
                        stranger.reset(.singleton)
                    case 4:
                        let report = child.verify()
                        if report.problems.contains(where: {
                            $0.kind != .duplicateRegistration
                        }) {
                            failures.append("verify: \(report)")
                        }
                    default:
                        let request = Container(parent: child)
                        request.register(Session.self, scope: .singleton) { _ in Session() }
                        _ = try? request.tryResolve(PerChild.self)
                        _ = try? request.tryResolve(Session.self)
                        request.dispose()
                    }
                }
            }
            finished.signal()
        }.start()
        let done = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: finished.wait(timeout: .now() + 120) == .success)
            }
        }

        #expect(done, "workers did not finish within the time limit: a deadlock")
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        #expect(builds.value == 1)
    }
}
