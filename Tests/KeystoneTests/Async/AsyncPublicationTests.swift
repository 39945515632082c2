import Testing

@testable import Keystone

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
        let synchronous = container.registry.probeForResolve(Self.key)
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
        }
        register()
        container.register(scope: .transient) { r in try await AwaitedCanaryUser(r.resolve()) }
        let broken = Counter()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<2_000 {
                    if index % 100 == 99 { register() } else { container.reset(.singleton) }
                    await Task.yield()
                }
            }
            for _ in 0..<3 {
                group.addTask {
                    for _ in 0..<2_000 {
                        // The container's read and the resolver's, both without a lock.
                        let direct = try? await container.resolveAsync(Canary.self)
                        let nested = try? await container.resolveAsync(AwaitedCanaryUser.self)
                        if direct?.isIntact != true || nested?.canary.isIntact != true { broken.increment() }
                    }
                }
            }
        }
        #expect(broken.value == 0)
        container.dispose()
        let canaries = built.all.compactMap { $0 }
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
