import Foundation
import Testing

@testable import Keystone

/// What `Canary` is bound to in the race below.
protocol AwaitedCanaryProtocol: Sendable {}
extension Canary: AwaitedCanaryProtocol {}

/// What an async factory builds for `AwaitedCanaryUser`.
final class AwaitedCanaryUser: Sendable {
    let canary: Canary
    init(_ canary: Canary) { self.canary = canary }
}

/// The held instance of an async registration, published for the lock-free read of awaited
/// resolves only: read as a synchronous singleton is, never handed to a synchronous resolve,
/// withdrawn with the instance.
@Suite("Async registrations' held instances and the lock-free read")
struct AsyncPublicationTests {
    private static let key = RegistryKey(AsyncDatabase.self, name: nil, arguments: Void.self)

    @Test("A built async singleton is published for awaited resolves only")
    func publishedForAwaitedResolvesOnly() async throws {
        let container = Container()
        container.register(AsyncDatabase.self, scope: .singleton) { (_: AsyncResolver) async in AsyncDatabase() }
        let built = try await container.resolveAsync(AsyncDatabase.self)

        let awaited = container.registry.probeForAwaitedResolve(Self.key)
        if let box = awaited.published {
            #expect(InstanceBox<AsyncDatabase>.copy(box) === built)
        } else {
            Issue.record("an awaited read found no published instance: \(awaited)")
            awaited.release()
        }
        let synchronous = container.registry.probe(for: Self.key, protect: true)
        #expect(synchronous.published == nil)
        synchronous.release()
    }

    @Test("Awaited resolves get the built async singleton, here, in a child and nested; synchronous ones are refused")
    func readEverywhereAwaited() async throws {
        let builds = Counter()
        let container = Container()
        container.register(AsyncDatabase.self, scope: .singleton) { (_: AsyncResolver) async in
            builds.increment()
            return AsyncDatabase()
        }
        let built = try await container.resolveAsync(AsyncDatabase.self)
        let child = Container(parent: container)
        child.register(AsyncRepository.self, scope: .transient) { r in
            try await AsyncRepository(database: r.resolve(), client: Plain())
        }
        child.register(SyncNeedsAsync.self, scope: .transient) { r in try SyncNeedsAsync(database: r.resolve()) }

        #expect(try await container.resolveAsync(AsyncDatabase.self) === built)
        #expect(try await child.resolveAsync(AsyncDatabase.self) === built)
        #expect(try await child.resolveAsync(AsyncRepository.self).database === built)
        #expect(builds.value == 1)

        for resolve: () throws -> Void in [
            { _ = try container.tryResolve(AsyncDatabase.self) },
            { _ = try child.tryResolve(AsyncDatabase.self) },
            { _ = try child.tryResolve(SyncNeedsAsync.self) },
        ] {
            let error = #expect(throws: ResolutionError.self) { try resolve() }
            #expect(error?.kind == .asyncOnly)
        }
    }

