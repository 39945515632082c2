import KeystoneSwoin
import Testing

// Swoin's trapping API traps with Keystone's full diagnostic: the service, the resolution
// path, what is registered instead, and a fix. Exit tests: each runs in a process of its own.

@Suite("Swoin traps with Keystone's diagnostic")
struct SwoinTrapTests {
    @Test("get() of a dependency no module declares")
    func missing() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let swoin = Swoin([Module { single(named: "other") { TrapWidget() } }])
            _ = swoin.get(TrapWidget.self)
        }
        let message = standardError(result)
        #expect(message.contains("No registration for `TrapWidget`"))
        #expect(message.contains("\"other\""))  // the near miss
        #expect(message.contains("To fix"))
    }

    @Test("get() inside a factory, of a dependency no module declares: the path is named")
    func missingInFactory() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let swoin = Swoin([Module { single { TrapHolder(widget: get()) } }])
            _ = swoin.get(TrapHolder.self)
        }
        let message = standardError(result)
        #expect(message.contains("No registration for `TrapWidget`"))
        #expect(message.contains("TrapHolder"))
        #expect(message.contains("To fix"))
    }

    @Test("get() names the app's line, outside a factory and inside one")
    func trapLocation() async {
        let outside = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            trapOutsideAFactory()
        }
        #expect(standardError(outside).contains("TrapTests.swift:\(trapOutsideLine): Fatal error: Keystone:"))
        let inside = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            trapInsideAFactory()
        }
        #expect(standardError(inside).contains("TrapTests.swift:\(trapInsideLine): Fatal error: Keystone:"))
    }

    @Test("A cycle made through get() is reported with its path, not a stack overflow")
    func cycle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let swoin = Swoin([
                Module {
                    single { TrapEgg(chicken: get()) }
                    single { TrapChicken(egg: get()) }
                }
            ])
            _ = swoin.get(TrapEgg.self)
        }
        let message = standardError(result)
        #expect(message.contains("Dependency cycle: TrapEgg → TrapChicken → TrapEgg"))
        #expect(message.contains("To fix"))
    }

    @Test("startSwoin while Swoin is started")
    func startTwice() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            startSwoin { Module(single { TrapWidget() }) }
            startSwoin { Module(single { TrapWidget() }) }
        }
        #expect(standardError(result).contains("call stopSwoin() before starting it again"))
    }

    @Test("A bind without a converter whose cast does not hold")
    func failedCast() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let swoin = Swoin([Module { single { TrapWidget() }.bind(TrapHolder.self) }])
            _ = swoin.get(TrapHolder.self)
        }
        let message = standardError(result)
        #expect(message.contains("is not a `TrapHolder`"))
        #expect(message.contains("To fix"))
    }

    @Test("A weak dependency of a value type, which nothing can hold weakly")
    func weakValue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let swoin = Swoin([Module { weak { 42 } }])
            _ = swoin.get(Int.self)
        }
        #expect(standardError(result).contains("To fix"))
    }

    @Test("Binding a dependency to its own type traps, as in Swoin")
    func bindToOwnType() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = single { TrapWidget() }.bind(TrapWidget.self)
        }
        #expect(standardError(result).contains("cannot bind `TrapWidget` to itself"))
    }

    @Test("Binding a bound dependency to the type it is bound to traps, as in Swoin")
    func bindTwice() async {
        let again = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = single { SpecialWidget("x") }.bind(Widget.self).bind(Widget.self)
        }
        #expect(standardError(again).contains("is already bound to `Widget`"))
        let back = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = single { SpecialWidget("x") }.bind(Widget.self) { $0 }.bind(SpecialWidget.self)
        }
        #expect(standardError(back).contains("cannot bind `SpecialWidget` to itself"))
    }

    @Test("bind on a Dependency of the app's own, which has no type to bind from")
    func bindOnAppDependency() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = HistoryHorseAndWidget().bind(Widget.self)
        }
        #expect(standardError(result).contains("HistoryHorseAndWidget"))
    }

    @Test("@Inject of a dependency no module declares")
    func injectMissing() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Screen {
                @Inject var widget: TrapWidget
            }
            _ = Screen().widget
        }
        #expect(standardError(result).contains("No registration for `TrapWidget`"))
    }
}

/// The standard error of an exit test, as text.
func standardError(_ result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
}

final class TrapWidget: Sendable {}

final class TrapHolder: Sendable {
    let widget: TrapWidget
    init(widget: TrapWidget) { self.widget = widget }
}

final class TrapEgg: Sendable {
    let chicken: TrapChicken
    init(chicken: TrapChicken) { self.chicken = chicken }
}

final class TrapChicken: Sendable {
    let egg: TrapEgg
    init(egg: TrapEgg) { self.egg = egg }
}

private let trapOutsideLine = #line + 3
private func trapOutsideAFactory() {
    let swoin = Swoin([Module { single(named: "other") { TrapWidget() } }])
    _ = swoin.get(TrapWidget.self)
}

private let trapInsideLine = #line + 2
private func trapInsideAFactory() {
    let swoin = Swoin([Module { single { TrapHolder(widget: get()) } }])
    _ = swoin.get(TrapHolder.self)
}
