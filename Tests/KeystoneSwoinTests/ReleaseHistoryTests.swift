import KeystoneSwoin
import Testing

// Swoin's public API changed between 0.0.2 and its last commit (0.0.5). Each change is
// spelled here as the later release spells it; the earlier spellings the other suites use
// still compile.

/// A component whose stored property calls `get()`, as Swoin 0.0.5's README shows.
struct Cowboy: SwoinComponent {
    var horse: Horse = get()
}

/// A component whose stored property and static function call `get()`: Swoin 0.0.5's static
/// `get` makes both compile.
struct HistoryCowboy: SwoinComponent {
    var horse: Horse = get()

    static func spareHorse() -> Horse {
        get()
    }

    func namedHorse() -> Horse {
        get(named: "spare")
    }
}

final class Horse: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// A dependency of the app's own: since Swoin 0.0.3, `name`, `cacheType` and `register(_:)`
/// are all it needs.
struct HistoryHorseAndWidget: Dependency {
    var name: String? { nil }
    var cacheType: CacheType { .factory }

    func register(_ module: Module) {
        factory { Horse("Trigger") }.register(module)
        single { Widget("saddle") }.register(module)
    }
}

/// Whether `C` is a ``SwoinComponent``: a compile-time check.
func isSwoinComponent<C: SwoinComponent>(_ type: C.Type) -> Bool { true }

@Suite("Swoin's releases, 0.0.2 to 0.0.5")
struct SwoinReleaseHistoryTests {
    @Test("0.0.5: SwoinComponent's static get, in a property initialiser and in static code")
    func staticGet() {
        withIsolatedSwoin {
            startSwoin {
                Module {
                    factory { Horse("Trigger") }
                    factory(named: "spare") { Horse("Silver") }
                }
            }
            defer { stopSwoin() }
            #expect(Cowboy().horse.name == "Trigger")
            #expect(HistoryCowboy().horse.name == "Trigger")
            #expect(HistoryCowboy.spareHorse().name == "Trigger")
            #expect(HistoryCowboy().namedHorse().name == "Silver")
            #expect(HistoryCowboy.get(Horse.self, named: "spare", swoin: nil).name == "Silver")
            let other = Swoin([Module { factory { Horse("Scout") } }])
            #expect(HistoryCowboy.get(Horse.self, swoin: other).name == "Scout")
        }
    }

    @Test("0.0.3: a Dependency of the app's own needs no bind")
    func dependencyWithoutBind() {
        let swoin = Swoin([Module { HistoryHorseAndWidget() }])
        #expect(swoin.get(Horse.self).name == "Trigger")
        #expect(swoin.get(Widget.self) === swoin.get(Widget.self))
    }

    @Test("0.0.2's bind on a Dependency value still binds")
    func bindOnADependencyValue() {
        let declared: Dependency = single { SpecialWidget("declared") }
        let swoin = Swoin([Module { declared.bind(Widget.self) }])
        #expect(swoin.get(Widget.self) === swoin.get(SpecialWidget.self))
    }

    @Test("0.0.3: bind returns a BoundDependency, which binds again")
    func bindReturnsBoundDependency() {
        let bound: BoundDependency<SpecialWidget, Widget> = single { SpecialWidget("bound") }.bind(Widget.self)
        let twice: BoundDependency<SpecialWidget, Labelled> = bound.bind(Labelled.self)
        let swoin = Swoin([Module { twice }])
        #expect(swoin.get(Labelled.self).label == "bound")
        #expect(swoin.get(Widget.self) === swoin.get(SpecialWidget.self))
    }

    @Test("0.0.3: then after bind returns a ResolvableDependency; its public factory runs the hooks")
    func thenAfterBind() {
        let made: ResolvableDependency<SpecialWidget> = factory { SpecialWidget("w") }
            .bind(Widget.self)
            .then { $0.value += "!" }
        #expect(made.factory().value == "w!")
        let swoin = Swoin([Module { made.bind(Labelled.self) }])
        #expect(swoin.get(Widget.self).value == "w!")  // the bound type stays bound
        #expect(swoin.get(Labelled.self).label == "w!")
    }

    @Test("0.0.4: single, factory and weak are ResolvableDependencies; Module is a SwoinComponent")
    func declarationsAndComponents() {
        let declared: [ResolvableDependency<Widget>] = [
            single { Widget("single") }, factory { Widget("factory") }, weak { Widget("weak") },
        ]
        #expect(declared.map(\.cacheType) == [.single, .factory, .weak])
        #expect(isSwoinComponent(Module.self))
        #expect(isSwoinComponent(ModuleBuilder.self))
    }
}
