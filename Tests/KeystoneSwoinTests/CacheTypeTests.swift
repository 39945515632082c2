import KeystoneSwoin
import Testing

// Swoin's cache specs (single, factory, weak), re-expressed against modules loaded in a Swoin.

@Suite("Swoin cache types")
struct SwoinCacheTypeTests {
    @Test("single: the factory runs once; every resolve returns that instance")
    func singleCache() {
        let counter = Counter()
        let swoin = Swoin([
            Module {
                single {
                    counter.increment()
                    return Widget("123")
                }
            }
        ])
        let first: Widget = swoin.get()
        let second: Widget = swoin.get()
        #expect(first === second)
        #expect(first.value == "123")
        #expect(counter.count == 1)
    }

    @Test("factory: the factory runs on every resolve")
    func factoryCache() {
        let counter = Counter()
        let swoin = Swoin([
            Module {
                factory {
                    counter.increment()
                    return Widget("123")
                }
            }
        ])
        let first: Widget = swoin.get()
        let second: Widget = swoin.get()
        #expect(first !== second)
        #expect(counter.count == 2)
    }

    @Test("weak: the factory runs again while no strong reference exists")
    func weakWithoutReference() {
        let counter = Counter()
        let swoin = Swoin([
            Module {
                weak {
                    counter.increment()
                    return Widget("\(counter.count)")
                }
            }
        ])
        for _ in 0..<3 {
            _ = swoin.get(Widget.self)
        }
        #expect(counter.count == 3)
    }

    @Test("weak: the factory does not run while a strong reference exists")
    func weakWithReference() {
        let counter = Counter()
        let swoin = Swoin([
            Module {
                weak {
                    counter.increment()
                    return Widget("\(counter.count)")
                }
            }
        ])
        var held: Widget? = swoin.get()
        _ = swoin.get(Widget.self)
        _ = swoin.get(Widget.self)
        #expect(held?.value == "1")

        held = nil
        held = swoin.get()
        _ = swoin.get(Widget.self)
        #expect(held?.value == "2")
        #expect(counter.count == 2)
    }

    @Test("Named dependencies have caches of their own")
    func named() {
        let swoin = Swoin([
            Module {
                single { Widget("123") }
                single(named: "someName") { Widget("456") }
            }
        ])
        let plain: Widget = swoin.get()
        let named: Widget = swoin.get(named: "someName")
        #expect(plain.value == "123")
        #expect(named.value == "456")
        #expect(named === swoin.get(Widget.self, named: "someName"))
    }
}
