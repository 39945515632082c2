import Benchmark

/// Who wires the objects together.
enum Wiring: String {
    /// Plain Swift: the floor that a container is measured against.
    case hand
    case keystone
    case swinject
    /// pointfreeco/swift-dependencies, where a scenario has a counterpart (a value read
    /// through `@Dependency`); it has no transient or graph scopes, and no arguments.
    case dependencies
}

/// Builds what a benchmark needs (a container with its registrations, warmed up), outside
/// the measurement, and returns the measured body, which runs `benchmark.scaledIterations`
/// operations.
typealias Preparation = () -> Benchmark.BenchmarkClosure

/// Registers the benchmarks of one scenario, `name/hand`, `name/keystone`, `name/swinject`
/// and, where the scenario has a counterpart there, `name/dependencies`, in that order.
///
/// - Parameters:
///   - scaling: Operations per sample; results are reported per operation.
///   - handScaling: A larger count for hand wiring where a sample of `scaling` operations
///     would be too short to time against a fixed cost per sample.
func scenario(
    _ name: String,
    scaling: BenchmarkScalingFactor = .kilo,
    handScaling: BenchmarkScalingFactor? = nil,
    hand: @escaping Preparation,
    keystone: @escaping Preparation,
    swinject: @escaping Preparation,
    dependencies: Preparation? = nil
) {
    var contenders: [(Wiring, BenchmarkScalingFactor, Preparation)] = [
        (.hand, handScaling ?? scaling, hand),
        (.keystone, scaling, keystone),
        (.swinject, scaling, swinject),
    ]
    if let dependencies { contenders.append((.dependencies, scaling, dependencies)) }
    for (wiring, scaling, preparation) in contenders {
        let prepared = Prepared(preparation)
        Benchmark("\(name)/\(wiring.rawValue)", configuration: Settings.configuration(scaling: scaling)) { benchmark in
            let body = prepared.body
            benchmark.startMeasurement()
            body(benchmark)
            benchmark.stopMeasurement()
            benchmark.measurement(Settings.operations, benchmark.scaledIterations.count)
        }
    }
}

/// Runs a preparation the first time its benchmark runs, and keeps the body it returned, so
/// that only the selected benchmarks build their containers, and each builds it once.
private final class Prepared {
    private let preparation: Preparation
    private var prepared: Benchmark.BenchmarkClosure?

    init(_ preparation: @escaping Preparation) {
        self.preparation = preparation
    }

    var body: Benchmark.BenchmarkClosure {
        if let prepared { return prepared }
        let body = preparation()
        prepared = body
        return body
    }
}
