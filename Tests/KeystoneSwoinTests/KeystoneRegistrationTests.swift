import Keystone
import KeystoneSwoin
import Testing

// What answers for a type is the container's to say: a registration made with Keystone's own
// API over a module's declaration is what resolves, until something replaces it in turn.

@Suite("Swoin's modules and registrations made with Keystone's API")
struct SwoinKeystoneRegistrationTests {
    @Test("Unloading a module leaves a Keystone registration made over its declaration in place")
    func unloadKeepsAKeystoneRegistration() {
        let app = KeystoneSwoin.Module { KeystoneSwoin.single { Widget("app") } }
        let mock = KeystoneSwoin.Module { KeystoneSwoin.single { Widget("mock") } }
        let swoin = Swoin([app, mock])
        swoin.container.register(Widget.self) { _ in Widget("Keystone") }
        swoin.unload(mock)
        #expect(swoin.get(Widget.self).value == "Keystone")
        swoin.unload(app)
        #expect(swoin.get(Widget.self).value == "Keystone")
    }
}