    @Test(
        "Reset, re-registration and dispose withdraw the published instance",
        arguments: ["reset", "register", "dispose"])
    func withdrawn(how: String) async throws {
        let builds = Counter()
        let container = Container()
        container.register(AsyncDatabase.self, scope: .cached("session")) { (_: AsyncResolver) async in
            builds.increment()
            return AsyncDatabase()
        }
        let first = try await container.resolveAsync(AsyncDatabase.self)
        switch how {
        case "reset":
            container.reset(.cached("session"))
        case "register":
            container.register(AsyncDatabase.self, scope: .cached("session")) { (_: AsyncResolver) async in
                builds.increment()
                return AsyncDatabase()
            }
        default:
            container.dispose()
        }
        let probe = container.registry.probeForAwaitedResolve(Self.key)
        #expect(probe.published == nil)
        if let box = probe.published { _ = InstanceBox<AsyncDatabase>.copy(box) } else { probe.release() }
        if how == "dispose" {
            let error = await #expect(throws: ResolutionError.self) {
                try await container.resolveAsync(AsyncDatabase.self)
            }
            #expect(error?.kind == .disposed)
        } else {
            #expect(try await container.resolveAsync(AsyncDatabase.self) !== first)
            #expect(builds.value == 2)
        }
    }

    @Test("A type bound to a built async singleton by a cast is published for awaited resolves, and withdrawn with it")
    func boundTypePublished() async throws {
        let storeKey = RegistryKey((any AsyncStore).self, name: nil, arguments: Void.self)
        let labelKey = RegistryKey(String.self, name: nil, arguments: Void.self)
        let conversions = Counter()
        let container = Container()
        container.register(AsyncDatabase.self, scope: .cached("session")) { (_: AsyncResolver) async in
            AsyncDatabase()
        }
        .bind(AsyncStore.self)
        .bind(String.self) { _ in
            conversions.increment()
            return "database"
        }
        let database = try await container.resolveAsync(AsyncDatabase.self)
        #expect(try await container.resolveAsync(AsyncStore.self) as AnyObject === database)

        let awaited = container.registry.probeForAwaitedResolve(storeKey)
        if let box = awaited.published {
            #expect(InstanceBox<any AsyncStore>.copy(box) as AnyObject === database)
        } else {
            Issue.record("an awaited read of the bound type found nothing published: \(awaited)")
            awaited.release()
        }
        let synchronous = container.registry.probe(for: storeKey, protect: true)
        #expect(synchronous.published == nil)
        synchronous.release()
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(AsyncStore.self) }
        #expect(error?.kind == .asyncOnly)

        // A converter runs on every resolve: nothing is published for it.
        #expect(try await container.resolveAsync(String.self) == "database")
        #expect(try await container.resolveAsync(String.self) == "database")
        #expect(conversions.value == 2)
        let label = container.registry.probeForAwaitedResolve(labelKey)
        #expect(label.published == nil)
        label.release()

        container.reset(.cached("session"))
        let withdrawn = container.registry.probeForAwaitedResolve(storeKey)
        #expect(withdrawn.published == nil)
        if let box = withdrawn.published { _ = InstanceBox<any AsyncStore>.copy(box) } else { withdrawn.release() }
        let rebuilt = try await container.resolveAsync(AsyncStore.self)
        #expect(rebuilt as AnyObject !== database)
        #expect(try await container.resolveAsync(AsyncDatabase.self) === rebuilt as AnyObject)
    }

    @Test("Awaited lock-free reads of an async singleton race with reset and re-registration safely")
    func awaitedReadsRaceWithRelease() async {
        let built = ResultBox<Canary>()
        let container = Container()
        let register: @Sendable () -> Void = {
            container.register(scope: .singleton) { (_: AsyncResolver) async in
                let canary = Canary()
                built.append(canary)
                return canary
            }
            .bind(AwaitedCanaryProtocol.self)
        }
        register()
        container.register(scope: .transient) { r in try await AwaitedCanaryUser(r.resolve()) }
        let broken = Counter()
        let reading = Gate(expected: 2)
        let released = Counter()
        // The releases on a thread of their own, outside the tasks' pool, so that they run
        // while the tasks read: from when both readers have read once.
        Thread {
            reading.waitForAll()
            for index in 0..<2_000 {
                if index % 100 == 99 { register() } else { container.reset(.singleton) }
            }
            // On a loaded machine the readers may not have run during those releases: go on
            // releasing until one of them has built again (bounded), so that the race happened.
            var more = 0
            while built.all.count < 2 && more < 2_000_000 {
                container.reset(.singleton)
                more += 1
            }
            released.increment()
        }.start()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    // Until the releases end (bounded).
                    var round = 0
                    while released.value == 0 && round < 10_000_000 {
                        if round == 1 { reading.arrive() }
                        round += 1
                        // The container's read and the resolver's, both without a lock, and the
                        // bound type's, whose conversion is published and withdrawn.
                        let direct = try? await container.resolveAsync(Canary.self)
                        let nested = try? await container.resolveAsync(AwaitedCanaryUser.self)
                        let bound = try? await container.resolveAsync(AwaitedCanaryProtocol.self)
                        if direct?.isIntact != true || nested?.canary.isIntact != true
                            || (bound as? Canary)?.isIntact != true
                        {
                            broken.increment()
                        }
                        // These resolves never suspend: without a yield, the two readers would
                        // hold the tasks' threads (two on a two-core machine) until the bound,
                        // starving every other test, and the second reader, which the releases
                        // wait for.
                        await Task.yield()
                    }
                }
            }
        }
        #expect(broken.value == 0)
        container.dispose()
        let canaries = built.all.compactMap { $0 }
        // The reads raced the releases: instances were built again after being let go.
        #expect(canaries.count > 1)
        #expect(canaries.allSatisfy { $0.disposals.value <= 1 })
        #expect(canaries.contains { $0.disposals.value == 1 })
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(Canary.self) }
        #expect(error?.kind == .disposed)
    }
}

/// A synchronous registration that needs an async one: never resolvable.
final class SyncNeedsAsync: Sendable {
    let database: AsyncDatabase
    init(database: AsyncDatabase) { self.database = database }
}
