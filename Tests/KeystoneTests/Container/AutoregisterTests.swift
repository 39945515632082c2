import Testing

@testable import Keystone

@Suite("Autoregister")
struct AutoregisterTests {
    @Test func anInitializerWithoutParametersIsAFactory() {
        let container = Container()
        container.autoregister(Leaf.init)

        #expect(container.resolveOptional(Leaf.self) != nil)
    }

    @Test func everyParameterIsResolvedInOrder() {
        let container = Container()
        container.autoregister(Leaf.init)
        container.autoregister(Branch.init, scope: .transient)
        container.autoregister(Tree.init, scope: .transient)

        let tree: Tree = container.resolve()

        #expect(tree.left !== tree.right)  // two resolves of a transient Branch
        #expect(tree.left.leaf === tree.right.leaf)  // one .graph Leaf for the whole resolution
    }

    @Test func fiveDependenciesAreAsEasyAsOne() {
        let container = Container()
        container.autoregister(Leaf.init, scope: .singleton)
        container.autoregister(Branch.init)
        container.autoregister(Tree.init)
        container.register(Int.self) { _ in 5 }
        container.register(String.self) { _ in "five" }
        container.autoregister(Five.init)

        let five: Five = container.resolve()

        #expect(five.number == 5)
        #expect(five.text == "five")
        #expect(five.tree.left.leaf === five.leaf)
    }

    @Test func anImplementationRegistersUnderAProtocol() {
        let container = Container()
        container.register(APIClient.self) { _ in MockAPIClient() }
        container.autoregister(Storage.self, scope: .singleton, DiskStorage.init)

        let storage: Storage = container.resolve()

        #expect(storage is DiskStorage)
        #expect(storage.client is MockAPIClient)
        #expect(container.resolve(Storage.self) === storage)
    }

    @Test func aClosureWithTypedParametersWorksLikeAnInitializer() {
        let container = Container()
        container.register(APIClient.self) { _ in LiveAPIClient(baseURL: "https://d.example") }
        container.autoregister(String.self, name: "url") { (client: APIClient) in client.baseURL }

        #expect(container.resolve(String.self, name: "url") == "https://d.example")
    }

    @Test func nameScopeAndChainingApply() {
        let container = Container()
        let log = EventLog()
        container.autoregister(Leaf.init, name: "leaf", scope: .singleton)
            .then { _, _ in log.append("made") }

        let first = container.resolve(Leaf.self, name: "leaf")
        let second = container.resolve(Leaf.self, name: "leaf")

        #expect(first === second)
        #expect(log.all == ["made"])
        #expect(container.resolveOptional(Leaf.self) == nil)
    }

    @Test func aMissingDependencyFailsWithItsPath() {
        let container = Container()
        container.autoregister(Branch.init)

        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Branch.self) }

        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["Branch", "Leaf"])
    }

    @Test func aRuntimeArgumentGoesToTheFirstParameter() {
        let container = Container()
        container.register(APIClient.self) { _ in MockAPIClient() }
        container.autoregister(Detail.init, argument: Game.self, scope: .transient)

        let detail: Detail = container.resolve(arguments: Game(title: "Go"))

        #expect(detail.game.title == "Go")
        #expect(detail.api is MockAPIClient)
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Detail.self) }
        #expect(error?.kind == .argumentMismatch)
    }
}

extension AutoregisterTests {
    final class Leaf: Sendable {}

    final class Branch: Sendable {
        let leaf: Leaf
        init(leaf: Leaf) { self.leaf = leaf }
    }

    final class Tree: Sendable {
        let left: Branch
        let right: Branch
        init(left: Branch, right: Branch) {
            self.left = left
            self.right = right
        }
    }

    final class Five: Sendable {
        let leaf: Leaf
        let tree: Tree
        let branch: Branch
        let number: Int
        let text: String
        init(leaf: Leaf, tree: Tree, branch: Branch, number: Int, text: String) {
            self.leaf = leaf
            self.tree = tree
            self.branch = branch
            self.number = number
            self.text = text
        }
    }

    final class Detail {
        let game: Game
        let api: APIClient
        init(game: Game, api: APIClient) {
            self.game = game
            self.api = api
        }
    }
}
