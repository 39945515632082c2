import Testing

@testable import Keystone

/// A shared registration registered again while its first build runs: the resolutions that
/// wait for that build get the one instance it made (or, resolving again, the new
/// registration's), and never run the replaced factory again.
@Suite("Replace during build")
struct ReplaceDuringBuildTests {
    /// An instance that says which registration made it.
    final class Made: Sendable {
        let generation: Int
        init(_ generation: Int) { self.generation = generation }
    }

    /// Spins until `count` resolutions wait for `entry`'s build in `container` (their claims
    /// are counted under the container's lock, just before they sleep), or the bound runs out.
    private func waitUntil(_ count: Int, waitFor entry: AnyEntry, in container: Container) {
        var spins = 0
        while container.lifecycle.lock.withLock({ entry.build.waiters }) < count && spins < 50_000_000 {
            spins += 1
            yieldProcessor()
        }
    }

    @Test(
        "Waiters for a replaced registration's build share its instance; the old factory runs once",
        arguments: [Scope.singleton, .cached("c"), .weak])
    func waitersShareTheReplacedBuild(scope: Scope) throws {
        let oldBuilds = Counter()
        let inFactory = Gate(expected: 1)
        let release = Gate(expected: 1)
        let container = Container()
        container.register(Made.self, scope: scope) { _ in
            oldBuilds.increment()
            inFactory.arrive()
            release.waitForAll()
            return Made(1)
        }
        let slot = try #require(container.registry.slot(for: RegistryKey(Made.self, name: nil, arguments: Void.self)))
        let old = try #require(slot.lock.withLock { slot.entry })
        let waiters = 2
        let results = ResultBox<Made>()
        onThreads(waiters + 2) { index in
            switch index {
            case 0:
                // Builds the old generation, and finishes only once it was replaced.
                results.append(try? container.tryResolve(Made.self))
            case 1...waiters:
                inFactory.waitForAll()
                results.append(try? container.tryResolve(Made.self))  // waits for that build
            default:
                inFactory.waitForAll()
                waitUntil(waiters, waitFor: old, in: container)
                container.register(Made.self, scope: scope) { _ in Made(2) }
                release.arrive()
            }
        }
        let all = results.all.compactMap { $0 }
        #expect(all.count == waiters + 1)
        #expect(oldBuilds.value == 1)
        let oldGeneration = all.filter { $0.generation == 1 }
        #expect(oldGeneration.allSatisfy { $0 === oldGeneration[0] })
        // Resolving again finds the new registration.
        #expect(container.resolve(Made.self).generation == 2)
    }

    @Test(
        "Tasks waiting for a replaced async registration's build share its instance; the old factory runs once",
        arguments: [Scope.singleton, .cached("c"), .weak])
    func asyncWaitersShareTheReplacedBuild(scope: Scope) async throws {
        let oldBuilds = Counter()
        let release = Counter()
        let container = Container()
        container.register(Made.self, scope: scope) { (_: AsyncResolver) async in
            oldBuilds.increment()
            await yield(until: { release.value > 0 }, limit: 10_000_000)
            return Made(1)
        }
        let slot = try #require(container.registry.slot(for: RegistryKey(Made.self, name: nil, arguments: Void.self)))
        let old = try #require(slot.lock.withLock { slot.entry } as? Entry<Made>)
        let building = Task { try await container.resolveAsync(Made.self) }
        await yield(until: { oldBuilds.value == 1 })
        let waiting = (0..<2).map { _ in Task { try await container.resolveAsync(Made.self) } }
        await yield(until: { slot.lock.withLock { old.asyncBuild.parkedWaiters } == 2 }, limit: 10_000_000)
        #expect(slot.lock.withLock { old.asyncBuild.parkedWaiters } == 2)
        container.register(Made.self, scope: scope) { (_: AsyncResolver) async in Made(2) }
        release.increment()
        let built = try await building.value
        for task in waiting { #expect(try await task.value === built) }
        #expect(built.generation == 1)
        #expect(oldBuilds.value == 1)
        // Resolving again finds the new registration.
        #expect(try await container.resolveAsync(Made.self).generation == 2)
    }
}
