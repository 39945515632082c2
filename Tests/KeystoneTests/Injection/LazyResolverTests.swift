import Testing

@testable import Keystone

@Suite("Lazy resolver")
struct LazyResolverTests {
    @Test func resolvesOnlyWhenAskedAndHoldsTheInstance() throws {
        let builds = Counter()
        let container = Container()
        container.register(scope: .transient) { _ in
            builds.increment()
            return Plain()
        }
        let lazy = LazyResolver(Plain.self, from: container)
        #expect(builds.value == 0)
        #expect(lazy.object == nil)

        let first = try lazy.resolve()
        let second = try lazy.resolve()

        #expect(builds.value == 1)
        #expect(first === second)
        #expect(lazy.object === first)
    }

    @Test func disposeReleasesATransientInstanceAndTheNextResolveBuildsAgain() throws {
        let container = Container()
        container.register(scope: .transient) { _ in Plain() }
        let lazy = LazyResolver(Plain.self, from: container)
        weak var released: Plain?
        do {
            released = try lazy.resolve()
        }
        #expect(released != nil)

        lazy.dispose()

        #expect(lazy.object == nil)
        #expect(released == nil)
        _ = try lazy.resolve()
        #expect(lazy.object != nil)
    }

    @Test func aSingletonStaysInTheContainerAfterDispose() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in Plain() }
        let lazy = LazyResolver(Plain.self, from: container)
        let first = try lazy.resolve()

        lazy.dispose()

        #expect(lazy.object == nil)
        #expect(try lazy.resolve() === first)
    }

    @Test func passesTheNameAndArgumentsItWasMadeWith() throws {
        let container = Container()
        container.register(APIClient.self, name: "live") { (_, url: String) in LiveAPIClient(baseURL: url) }
        let lazy = LazyResolver(APIClient.self, name: "live", from: container, arguments: "https://a.example")

        #expect(try lazy.resolve().baseURL == "https://a.example")
    }

    @Test func resolvesLaterThroughAFactorysResolver() throws {
        let container = Container()
        container.register(APIClient.self) { _ in MockAPIClient() }
        container.register(Holder.self, scope: .transient) { r in Holder(client: LazyResolver(from: r)) }
        let holder: Holder = container.resolve()
        #expect(holder.client.object == nil)

        #expect(try holder.client.resolve() is MockAPIClient)
    }

    @Test func aResolverWhoseContainerIsGoneFailsWithDisposed() {
        var container: Container? = Container()
        container?.register(APIClient.self) { _ in MockAPIClient() }
        container?.register(Holder.self, scope: .transient) { r in Holder(client: LazyResolver(from: r)) }
        let holder: Holder? = container?.resolve()
        container = nil

        let error = #expect(throws: ResolutionError.self) { try holder?.client.resolve() }

        #expect(error?.kind == .disposed)
    }

    @Test func failureHoldsNothingAndTheNextResolveTriesAgain() throws {
        let container = Container()
        let lazy = LazyResolver(APIClient.self, from: container)

        let error = #expect(throws: ResolutionError.self) { try lazy.resolve() }
        #expect(error?.kind == .notRegistered)
        #expect(lazy.object == nil)

        container.register(APIClient.self) { _ in MockAPIClient() }
        #expect(try lazy.resolve() is MockAPIClient)
    }

    @Test func withoutAContainerItReadsTheSharedContainerAtResolveTime() throws {
        let lazy = LazyResolver<SharedOnlyService>()  // made before anything is registered
        Container.shared.register(scope: .transient) { _ in SharedOnlyService() }

        let service = try lazy.resolve()
        #expect(lazy.object === service)
    }

    @Test func aFactoryThatReadsItsOwnLazyResolverGetsACycleInsteadOfWaitingForever() {
        let container = Container()
        let box = LazyBox()
        container.register(scope: .transient) { _ in
            _ = try box.lazy?.resolve()
            return Plain()
        }
        box.lazy = LazyResolver(Plain.self, from: container)

        let error = #expect(throws: ResolutionError.self) { try box.lazy?.resolve() }

        // The factory threw the lazy resolver's cycle error, which unwinds as it is.
        #expect(error?.kind == .cycle)
        #expect(error?.description.contains("while it was being resolved") == true)
        box.lazy = nil  // the factory holds the box, the box the lazy resolver, which holds the container
    }

    @Test("Threads reading one lazy resolver at once build the service once and share it")
    func concurrentFirstReadsBuildOnce() {
        let threads = 8
        let builds = Counter()
        let gate = Gate(expected: threads)
        let container = Container()
        container.register(scope: .transient) { _ in
            builds.increment()
            gate.waitForAll()  // every thread is inside resolve() before the build ends
            return Plain()
        }
        let lazy = LazyResolver(Plain.self, from: container)
        let results = ResultBox<Plain>()

        onThreads(threads) { _ in
            gate.arrive()
            results.append(try? lazy.resolve())
        }

        let all = results.all.compactMap { $0 }
        #expect(all.count == threads)
        #expect(builds.value == 1)
        #expect(all.allSatisfy { $0 === all[0] })
    }

    @Test("Resolve and dispose racing on many threads never crash and never build two at once")
    func resolveAndDisposeRace() throws {
        let container = Container()
        let alive = Counter()
        container.register(scope: .transient) { _ in
            alive.increment()
            return Plain()
        }
        let lazy = LazyResolver(Plain.self, from: container)
        onThreads(8) { index in
            for round in 0..<500 {
                if (index + round) % 3 == 0 { lazy.dispose() } else { _ = try? lazy.resolve() }
            }
        }
        #expect(alive.value >= 1)
        let last = try lazy.resolve()
        #expect(last === lazy.object)
    }
}

extension LazyResolverTests {
    final class Holder {
        let client: LazyResolver<APIClient>
        init(client: LazyResolver<APIClient>) { self.client = client }
    }

    final class SharedOnlyService: Sendable {}

    final class LazyBox: @unchecked Sendable {  // set once before any concurrent use
        var lazy: LazyResolver<Plain>?
    }
}
