import Testing

@testable import Keystone

@Suite("Resolve flavours")
struct ResolveFlavourTests {
    @Test("resolveOptional returns nil only when the service itself is not registered")
    func optionalNil() {
        let container = Container()
        container.register { _ in Plain() }
        #expect(container.resolveOptional(Plain.self) != nil)
        #expect(container.resolveOptional(APIClient.self) == nil)
        #expect(container.resolveOptional(Plain.self, name: "other") == nil)
        #expect(container.resolveOptional(Plain.self, arguments: 1) == nil)
    }

    @Test("resolve traps with the diagnostic when nothing is registered")
    func resolveTraps() async {
        await #expect(processExitsWith: .failure) {
            let container = Container()
            _ = container.resolve(APIClient.self)
        }
    }

    @Test("resolveOptional traps when a dependency deeper in the graph is missing")
    func optionalTrapsOnBrokenGraph() async {
        await #expect(processExitsWith: .failure) {
            let container = Container()
            container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
            _ = container.resolveOptional(Storage.self)
        }
    }

    @Test("Resolver.resolveOptional gives nil for a missing service inside a factory")
    func resolverOptional() throws {
        let container = Container()
        container.register(Storage.self) { r in
            try DiskStorage(client: r.resolveOptional(APIClient.self) ?? MockAPIClient())
        }
        let storage: Storage = try container.tryResolve()
        #expect(storage.client is MockAPIClient)
    }
}
