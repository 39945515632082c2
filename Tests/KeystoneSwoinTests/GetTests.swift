import KeystoneSwoin
import Testing

// Swoin's GetSpec, re-expressed: which Swoin `get()` resolves from, with and without a name.

@Suite("Swoin get")
struct SwoinGetTests {
    static func values() -> Module {
        Module {
            factory { "12345" }
            factory(named: "someName") { "named 12345" }
        }
    }

    @Test("Without a name or a Swoin, get() resolves from the global Swoin")
    func fromGlobal() {
        withIsolatedSwoin {
            let lines = Lines()
            let values = Self.values()
            startSwoin {
                values
                logger(lines.log)
            }
            let value: String = get()
            #expect(value == "12345")
            #expect(lines.all.contains { $0.contains("built String") })
        }
    }

    @Test("get(named:) resolves the named dependency from the global Swoin")
    func namedFromGlobal() {
        withIsolatedSwoin {
            let values = Self.values()
            startSwoin { values }
            let named: String = get(named: "someName")
            let unnamed: String = get()
            #expect(named == "named 12345")
            #expect(unnamed == "12345")
        }
    }

    @Test("get(swoin:) and get(named:swoin:) resolve from that Swoin, never from the global one")
    func fromCustomSwoin() {
        withIsolatedSwoin {
            let globalLines = Lines()
            let values = Self.values()
            startSwoin {
                values
                logger(globalLines.log)
            }
            let custom = Swoin([
                Module {
                    factory { "56789" }
                    factory(named: "someName") { "named 56789" }
                }
            ])
            let before = globalLines.all.count

            let value: String = get(swoin: custom)
            let named: String = get(named: "someName", swoin: custom)
            #expect(value == "56789")
            #expect(named == "named 56789")
            #expect(globalLines.all.count == before)  // the global Swoin saw no resolve
        }
    }

    @Test("The Swoin's own get(_:named:) resolves from its container")
    func instanceGet() {
        let custom = Swoin([Self.values()])
        #expect(custom.get(String.self) == "12345")
        #expect(custom.get(String.self, named: "someName") == "named 12345")
    }

    @Test("Inside a factory, get() resolves from the resolution in progress, also in a Swoin that is not global")
    func insideFactory() {
        let custom = Swoin([
            Module {
                factory { Widget("made here") }
                single { WidgetHolder(get()) }
            }
        ])
        #expect(custom.get(WidgetHolder.self).widget.value == "made here")
    }

    /// A type that resolves with its own `get()`, from the global Swoin unless it names one.
    struct Component: SwoinComponent {
        func value() -> String { get() }
        func named() -> String { get(named: "someName") }
    }

    @Test("A SwoinComponent's get() resolves from the global Swoin")
    func component() {
        withIsolatedSwoin {
            let values = Self.values()
            startSwoin { values }
            #expect(Component().value() == "12345")
            #expect(Component().named() == "named 12345")
        }
    }
}
