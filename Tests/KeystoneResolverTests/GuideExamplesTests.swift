import Keystone
import KeystoneResolver
import Testing

/// The examples of the "Switch in one line" section of MigratingFromResolver.md that use
/// this module, compiled and run (DocumentationSyncTests checks that the article shows them
/// line for line). This file imports both modules, as the article describes, and names each
/// clashing type by its module.
@Suite("Migrating from Resolver: switch in one line")
struct GuideExamplesTests {
    @Test("Keystone's container under Resolver.main: verified, and shared by both APIs")
    func containerUnderneath() {
        Keystone.Container.withShared(Keystone.Container()) {
            KeystoneResolver.Resolver.register { XYZSessionService() }
            KeystoneResolver.Resolver.register { r in XYZService(r.optional()) }

            let legacy = KeystoneResolver.Resolver.main
            let container: Keystone.Container = legacy.container
            let report = container.verify()

            #expect(container === Keystone.Container.shared)
            #expect(report.isValid)

            container.register(PriceFormatter.self) { _ in PriceFormatter() }
            let formatter: PriceFormatter = KeystoneResolver.Resolver.resolve()

            #expect(formatter.symbol == "€")
            // And Keystone resolves what Resolver registered.
            #expect(container.resolve(XYZService.self).session != nil)
        }
    }

    @Test("Verifying a Resolver registration builds it in the verification's copy")
    func verificationStaysInTheCopy() {
        let resolver = KeystoneResolver.Resolver()
        resolver.register { XYZSessionService() }.scope(.application)
        resolver.register { r in XYZService(r.resolve() as XYZSessionService) }.scope(.application)
        let report = resolver.container.verify()
        #expect(report.isValid, "\(report)")
        // verify() built in a copy: the resolver's own singletons are built on first use.
        let service: XYZService = resolver.resolve()
        #expect(service.session === resolver.resolve(XYZSessionService.self))
    }

    @Test("A missing dependency of a Resolver factory is a problem verify() reports, with its path")
    func verificationReportsMissingDependencies() throws {
        let resolver = KeystoneResolver.Resolver()
        resolver.register { r in XYZService(r.resolve() as XYZSessionService) }
        let report = resolver.container.verify()
        let problem = try #require(report.problems.first)
        #expect(problem.kind == .missingDependency)
        #expect(problem.message.contains("XYZSessionService"))
        #expect(problem.message.contains("while resolving `XYZService`"))
    }

    @Test("Keystone's overrides reach Resolver's registrations, deep in the graph")
    func overridesReachResolverCode() {
        let base = Keystone.Container()
        Keystone.Container.withShared(base) {
            KeystoneResolver.Resolver.register { XYZSessionService() }
            KeystoneResolver.Resolver.register { r in XYZService(r.optional()) }
            base.withOverrides { overrides in
                overrides.register(XYZSessionService.self) { _ in
                    let mocked = XYZSessionService()
                    mocked.name = "mock"
                    return mocked
                }
            } operation: { _ in
                let service: XYZService = KeystoneResolver.Resolver.resolve()
                #expect(service.session?.name == "mock")
            }
            #expect(KeystoneResolver.Resolver.resolve(XYZService.self).session?.name == "XYZSessionService")
        }
    }

    final class PriceFormatter: Sendable {
        let symbol = "€"
    }
}
