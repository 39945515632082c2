import KeystoneSwoin
import Testing

// Swift 5 mode only (not linked into the Swift 6 target): code an app built with Swoin in the
// Swift 5 language mode may hold, which Swift 6 rejects. Factories, converters, hooks and
// loggers written in place capture mutable, non-Sendable state. It compiles here unchanged,
// with no warning. (A closure first stored in a variable of a non-`@Sendable` function type
// and then passed draws a warning here: the guide says so.)

@Suite("Swoin code of the Swift 5 language mode")
struct SwoinSwift5ModeTests {
    final class AppState {
        var launches = 0
        var messages: [String] = []
    }

    @Test("Closures that capture non-Sendable state are accepted as they were")
    func nonSendableCaptures() {
        let state = AppState()
        let swoin = Swoin.start {
            logger { state.messages.append($0) }
            Module {
                single { state }
                factory { () -> Widget in
                    state.launches += 1
                    return Widget("launch \(state.launches)")
                }
                .then { $0.value += "!" }
                .bind(Labelled.self) { $0 }
            }
        }
        #expect(swoin.get(AppState.self) === state)
        #expect(swoin.get(Widget.self).value == "launch 1!")
        #expect(swoin.get(Labelled.self).label == "launch 2!")
        #expect(!state.messages.isEmpty)
    }
}
