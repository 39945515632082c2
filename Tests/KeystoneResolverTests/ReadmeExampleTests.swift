import KeystoneResolver
import Testing

import class Keystone.Container

// The README's "Switch in one line" example, as Resolver code that now imports
// KeystoneResolver; it runs on a container of its own, so that it never meets another test's
// registrations.

protocol WeatherService: AnyObject {}
final class LiveWeatherService: WeatherService {}

@Suite("The README's Resolver example")
struct ReadmeExampleTests {
    @Test("Resolver code runs unchanged on Keystone, and Keystone's API sees its registrations")
    func switchInOneLine() throws {
        try Container.withShared(Container()) {
            Resolver.register { LiveWeatherService() as WeatherService }.scope(.application)
            let weather: WeatherService = Resolver.resolve()

            #expect(weather is LiveWeatherService)
            #expect(Resolver.resolve(WeatherService.self) === weather)  // `.application`: one instance
            let throughKeystone = try Container.shared.tryResolve(WeatherService.self)
            #expect(throughKeystone === weather)
        }
    }
}
