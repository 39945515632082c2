import Keystone
import KeystoneSwoin
import Testing

// A file that imports both Keystone and KeystoneSwoin, as a file of an app half-way through
// its migration does: the clashing names are reached by module name.

@Suite("Swoin and Keystone in one graph")
struct SwoinInteropTests {
    @Test("The global Swoin is backed by Container.shared: each API resolves what the other registers")
    func oneGraph() {
        Container.withShared(Container()) {
            let module = KeystoneSwoin.Module {
                KeystoneSwoin.single { InteropService(name: "from Swoin") }
            }
            startSwoin { module }
            #expect(Swoin.global.container === Container.shared)

            Container.shared.register(InteropClient.self) { r in try InteropClient(service: r.resolve()) }
            let client: InteropClient = KeystoneSwoin.get()
            #expect(client.service.name == "from Swoin")
            #expect(client.service === Container.shared.resolve(InteropService.self))
        }
    }

    @Test("get() outside a factory resolves Keystone registrations before Swoin is started")
    func beforeStart() {
        Container.withShared(Container()) {
            Container.shared.register(InteropService.self, scope: .singleton) { _ in InteropService(name: "Keystone") }
            let service: InteropService = KeystoneSwoin.get()
            #expect(service.name == "Keystone")
            #expect(Swoin.global == nil)
        }
    }

    @Test("The container underneath verifies the whole graph and draws it")
    func verify() {
        let swoin = Swoin([
            KeystoneSwoin.Module {
                KeystoneSwoin.single { InteropService(name: "ok") }
                KeystoneSwoin.factory { InteropClient(service: KeystoneSwoin.get()) }
            }
        ])
        let report = swoin.container.verify()
        #expect(report.isValid)
        #expect(report.registrationCount == 2)
        let dot = report.graph.dot
        #expect(dot.contains("InteropClient") && dot.contains("InteropService"))
    }

    @Test("verify() reports a get() of a missing service instead of ending the process")
    func verifySurvivesGet() {
        let swoin = Swoin([
            KeystoneSwoin.Module {
                KeystoneSwoin.factory { InteropClient(service: KeystoneSwoin.get()) }
            }
        ])
        let report = swoin.container.verify()
        #expect(report.problems.contains { $0.kind == .missingDependency && $0.path.last == "InteropService" })
    }

    @Test("Unloaded and stopped modules leave nothing registered, and no logger")
    func unloadLeavesNothing() {
        Container.withShared(Container()) {
            let module = KeystoneSwoin.Module {
                KeystoneSwoin.single { InteropService(name: "gone") }
                    .bind(InteropNamed.self)
            }
            startSwoin {
                module
                logger(Swoin.emptyLogger)
            }
            #expect(Container.shared.resolveOptional(InteropNamed.self) != nil)
            #expect(Container.shared.logger != nil)
            stopSwoin()
            #expect(Container.shared.logger == nil)
            #expect(Container.shared.resolveOptional(InteropService.self) == nil)
            #expect(Container.shared.resolveOptional(InteropNamed.self) == nil)
        }
    }

    @Test("A Swoin's logger is its container's logger; a Swoin made without one installs none")
    func loggerBridge() {
        let lines = Lines()
        let module = KeystoneSwoin.Module { KeystoneSwoin.factory { InteropService(name: "logged") } }
        let logged = Swoin([module], logger: lines.log)
        #expect(logged.container.logger != nil)
        _ = logged.get(InteropService.self)
        #expect(lines.all.contains("Loading 1 modules"))
        #expect(lines.all.contains { $0.hasPrefix("registered InteropService") })
        #expect(lines.all.contains { $0.hasPrefix("built InteropService") })

        #expect(Swoin([module]).container.logger == nil)  // Keystone's fast path
    }

    @Test("Keystone's overrides (what the .overriding trait does) reach Swoin's factories and @Inject")
    func overrides() {
        Container.withShared(Container()) {
            let module = KeystoneSwoin.Module {
                KeystoneSwoin.factory { Widget("real") }
                KeystoneSwoin.factory { WidgetHolder(KeystoneSwoin.get()) }
            }
            startSwoin { module }
            Container.shared.withOverrides { overrides in
                overrides.register(Widget.self) { _ in Widget("fake") }
            } operation: { _ in
                let holder: WidgetHolder = KeystoneSwoin.get()
                #expect(holder.widget.value == "fake")
                #expect(InteropScreen().holder.widget.value == "fake")
            }
            #expect((KeystoneSwoin.get() as WidgetHolder).widget.value == "real")
        }
    }

    @Test("Keystone's own Module and get still work in the same file")
    func keystoneNames() throws {
        let container = Container()
        try container.load(Keystone.Module { Keystone.singleton { InteropService(name: "Keystone module") } })
        let service: InteropService = container.resolve()
        #expect(service.name == "Keystone module")
    }
}

final class InteropScreen {
    @Inject var holder: WidgetHolder
}

protocol InteropNamed: Sendable {
    var name: String { get }
}

final class InteropService: InteropNamed {
    let name: String
    init(name: String) { self.name = name }
}

final class InteropClient: Sendable {
    let service: InteropService
    init(service: InteropService) { self.service = service }
}
