import KeystoneSwoin
import Testing

// Swoin's InjectSpec, re-expressed: `@Inject` resolves on first read, from the global Swoin
// or the one it names, with or without a name.

@Suite("Swoin @Inject")
struct SwoinInjectTests {
    final class Injected {
        @Inject var injectedString: String
    }

    final class InjectedWithName {
        static let dependencyName = "someName"
        @Inject(named: dependencyName) var injectedString: String
    }

    final class InjectedWithSwoin {
        @Inject var injectedString: String

        init(swoin: Swoin, named name: String? = nil) {
            _injectedString = Inject(named: name, swoin: swoin)
        }
    }

    static func values(_ prefix: String, counter: Counter) -> Module {
        Module {
            factory {
                counter.increment()
                return prefix
            }
            factory(named: "someName") {
                counter.increment()
                return "named \(prefix)"
            }
        }
    }

    @Test("Resolves from the global Swoin on first read, not before, and only once")
    func lazyFromGlobal() {
        withIsolatedSwoin {
            let counter = Counter()
            let injected = Injected()  // made before Swoin starts: nothing resolved yet
            let values = Self.values("12345", counter: counter)
            startSwoin { values }
            #expect(counter.count == 0)

            #expect(injected.injectedString == "12345")
            #expect(injected.injectedString == "12345")
            #expect(counter.count == 1)  // a factory dependency, resolved once and kept
        }
    }

    @Test("@Inject(named:) resolves the named dependency from the global Swoin")
    func namedFromGlobal() {
        withIsolatedSwoin {
            let values = Self.values("12345", counter: Counter())
            startSwoin { values }
            #expect(InjectedWithName().injectedString == "named 12345")
        }
    }

    @Test("@Inject(swoin:) and @Inject(named:swoin:) resolve from that Swoin only")
    func fromCustomSwoin() {
        withIsolatedSwoin {
            let globalCounter = Counter()
            let customCounter = Counter()
            let values = Self.values("12345", counter: globalCounter)
            startSwoin { values }
            let custom = Swoin([Self.values("56789", counter: customCounter)])

            #expect(InjectedWithSwoin(swoin: custom).injectedString == "56789")
            #expect(InjectedWithSwoin(swoin: custom, named: "someName").injectedString == "named 56789")
            #expect(customCounter.count == 2)
            #expect(globalCounter.count == 0)
        }
    }
}
