import Keystone
import Testing

// This target is built as an app target is by default in Xcode 26: every declaration is
// `@MainActor` unless it says otherwise (`defaultIsolation(MainActor.self)`), and every
// warning is an error. These tests show what such a module writes.

/// A view model: main-actor, as everything here is by default.
final class CounterViewModel {
    let clock: any Clock
    private(set) var ticks = 0

    init(clock: any Clock) { self.clock = clock }

    func tick() { ticks += clock.step }
}

/// A service meant to be built and used anywhere says so with `nonisolated`; then a plain
/// `register` takes it.
nonisolated protocol Clock: Sendable {
    var step: Int { get }
}

nonisolated struct FixedClock: Clock {
    let step: Int
}

@Suite struct AppModuleTests {
    @Test func viewModelsRegisterOnTheMainActorAndServicesAnywhere() {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in FixedClock(step: 2) }
        container.registerMainActor(scope: .singleton) { r in CounterViewModel(clock: try r.resolve()) }

        let model: CounterViewModel = container.resolve()
        model.tick()
        model.tick()

        #expect(model.ticks == 4)
        #expect(container.resolve(CounterViewModel.self) === model)
    }

    @Test func aBackgroundTaskAwaitsTheViewModel() async throws {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in FixedClock(step: 1) }
        container.registerMainActor(scope: .singleton) { r in CounterViewModel(clock: try r.resolve()) }
        let model: CounterViewModel = container.resolve()

        let fromBackground = try await Task.detached {
            try await container.resolveAsync(CounterViewModel.self)
        }.value

        #expect(fromBackground === model)
    }
}
