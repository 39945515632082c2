import KeystoneSwoin
import Testing

// Starting, stopping and replacing the global Swoin; `Swoin.start`, `modules(…)` and the
// logger. Each test starts the global Swoin over a container of its own.

@Suite("Swoin start, stop and the global instance")
struct SwoinLifecycleTests {
    static func widgets(_ value: String) -> Module {
        Module {
            single { Widget(value) }
        }
    }

    @Test("startSwoin makes the global Swoin; stopSwoin ends it; it can start again")
    func startStop() {
        withIsolatedSwoin {
            #expect(Swoin.global == nil)
            let first = Self.widgets("first")
            let started = startSwoin { first }
            #expect(Swoin.global === started)
            #expect((get() as Widget).value == "first")

            stopSwoin()
            #expect(Swoin.global == nil)

            let second = Self.widgets("second")
            startSwoin { second }
            #expect((get() as Widget).value == "second")  // the first module was unloaded
        }
    }

    @Test("Swoin.start builds a Swoin without making it global")
    func startWithoutGlobal() {
        withIsolatedSwoin {
            let lines = Lines()
            let widgets = Self.widgets("local")
            let swoin = Swoin.start {
                logger(lines.log)
                modules([widgets])
            }
            #expect(Swoin.global == nil)
            #expect(swoin.get(Widget.self).value == "local")
            #expect(lines.all.contains("Loading 1 modules"))
        }
    }

    @Test("The global Swoin loads and unloads more modules")
    func globalLoadUnload() {
        withIsolatedSwoin {
            let app = Self.widgets("app")
            let feature = Self.widgets("feature")
            startSwoin { app }
            Swoin.global.load(feature)
            #expect((get() as Widget).value == "feature")
            Swoin.global.unload(feature)
            #expect((get() as Widget).value == "app")
        }
    }

    @Test("Assigning a Swoin to Swoin.global makes get() and @Inject resolve from it; nil stops it")
    func assignGlobal() {
        withIsolatedSwoin {
            let custom = Swoin([Self.widgets("custom")])
            Swoin.global = custom
            #expect(Swoin.global === custom)
            #expect((get() as Widget).value == "custom")
            Swoin.global = nil
            #expect(Swoin.global == nil)
        }
    }

    @Test("The logger hears modules loading and Keystone's events")
    func loggerHearsEvents() {
        withIsolatedSwoin {
            let lines = Lines()
            let widgets = Self.widgets("logged")
            startSwoin {
                logger(lines.log)  // listed first, so that it hears the modules load
                widgets
            }
            _ = get(Widget.self)
            _ = get(Widget.self)
            let all = lines.all
            #expect(all.contains { $0.hasPrefix("Loading") })
            #expect(all.contains { $0.contains("built Widget") })
            #expect(all.contains { $0.contains("reused Widget") })
        }
    }
}
