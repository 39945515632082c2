import Benchmark
import Foundation

/// How long and how often each benchmark runs.
///
/// The defaults keep a full run of every benchmark to about a minute on two cores. Set
/// `KEYSTONE_BENCHMARK_SMOKE=1` for a pass that only proves that every benchmark runs: one
/// operation each, no warm-up, nothing worth reading in the numbers.
enum Settings {
    static let isSmoke: Bool = {
        guard let value = ProcessInfo.processInfo.environment["KEYSTONE_BENCHMARK_SMOKE"] else { return false }
        return !value.isEmpty && value != "0"
    }()

    /// Wall clock for the ratios, allocations for the "no allocation" target, instructions
    /// where the machine lets perf count them (not in a VM without a PMU), throughput because
    /// the JMH export that `report.sh` reads requires it, and the operations per sample.
    static let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .instructions, operations]

    /// The number of operations each sample runs, reported so that `report.sh` can turn the
    /// per-sample totals of the JMH export into per-operation figures without rounding them
    /// to whole nanoseconds.
    static let operations = BenchmarkMetric.custom(
        "Operations per sample",
        polarity: .prefersLarger,
        useScalingFactor: false
    )

    /// The configuration of a benchmark whose body runs `scaling` operations per sample.
    static func configuration(scaling: BenchmarkScalingFactor) -> Benchmark.Configuration {
        if isSmoke {
            return .init(
                metrics: metrics,
                warmupIterations: 0,
                scalingFactor: .one,
                maxDuration: .milliseconds(1),
                maxIterations: 1
            )
        }
        return .init(
            metrics: metrics,
            warmupIterations: 3,
            scalingFactor: scaling,
            maxDuration: .seconds(1),
            maxIterations: 10_000
        )
    }
}
