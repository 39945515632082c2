import Testing

@testable import Keystone

/// The first-use hook. `Container.shared`'s hook is the process's one conformance (see
/// Support/AutoRegistration.swift) and may be run by whichever test touches the shared
/// container first, so the tests of the shared container only check what holds whatever ran
/// first; the rest use containers with a gate of their own.
@Suite("Auto-registration on first use")
struct AutoRegistrationTests {
    static func registerServices(in container: Container) {
        container.register(AutoRegisteredService.self, scope: .singleton) { _ in AutoRegisteredService() }
    }

    // MARK: - Container.shared and the declared hook

    @Test func theSharedContainerResolvesWhatTheHookRegisteredWithoutAnyoneCallingIt() {
        let service: AutoRegisteredService = Container.shared.resolve()

        #expect(service === Container.shared.resolve(AutoRegisteredService.self))
        #expect(sharedHookRuns.value == 1)
    }

    @Test func aPropertyWrapperTriggersItToo() {
        @Injected var service: AutoRegisteredService

        #expect(sharedHookRuns.value == 1)
    }

    @Test func otherContainersHaveNoHook() {
        #expect(Container().firstUse == nil)
        #expect(Container.shared.firstUse != nil)
    }

    // MARK: - The gate

    @Test func runsBeforeTheFirstRegistrationSoExplicitRegistrationsOverrideIt() {
        let container = Container(firstUse: FirstUseGate { $0.register(APIClient.self) { _ in LiveAPIClient() } })

        container.register(APIClient.self) { _ in MockAPIClient() }

        #expect(container.resolve(APIClient.self) is MockAPIClient)
    }

    @Test func runsOnTheFirstResolveThatFindsNothing() {
        let runs = Counter()
        let container = Container(
            firstUse: FirstUseGate {
                runs.increment()
                $0.register(APIClient.self) { _ in MockAPIClient() }
            })
        #expect(runs.value == 0)  // creating the container runs nothing

        let client: APIClient? = container.resolveOptional()

        #expect(client is MockAPIClient)
        #expect(runs.value == 1)
    }

    @Test func runsOnceWhateverHappensAfterwards() {
        let runs = Counter()
        let container = Container(firstUse: FirstUseGate { _ in runs.increment() })

        _ = container.resolveOptional(APIClient.self)
        _ = container.resolveOptional(Storage.self)
        container.register(Plain.self) { _ in Plain() }
        _ = container.resolveAll(Plain.self)

        #expect(runs.value == 1)
        #expect(container.firstUse?.isPending == false)
    }

    @Test func aChildsMissRunsItsParentsHook() {
        let parent = Container(firstUse: FirstUseGate { $0.register(APIClient.self) { _ in MockAPIClient() } })
        let child = Container(parent: parent)

        #expect(child.resolveOptional(APIClient.self) is MockAPIClient)
    }

    @Test func theHookMayResolveAndLoadModulesOnItsOwnThread() throws {
        let container = Container(
            firstUse: FirstUseGate { container in
                try container.load(Module { singleton { LiveAPIClient() as APIClient } })
                _ = try container.tryResolve(APIClient.self)  // what it registered: fine
                _ = container.resolveOptional(Storage.self)  // missing: nil, never a wait for itself
            })

        #expect(container.resolveOptional(APIClient.self) != nil)
    }

    @Test func resolveAllAndLoadRunItToo() throws {
        let runs = Counter()
        let forCollections = Container(
            firstUse: FirstUseGate {
                runs.increment()
                $0.contribute(Plain.self) { _ in Plain() }
            })
        let forModules = Container(firstUse: FirstUseGate { _ in runs.increment() })

        #expect(forCollections.resolveAll(Plain.self).count == 1)
        try forModules.load(Module { transient { Plain() } })
        #expect(runs.value == 2)
    }

    @Test func aHookThatThrowsTrapsWithItsError() async {
        await #expect(processExitsWith: .failure) {
            let container = Container(firstUse: FirstUseGate { _ in throw HookFailed() })
            _ = container.resolveOptional(Plain.self)
        }
    }

    @Test("Threads that use the container at once run the hook once, and all see its registrations")
    func concurrentFirstUse() {
        let threads = 8
        let runs = Counter()
        let arrived = Gate(expected: threads)
        let container = Container(
            firstUse: FirstUseGate {
                runs.increment()
                arrived.waitForAll()  // every thread is using the container before the hook ends
                $0.register(APIClient.self, scope: .singleton) { _ in MockAPIClient() }
            })
        let results = ResultBox<Bool>()

        onThreads(threads) { index in
            arrived.arrive()
            if index % 2 == 0 {
                results.append(container.resolveOptional(APIClient.self) != nil)
            } else {
                container.register(Plain.self, name: Name("thread \(index)")) { _ in Plain() }
                results.append(container.resolveOptional(APIClient.self) != nil)
            }
        }

        #expect(runs.value == 1)
        #expect(results.all.count == threads)
        #expect(results.all.allSatisfy { $0 == true })
    }
}

extension AutoRegistrationTests {
    final class AutoRegisteredService: Sendable {}
    struct HookFailed: Error {}
}
