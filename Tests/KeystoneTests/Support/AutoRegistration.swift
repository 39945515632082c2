import Keystone

/// The test process's one conformance of `Container` to `AutoRegistering`, the spelling of
/// earlier releases that `Container.shared` finds without a call: it runs once, before its
/// first use, whichever test that is. It registers only types that no other test registers,
/// so it cannot change what parallel tests see. (In this package's own modules the
/// conformance draws no warning; in an app's module it does, which is why the documented
/// spelling is a type of the app's own, below.)
extension Container: AutoRegistering {
    /// Registers what the tests of the shared container's hook resolve.
    public static func registerServices(in container: Container) throws {
        sharedHookRuns.increment()
        AutoRegistrationTests.registerServices(in: container)
        ResolverSeedTests.registerAllServices(in: container)
        try ZerkSeedTests.store(in: container)
    }
}

/// How many times `Container.shared` ran the hook in this process.
let sharedHookRuns = Counter()

// The documented spelling (Container/Container+FirstUse.swift): a type of the app's own, named
// once with `Container.registerOnFirstUse`. Its services are registered by no other test.

protocol WeatherService: Sendable {
    var forecast: String { get }
}
struct LiveWeatherService: WeatherService {
    var forecast: String { "sunny" }
}
final class ForecastScreen: Sendable {
    let weather: WeatherService
    init(weather: WeatherService) { self.weather = weather }
}
let forecastModule = Module {
    transient { try ForecastScreen(weather: get()) }
}

struct AppServices: AutoRegistering {
    static func registerServices(in container: Container) throws {
        container.register(WeatherService.self, scope: .singleton) { _ in LiveWeatherService() }
        try container.load(forecastModule)
    }
}

/// What a test names with `Container.registerOnFirstUse` from many threads at once.
struct RacedServices: AutoRegistering {
    static let runs = Counter()

    static func registerServices(in container: Container) throws {
        runs.increment()
        container.register(RacedService.self, scope: .singleton) { _ in RacedService() }
    }
}
final class RacedService: Sendable {}
