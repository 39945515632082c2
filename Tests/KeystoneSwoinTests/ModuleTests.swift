import KeystoneSwoin
import Testing

// Swoin's ModuleSpec, re-expressed: a module registers its dependencies when made, loads into
// a Swoin, and the module loaded last answers for a type and name that several declare.

@Suite("Swoin modules")
struct SwoinModuleTests {
    /// A dependency that counts how often a module registers it.
    final class CountingDependency: Dependency {
        let registrations = Counter()
        var name: String? { nil }
        var cacheType: CacheType { .factory }

        func register(_ module: Module) {
            registrations.increment()
        }

        func bind<NewType>(_ type: NewType.Type) -> Dependency {
            self
        }
    }

    @Test("The builder registers every dependency once")
    func builderRegistersAll() {
        let first = CountingDependency()
        let second = CountingDependency()
        _ = Module {
            first
            second
        }
        #expect(first.registrations.count == 1)
        #expect(second.registrations.count == 1)
    }

    @Test("The one-dependency initialiser registers it")
    func singleDependencyInit() {
        let dependency = CountingDependency()
        let made = Module(dependency)
        let declared = module { single { Widget("from module(builder:)") } }
        #expect(dependency.registrations.count == 1)
        #expect(Swoin([made, declared]).get(Widget.self).value == "from module(builder:)")
    }

    @Test("register(swoin:) loads the module into that Swoin")
    func registerLoads() {
        let swoin = Swoin()
        let module = Module(single { Widget("123") })
        module.register(swoin: swoin)
        #expect(swoin.get(Widget.self).value == "123")
    }

    @Test("Two declarations of one type and name in a module: the later one wins")
    func laterDeclarationWins() {
        let swoin = Swoin([
            Module {
                single { Widget("first") }
                factory { Widget("second") }
            }
        ])
        #expect(swoin.get(Widget.self).value == "second")
        #expect(swoin.get(Widget.self) !== swoin.get(Widget.self))  // and its cache type
    }

    @Test("The module loaded last answers; unloading it lets the earlier one answer again")
    func lastLoadedWins() {
        let app = Module {
            single { Widget("app") }
            single { WidgetHolder(Widget("only in app")) }
        }
        let mock = Module {
            single { Widget("mock") }
        }
        let swoin = Swoin([app, mock])
        #expect(swoin.get(Widget.self).value == "mock")
        #expect(swoin.get(WidgetHolder.self).widget.value == "only in app")

        swoin.unload(mock)
        #expect(swoin.get(Widget.self).value == "app")

        swoin.load(mock)
        swoin.load(app)  // loading a loaded module again makes it the latest
        #expect(swoin.get(Widget.self).value == "app")
        swoin.unload([app])
        #expect(swoin.get(Widget.self).value == "mock")
    }

    @Test("Unloading a module releases the singletons it held")
    func unloadReleases() {
        let module = Module {
            single { Widget("held") }
        }
        let swoin = Swoin([module])
        weak let widget = swoin.get(Widget.self)
        #expect(widget != nil)  // the single holds it
        swoin.unload(module)
        #expect(widget == nil)
    }

    @Test("One module loaded in two Swoins: each has its own singletons")
    func twoSwoins() {
        let module = Module {
            single { Widget("shared declaration") }
        }
        let first = Swoin([module])
        let second = Swoin([module])
        #expect(first.get(Widget.self) !== second.get(Widget.self))
        first.unload(module)
        #expect(second.get(Widget.self).value == "shared declaration")
    }
}
