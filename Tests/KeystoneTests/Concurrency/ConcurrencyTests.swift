import Dispatch
import Testing

@testable import Keystone

final class CycleA {
    init(_ b: CycleB) {}
}

final class CycleB {
    init(_ a: CycleA) {}
}

/// A held instance that counts its disposals and can tell whether it is still intact.
final class Canary: Disposable, Sendable {
    let word = 0x5EED_CAFE
    let disposals = Counter()
    var isIntact: Bool { word == 0x5EED_CAFE }
    func dispose() { disposals.increment() }
}

final class CanaryUser: Sendable {
    let canary: Canary
    init(_ canary: Canary) { self.canary = canary }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test(
        "A shared instance is built exactly once under contention", arguments: [Scope.singleton, .cached("c"), .weak])
    func exactlyOnce(scope: Scope) throws {
        let threads = 8
        let builds = Counter()
        let gate = Gate(expected: threads)
        let container = Container()
        container.register(scope: scope) { _ in
            builds.increment()
            gate.waitForAll()  // everyone is inside resolve before the first build ends
            return Plain()
        }
        let results = ResultBox<Plain>()
        onThreads(threads) { _ in
            gate.arrive()
            results.append(try? container.tryResolve(Plain.self))
        }
        let all = results.all.compactMap { $0 }
        #expect(all.count == threads)
        #expect(builds.value == 1)
        #expect(all.allSatisfy { $0 === all[0] })
    }

    @Test("Threads that contribute to a new container at once share the state its first contribution makes")
    func firstContributionsAtOnce() throws {
        let threads = 8
        let gate = Gate(expected: threads)
        let container = Container()
        onThreads(threads) { index in
            gate.arrive()
            gate.waitForAll()  // every thread contributes as the container's first use of it
            container.contribute(Int.self) { _ in index }
        }
        #expect(try container.tryResolveAll(Int.self).sorted() == Array(0..<threads))
    }

