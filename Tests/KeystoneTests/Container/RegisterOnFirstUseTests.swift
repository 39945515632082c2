import Testing

@testable import Keystone

/// Naming the app's `AutoRegistering` type with `Container.registerOnFirstUse`, the spelling
/// that needs no conformance of `Container` in the app's module. `Container.shared` may have
/// been used by another test already, or not: its tests check what holds either way; the
/// rest use containers with a gate of their own.
@Suite("Registering an AutoRegistering type on first use")
struct RegisterOnFirstUseTests {
    // MARK: - Container.shared

    @Test("The documented example: what AppServices registers is in Container.shared")
    func documentedExample() throws {
        Container.registerOnFirstUse(AppServices.self)

        let screen: ForecastScreen = try Container.shared.tryResolve()

        #expect(screen.weather.forecast == "sunny")
        #expect(Container.shared.resolve(WeatherService.self) is LiveWeatherService)
    }

    @Test("A type named from many threads at once, and again, runs once; every caller sees it")
    func namedFromManyThreads() {
        let seen = ResultBox<Bool>()

        onThreads(8) { _ in
            Container.registerOnFirstUse(RacedServices.self)
            seen.append(Container.shared.resolveOptional(RacedService.self) != nil)
        }
        Container.registerOnFirstUse(RacedServices.self)

        #expect(RacedServices.runs.value == 1)
        #expect(seen.all.count == 8)
        #expect(seen.all.allSatisfy { $0 == true })
    }

    @Test("The conformance of Container, the earlier spelling, still runs once")
    func theConformanceStillRuns() {
        Container.registerOnFirstUse(AppServices.self)
        _ = Container.shared.resolveOptional(AutoRegistrationTests.AutoRegisteredService.self)

        #expect(sharedHookRuns.value == 1)
    }

    // MARK: - The gate

    @Test("Named before the first use, a type runs at the first use, before what is registered then")
    func namedBeforeTheFirstUse() {
        let runs = Counter()
        let container = Container(firstUse: FirstUseGate(hooks: []))
        container.firstUse?.add(ObjectIdentifier(AppServices.self), to: container) { container in
            runs.increment()
            container.register(APIClient.self) { _ in LiveAPIClient() }
        }
        #expect(runs.value == 0)

        container.register(APIClient.self) { _ in MockAPIClient() }

        #expect(runs.value == 1)
        #expect(container.resolve(APIClient.self) is MockAPIClient)
    }

    @Test("Named after the first use, a type runs at once, on the calling thread")
    func namedAfterTheFirstUse() {
        let runs = Counter()
        let container = Container(firstUse: FirstUseGate(hooks: []))
        _ = container.resolveOptional(APIClient.self)
        #expect(container.firstUse?.isPending == false)

        container.firstUse?.add(ObjectIdentifier(AppServices.self), to: container) { container in
            runs.increment()
            container.register(APIClient.self) { _ in MockAPIClient() }
        }

        #expect(runs.value == 1)
        #expect(container.firstUse?.isPending == false)
        #expect(container.resolveOptional(APIClient.self) is MockAPIClient)
    }

    @Test("A type named twice runs once")
    func namedTwice() {
        let runs = Counter()
        let container = Container(firstUse: FirstUseGate(hooks: []))
        for _ in 0..<2 {
            container.firstUse?.add(ObjectIdentifier(AppServices.self), to: container) { _ in runs.increment() }
        }

        _ = container.resolveOptional(APIClient.self)
        container.firstUse?.add(ObjectIdentifier(AppServices.self), to: container) { _ in runs.increment() }

        #expect(runs.value == 1)
    }

    @Test("A hook that names another type runs it in the same first use, after itself")
    func aHookNamesAnother() {
        let order = ResultBox<String>()
        let container = Container(firstUse: FirstUseGate(hooks: []))
        container.firstUse?.add(ObjectIdentifier(AppServices.self), to: container) { container in
            container.firstUse?.add(ObjectIdentifier(RacedServices.self), to: container) { _ in
                order.append("second")
            }
            order.append("first")
        }

        _ = container.resolveOptional(APIClient.self)

        #expect(order.all == ["first", "second"])
        #expect(container.firstUse?.isPending == false)
    }

    @Test("Threads that resolve while a type named late runs wait for it, and see its registrations")
    func namedLateWhileOthersResolve() {
        let threads = 8
        let runs = Counter()
        let hookStarted = Gate(expected: 1)
        let resolving = Gate(expected: threads - 1)
        let container = Container(firstUse: FirstUseGate(hooks: []))
        _ = container.resolveOptional(Plain.self)  // the first use has passed
        let results = ResultBox<Bool>()

        onThreads(threads) { index in
            if index == 0 {
                container.firstUse?.add(ObjectIdentifier(AppServices.self), to: container) { container in
                    runs.increment()
                    hookStarted.arrive()
                    resolving.waitForAll()  // every other thread is resolving before the hook ends
                    container.register(APIClient.self, scope: .singleton) { _ in MockAPIClient() }
                }
            } else {
                hookStarted.waitForAll()
                resolving.arrive()
                results.append(container.resolveOptional(APIClient.self) != nil)
            }
        }

        #expect(runs.value == 1)
        #expect(results.all.count == threads - 1)
        #expect(results.all.allSatisfy { $0 == true })
    }
}
