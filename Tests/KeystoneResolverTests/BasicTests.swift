import Foundation
import KeystoneResolver
import Testing

import class Keystone.Container

/// Registering in a resolver of one's own and resolving from it: explicit and inferred
/// types, optionals, chains, overwriting, the resolver handed to factories, and
/// `resolveProperties`.
@Suite("Resolver: registering and resolving")
struct BasicTests {
    let resolver = Resolver()

    @Test("A registered service resolves with its type given or inferred")
    func explicitAndInferred() {
        resolver.register { XYZSessionService() }
        let explicit = resolver.resolve(XYZSessionService.self)
        let inferred: XYZSessionService = resolver.resolve()
        #expect(explicit.name == "XYZSessionService")
        #expect(explicit !== inferred)  // the default .graph scope: one per resolution
    }

    @Test("optional() gives the service when registered and nil when not")
    func optionalResolution() {
        #expect(resolver.optional(XYZSessionService.self) == nil)
        resolver.register { XYZSessionService() }
        let session: XYZSessionService? = resolver.optional()
        #expect(session != nil)
    }

    @Test("A factory resolves its dependencies through the resolver it captured")
    func resolutionChain() {
        let resolver = self.resolver
        resolver.register { XYZSessionService() }
        // Unowned: a resolver that holds a factory holding it strongly would never be freed.
        resolver.register { [unowned resolver] in XYZService(resolver.optional()) }
        let service: XYZService? = resolver.optional()
        #expect(service?.session != nil)
    }

    @Test("Registering the same type again replaces the registration")
    func overwriting() {
        resolver.register { XYZNameService("Fred") }
        resolver.register { XYZNameService("Barney") }
        #expect(resolver.resolve(XYZNameService.self).name == "Barney")
    }

    @Test("A factory receives the resolver to resolve its dependencies from")
    func passedResolver() {
        resolver.register { XYZSessionService() }
        resolver.register { (r) -> XYZService in
            XYZService(r.optional())
        }
        #expect(resolver.resolve(XYZService.self).session != nil)
    }

    @Test("resolveProperties completes each new instance")
    func resolveProperties() {
        resolver.register { XYZSessionService() }
            .resolveProperties { _, session in
                session.name = "updated"
            }
        #expect(resolver.resolve(XYZSessionService.self).name == "updated")
    }

    @Test("A factory that returns nil makes optional() return nil")
    func factoryReturningNil() {
        resolver.register(XYZSessionProtocol.self) { nil }
        let session: XYZSessionProtocol? = resolver.optional()
        #expect(session == nil)
    }

    @Test("The static functions register in main and resolve from root")
    func staticRegistrationAndResolution() {
        Container.withShared(Container()) {
            Resolver.register { XYZSessionService() }
            Resolver.register { XYZService(Resolver.optional()) }
            let service: XYZService = Resolver.resolve()
            #expect(service.session != nil)
            #expect(Resolver.optional(XYZNameService.self) == nil)
            #expect(Resolver.main.resolve(XYZSessionService.self).name == "XYZSessionService")
        }
    }

    @Test("The static functions take the three factory forms and arguments")
    func staticFactoryForms() {
        Container.withShared(Container()) {
            Resolver.register { _, _ in XYZSessionService() }
            Resolver.register { r in XYZService(r.optional()) }
            Resolver.register(name: .fred) { XYZNameService("Fred") }
            let service: XYZService = Resolver.resolve(args: true)
            #expect(service.session != nil)
            #expect(Resolver.resolve(XYZNameService.self, name: .fred).name == "Fred")
        }
    }

    @Test("Resolver.main keeps its registrations in Container.shared, for Keystone's API too")
    func mainIsBackedByTheSharedContainer() {
        let container = Container()
        Container.withShared(container) {
            #expect(Resolver.main.container === container)
            Resolver.register { XYZNameService("from Resolver") }
            // Keystone's API sees the registration, and Resolver sees Keystone's.
            #expect(container.resolve(XYZNameService.self).name == "from Resolver")
            container.register(XYZSessionService.self) { _ in XYZSessionService() }
            #expect(Resolver.optional(XYZSessionService.self) != nil)
        }
    }

    @Test("Each resolver's Keystone container is reachable and verifiable")
    func containerIsReachable() {
        resolver.register { XYZSessionService() }
        resolver.register { r in XYZService(r.resolve() as XYZSessionService) }
        #expect(resolver.container.verify().isValid)
    }

    @Test("verify() reports a factory's trapping resolve of a missing service instead of ending the process")
    func verifySurvivesTheTrappingResolve() {
        resolver.register { r in XYZService(r.resolve() as XYZSessionService) }
        let report = resolver.container.verify()
        #expect(!report.isValid)
        #expect(report.problems.contains { $0.kind == .missingDependency && $0.path.last == "XYZSessionService" })
        let broken = Resolver()
        broken.register { XYZGraphService(nil, nil) }
        #expect(broken.container.resolveOptional(XYZGraphService.self) != nil)
    }

    @Test("resolve() of a missing service traps with Keystone's full diagnostic")
    func resolveTrapsWithTheDiagnostic() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let resolver = Resolver()
            resolver.register(name: "other") { XYZNeverService() }
            _ = resolver.resolve(XYZNeverService.self)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("XYZNeverService"))
        #expect(message.contains("To fix"))
    }

    @Test("A factory returning nil makes resolve() trap with the diagnostic")
    func resolveTrapsWhenTheFactoryReturnsNil() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let resolver = Resolver()
            resolver.register(XYZSessionProtocol.self) { nil }
            _ = resolver.resolve(XYZSessionProtocol.self)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("returned nil"))
        #expect(message.contains("To fix"))
    }
}
