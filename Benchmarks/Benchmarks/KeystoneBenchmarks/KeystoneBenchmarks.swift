import Benchmark

// Every scenario is measured three times in the same run: wired by hand (the floor), by
// Keystone and by Swinject 2.10.0. Benchmarks are named `scenario/wiring`; `--filter` takes a
// regular expression that must match the whole name, so `--filter 'singleton/.*'` picks one
// scenario and `--filter '.*/keystone'` one contender.
let benchmarks: @Sendable () -> Void = {
    resolveScenarios()
    graphScenarios()
    argumentScenarios()
    scaleScenarios()
    threadScenarios()
    requestScenarios()
    asyncScenarios()
    verifyScenarios()
}
