import Testing

@testable import Keystone

/// One lookup for every flavour: the synchronous, async and copying paths find the same
/// registration, run the same first-use hook, and report the same failures.
@Suite("Every path looks up the same way")
struct LookupRuleTests {
    final class HookService: Sendable {}
    final class Service: Sendable {}
    final class Consumer: Sendable {
        let service: HookService
        init(service: HookService) { self.service = service }
    }

    /// A root container whose first-use hook registers `HookService`, and a broken `Consumer`
    /// that needs a missing dependency, as `Container.shared` with an app's hook is.
    static func containerWithHook(runs: Counter) -> Container {
        Container(
            firstUse: FirstUseGate { container in
                runs.increment()
                container.register(HookService.self, scope: .singleton) { _ in HookService() }
                container.register(Consumer.self) { r in try Consumer(service: r.resolve(name: "missing")) }
            })
    }

    @Test("verify() as the first use runs the hook first and checks what it registered")
    func verifyRunsTheFirstUseHook() {
        let runs = Counter()
        let container = Self.containerWithHook(runs: runs)

        let report = container.verify()

        #expect(runs.value == 1)
        #expect(report.registrationCount == 2)
        #expect(!report.isValid)
        #expect(report.problems.map(\.kind) == [.missingDependency])
    }

    @Test("withOverrides as the first use sees what the hook registered")
    func overridesRunTheFirstUseHook() throws {
        let runs = Counter()
        let container = Self.containerWithHook(runs: runs)

        let found: HookService? = container.withOverrides { _ in
        } operation: {
            $0.resolveOptional()
        }

        #expect(found != nil)
        #expect(runs.value == 1)
    }

    @Test("A child's copy runs the hook of the root it copies")
    func aChildsCopyRunsTheRootsHook() {
        let runs = Counter()
        let child = Container(parent: Self.containerWithHook(runs: runs))

        let found: HookService? = child.withOverrides { _ in
        } operation: {
            $0.resolveOptional()
        }

        #expect(found != nil)
        #expect(runs.value == 1)
    }

    @Test("An await as the first use runs the hook, as a synchronous resolve does")
    func anAwaitRunsTheFirstUseHook() async throws {
        let runs = Counter()
        let container = Self.containerWithHook(runs: runs)

        let service: HookService = try await container.resolveAsync()

        #expect(runs.value == 1)
        #expect(service === container.resolve(HookService.self))
    }

    @Test("After load and unload in a child, an await falls back to the parent as a resolve does")
    func anAwaitFallsBackToTheParentAfterUnload() async throws {
        let parent = Container()
        parent.register(Service.self, scope: .singleton) { _ in Service() }
        let child = Container(parent: parent)
        let module = Module { singleton { Service() } }
        try child.load(module)
        child.unload(module)

        let synchronous: Service = try child.tryResolve()
        let awaited: Service = try await child.resolveAsync()

        #expect(synchronous === parent.resolve(Service.self))
        #expect(awaited === synchronous)
    }

    @Test("An await of an optional falls back to the wrapped registration, as tryResolve does")
    func anAwaitOfAnOptionalFindsTheWrappedRegistration() async throws {
        let container = Container()
        container.register(Service.self, scope: .singleton) { _ in Service() }

        let synchronous: Service? = try container.tryResolve(Service?.self)
        let awaited: Service? = try await container.resolveAsync(Service?.self)

        #expect(synchronous != nil)
        #expect(awaited === synchronous)
    }

    @Test("An await of an optional of an async registration awaits it")
    func anAwaitOfAnOptionalOfAnAsyncRegistration() async throws {
        let container = Container()
        container.register(Service.self, scope: .singleton) { _ async in Service() }

        let awaited: Service? = try await container.resolveAsync(Service?.self)

        #expect(awaited != nil)
        #expect(awaited === (try await container.resolveAsync(Service.self)))
    }

    @Test("An await of an optional that nothing registers fails as tryResolve does")
    func anAwaitOfAnUnregisteredOptionalFailsAsTryResolveDoes() async throws {
        let container = Container()

        let synchronous = #expect(throws: ResolutionError.self) { try container.tryResolve(Service?.self) }
        let awaited = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(Service?.self) }

        #expect(synchronous?.kind == .notRegistered)
        #expect(awaited?.kind == synchronous?.kind)
        #expect(awaited?.description == synchronous?.description)
    }
}
