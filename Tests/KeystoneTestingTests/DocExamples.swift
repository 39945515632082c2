import Keystone
import KeystoneTesting
import Testing

// The examples of KeystoneTesting's doc comments, compiled and run.

protocol APIClient: Sendable {
    var userName: String { get }
}
struct MockAPIClient: APIClient {
    var userName: String { "mock" }
}
struct ProfileViewModel {
    @Injected var api: APIClient
    var userName: String { api.userName }
}

func makeAppContainer() -> Container {
    let container = Container()
    container.register(APIClient.self) { _ in MockAPIClient() }
    return container
}

@Suite("KeystoneTesting doc comment examples")
struct KeystoneTestingDocExamples {
    @Test(.overriding { $0.register(APIClient.self) { _ in MockAPIClient() } })
    func showsTheMockedUser() throws {
        #expect(ProfileViewModel().userName == "mock")
    }

    @Test func theGraphIsComplete() {
        expectValidGraph(makeAppContainer())
    }
}
