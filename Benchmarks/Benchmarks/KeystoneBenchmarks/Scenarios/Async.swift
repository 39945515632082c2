import Benchmark
import Keystone

// Awaited resolves, from async code: `resolveAsync` of a built singleton, its factory
// synchronous or async; of a `.transient`
// registration whose factory is async; of an async registration in the default scope
// (`.graph`) whose factory awaits another from its resolver. By hand: the same
// objects, the factories awaited as functions. Swinject and swift-dependencies have no async
// factories, so these rows compare hand wiring and Keystone only.

/// What `async-transient` resolves.
final class AsyncWidget: Sendable {}

/// What `async-graph` resolves: it needs an `AsyncFeed`.
final class AsyncReport: Sendable {
    let feed: AsyncFeed
    init(feed: AsyncFeed) { self.feed = feed }
}
final class AsyncFeed: Sendable {}

/// The hand-wired async factories, each a call, as through a container.
enum AsyncHand {
    @inline(never) static func widget() async -> AsyncWidget { AsyncWidget() }
    @inline(never) static func feed() async -> AsyncFeed { AsyncFeed() }
    @inline(never) static func report() async -> AsyncReport { AsyncReport(feed: await feed()) }
}

/// The hand-wired counterpart of an awaited read of a built singleton: a built instance read
/// from async code, with no await.
private let handSingletonRead: AsyncPreparation = {
    let root = HandRoot()
    return { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(root.sharedStore())
        }
    }
}

func asyncScenarios() {
    asyncScenario(
        "async-singleton",
        hand: handSingletonRead,
        keystone: {
            let container = Keystone.Container()
            container.register(Store.self, scope: .singleton) { _ in Store() }
            let first = try! await container.resolveAsync(Store.self)
            precondition(first === container.resolve(Store.self))
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try! await container.resolveAsync(Store.self))
                }
            }
        }
    )
    asyncScenario(
        "async-built-singleton",
        hand: handSingletonRead,
        keystone: {
            // A singleton whose factory is async, built before the measurement.
            let container = Keystone.Container()
            container.register(Store.self, scope: .singleton) { (_: AsyncResolver) async in Store() }
            let first = try! await container.resolveAsync(Store.self)
            let second = try! await container.resolveAsync(Store.self)
            precondition(second === first)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try! await container.resolveAsync(Store.self))
                }
            }
        }
    )
    asyncScenario(
        "async-transient",
        hand: {
            { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(await AsyncHand.widget())
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
            container.register(AsyncWidget.self, scope: .transient) { (_: AsyncResolver) async in AsyncWidget() }
            let first = try! await container.resolveAsync(AsyncWidget.self)
            let second = try! await container.resolveAsync(AsyncWidget.self)
            precondition(second !== first)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try! await container.resolveAsync(AsyncWidget.self))
                }
            }
        }
    )
    asyncScenario(
        "async-graph",
        hand: {
            { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(await AsyncHand.report())
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
            container.register(AsyncFeed.self) { (_: AsyncResolver) async in AsyncFeed() }
            container.register(AsyncReport.self) { r in try await AsyncReport(feed: r.resolve()) }
            let first = try! await container.resolveAsync(AsyncReport.self)
            let second = try! await container.resolveAsync(AsyncReport.self)
            precondition(second.feed !== first.feed)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try! await container.resolveAsync(AsyncReport.self))
                }
            }
        }
    )
}

/// Builds what an async benchmark needs, outside the measurement, and returns the measured
/// body.
typealias AsyncPreparation = @Sendable () async -> @Sendable (Benchmark) async -> Void

/// Registers `name/hand` and `name/keystone` for an awaited scenario, as ``scenario(_:scaling:handScaling:hand:keystone:swinject:dependencies:)``
/// does for a synchronous one; each prepares on its first run.
func asyncScenario(
    _ name: String,
    scaling: BenchmarkScalingFactor = .kilo,
    hand: @escaping AsyncPreparation,
    keystone: @escaping AsyncPreparation
) {
    for (wiring, preparation) in [(Wiring.hand, hand), (.keystone, keystone)] {
        let prepared = AsyncPrepared(preparation)
        Benchmark("\(name)/\(wiring.rawValue)", configuration: Settings.configuration(scaling: scaling)) { benchmark in
            let body = await prepared.body()
            benchmark.startMeasurement()
            await body(benchmark)
            benchmark.stopMeasurement()
            benchmark.measurement(Settings.operations, benchmark.scaledIterations.count)
        }
    }
}

/// Runs an async preparation the first time its benchmark runs, and keeps the body it
/// returned. An actor: the benchmark's runs may resume on any thread.
private actor AsyncPrepared {
    private let preparation: AsyncPreparation
    private var prepared: (@Sendable (Benchmark) async -> Void)?

    init(_ preparation: @escaping AsyncPreparation) {
        self.preparation = preparation
    }

    func body() async -> @Sendable (Benchmark) async -> Void {
        if let prepared { return prepared }
        let body = await preparation()
        prepared = body
        return body
    }
}
