import Foundation
import Keystone
import KeystoneKOInject
import Testing

// The Swift blocks of the "Switch in one line" section of MigratingFromKOInject.md, which
// import this module (so they live here rather than in DocumentationTests), compiled and run.

@Suite("Migrating from KOInject: switch in one line")
struct GuideExamples {
    @Test("The Keystone container underneath a KOIContainer")
    func containerUnderneath() throws {
        let container = KOIContainer()
        container.register(forType: ApiClientProtocol.self) { _ in ApiClient() }

        let keystone: Container = container.container
        let apiClient: ApiClientProtocol = keystone.resolve()
        try keystone.verify().requireValid()

        let viaKOInject: ApiClientProtocol? = container.resolve()
        #expect(viaKOInject === apiClient)
    }

    @Test("One graph for moved and unmoved code")
    func oneGraph() {
        Container.withShared(Container()) {
            let app = KOIContainer(container: Container.shared)
            // Moved to Keystone: the same registration, in Keystone's words.
            Container.shared.register(DataStorageProtocol.self, scope: .singleton) {
                (_, rootPath: String, clearOnDispose: Bool) in
                DataStorage(rootPath: rootPath, clearOnDispose: clearOnDispose)
            }
            // Not moved yet: KOInject's resolve finds it.
            let storage: DataStorageProtocol? = app.resolve(arg1: "/tmp", arg2: true)

            #expect(storage?.rootPath == "/tmp")
            let again: DataStorageProtocol = Container.shared.resolve(arguments: "/other", false)
            #expect(again === storage)  // one singleton for both APIs
        }
    }

    @Test("A weakShared fabric that returns a value traps with weakValueType")
    func weakValue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = KOIContainer()
            container.register(forType: Payment.self, scope: .weakShared) { _ in Payment(amount: 1) }
            let _: Payment? = container.resolve()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Payment"))
        #expect(message.contains("To fix, "))
    }
}