    @Test("Many tasks hammer every scope; shared instances are built once per lifetime")
    func hammerFromTasks() async throws {
        let singletonBuilds = Counter()
        let cachedBuilds = Counter()
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in
            singletonBuilds.increment()
            return LiveAPIClient()
        }
        container.register(scope: .cached("session")) { r in
            cachedBuilds.increment()
            return try DiskStorage(client: r.resolve())
        }
        container.register(scope: .weak) { _ in Plain() }
        container.register(scope: .transient) { r in try Root(session: Session(client: r.resolve())) }
        let held: Plain = try container.tryResolve()  // keeps the weak instance alive throughout
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let client: APIClient = try container.tryResolve()
                    let storage: DiskStorage = try container.tryResolve()
                    let plain: Plain = try container.tryResolve()
                    _ = try container.tryResolve(Root.self)
                    if index == 200 { container.register(name: "late") { _ in Plain() } }
                    return storage.client === client && plain === held
                }
            }
            for try await consistent in group {
                #expect(consistent)
            }
        }
        #expect(singletonBuilds.value == 1)
        #expect(cachedBuilds.value == 1)
    }

    @Test("Two threads building each other's dependencies report a cycle instead of deadlocking")
    func crossThreadCycle() {
        let gate = Gate(expected: 2)
        let container = Container()
        container.register(scope: .singleton) { r in
            gate.arrive()
            gate.waitForAll()
            return try CycleA(r.resolve())
        }
        container.register(scope: .singleton) { r in
            gate.arrive()
            gate.waitForAll()
            return try CycleB(r.resolve())
        }
        let errors = ResultBox<ResolutionError>()
        onThreads(2) { index in
            do throws(ResolutionError) {
                if index == 0 {
                    _ = try container.tryResolve(CycleA.self)
                } else {
                    _ = try container.tryResolve(CycleB.self)
                }
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.all.count == 2)
        #expect(errors.all.allSatisfy { $0?.kind == .cycle })
    }

    @Test("A factory that resolves its own singleton on another thread gets a cycle error")
    func resolveSelfOnAnotherThread() throws {
        let container = Container()
        let observed = ResultBox<ResolutionError>()
        container.register(scope: .singleton) { r in
            let done = DispatchSemaphore(value: 0)
            DispatchQueue(label: "other").async {
                do throws(ResolutionError) {
                    _ = try r.resolve(Plain.self)
                } catch {
                    observed.append(error)
                }
                done.signal()
            }
            done.wait()
            return Plain()
        }
        let plain: Plain = try container.tryResolve()
        #expect(observed.all.first??.kind == .cycle)
        #expect(try container.tryResolve(Plain.self) === plain)
    }

    @Test("A throwing factory under contention caches nothing; the next build succeeds once")
    func throwingUnderContention() {
        let threads = 6
        let builds = Counter()
        let gate = Gate(expected: threads)
        let container = Container()
        container.register(scope: .singleton) { _ in
            let attempt = builds.increment()
            gate.waitForAll()
            if attempt == 1 { throw Broken() }
            return Plain()
        }
        let results = ResultBox<Plain>()
        let errors = Counter()
        onThreads(threads) { _ in
            gate.arrive()
            do { results.append(try container.tryResolve(Plain.self)) } catch { errors.increment() }
        }
        let instances = results.all.compactMap { $0 }
        #expect(errors.value == 1)
        #expect(builds.value == 2)
        #expect(instances.count == threads - 1)
        #expect(instances.allSatisfy { $0 === instances[0] })
    }

    @Test("Registering (and growing the registry) while other threads resolve loses nothing")
    func registerWhileResolving() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in Plain() }
        let expected = try? container.tryResolve(Plain.self)
        let mismatches = Counter()
        onThreads(4) { thread in
            for index in 0..<500 {
                if thread == 0 {
                    container.register(Int.self, name: Name("n\(index)")) { _ in index }
                } else if (try? container.tryResolve(Plain.self)) !== expected {
                    mismatches.increment()
                }
            }
        }
        #expect(mismatches.value == 0)
        #expect(try container.tryResolve(Int.self, name: "n499") == 499)
    }

    @Test("reset and dispose racing with resolves never crash or hand out a disposed container's new instance")
    func resetAndDisposeRace() {
        let log = EventLog()
        let container = Container()
        container.register(scope: .cached("s")) { _ in Resource("r", log: log) }
        onThreads(4) { thread in
            for _ in 0..<300 {
                if thread == 0 {
                    container.reset(.cached("s"))
                } else {
                    _ = try? container.tryResolve(Resource.self)
                }
            }
        }
        container.dispose()
        // Every instance that was held was disposed exactly once: builds == disposals.
        #expect(log.all.allSatisfy { $0 == "dispose r" })
        #expect(container.resolveOptional(Resource.self) == nil)
    }

    @Test("Lock-free reads of a held instance race with reset, dispose and re-registration safely")
    func lockFreeReadsRaceWithRelease() {
        let built = ResultBox<Canary>()
        let container = Container()
        let register: @Sendable () -> Void = {
            container.register(scope: .singleton) { _ in
                let canary = Canary()
                built.append(canary)
                return canary
            }
        }
        register()
        container.register(scope: .transient) { r in try CanaryUser(r.resolve()) }
        let broken = Counter()
        onThreads(4) { thread in
            for index in 0..<2_000 {
                if thread == 0 {
                    if index % 100 == 99 { register() } else { container.reset(.singleton) }
                } else {
                    // The container's fast path and the resolver's, which both read without a lock.
                    let direct = try? container.tryResolve(Canary.self)
                    let nested = try? container.tryResolve(CanaryUser.self)
                    if direct?.isIntact != true || nested?.canary.isIntact != true { broken.increment() }
                }
            }
        }
        #expect(broken.value == 0)
        container.dispose()
        // No instance was disposed twice; those the container held were disposed when it let go
        // (a build that lost the race with a re-registration was never held, so never disposed).
        let canaries = built.all.compactMap { $0 }
        #expect(canaries.allSatisfy { $0.disposals.value <= 1 })
        #expect(canaries.contains { $0.disposals.value == 1 })
        #expect(container.resolveOptional(Canary.self) == nil)
    }
}

@Suite("Dispose while a build is in flight")
struct DisposeDuringBuildTests {
    /// One thread builds the singleton; a second waits for that build; a third disposes the
    /// container while the second waits, then lets the build end. The disposed container keeps
    /// nothing, and the waiter must not start a second build.
    @Test("A resolve that waited for a singleton's build does not build it again after dispose")
    func noBuildAfterDispose() {
        let builds = Counter()
        let inFactory = Gate(expected: 1)
        let release = Gate(expected: 1)
        let container = Container()
        container.register(scope: .singleton) { _ in
            builds.increment()
            inFactory.arrive()
            release.waitForAll()
            return Plain()
        }
        let waiterStarted = Gate(expected: 1)
        let waiterError = ResultBox<ResolutionError.Kind>()
        onThreads(3) { index in
            switch index {
            case 0:
                _ = try? container.tryResolve(Plain.self)
            case 1:
                inFactory.waitForAll()
                waiterStarted.arrive()
                do throws(ResolutionError) {
                    _ = try container.tryResolve(Plain.self)  // waits for the build in flight
                } catch {
                    waiterError.append(error.kind)
                }
            default:
                waiterStarted.waitForAll()
                for _ in 0..<20_000 { yieldProcessor() }  // let the waiter reach its wait
                container.dispose()
                release.arrive()
            }
        }
        #expect(builds.value == 1)
        #expect(waiterError.all.compactMap { $0 } == [.disposed])
    }
}
