import Testing

@testable import Keystone

final class DetailViewModel {
    let client: APIClient
    let game: Game
    let page: Int
    init(client: APIClient, game: Game, page: Int) {
        self.client = client
        self.game = game
        self.page = page
    }
}

@Suite("Runtime arguments")
struct ArgumentTests {
    @Test("Arguments of any number and type are typed at registration and passed at resolve")
    func typedArguments() throws {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(DetailViewModel.self, scope: .transient) { (r, game: Game, page: Int) in
            try DetailViewModel(client: r.resolve(), game: game, page: page)
        }
        let viewModel: DetailViewModel = try container.tryResolve(arguments: Game(title: "chess"), 2)
        #expect(viewModel.game == Game(title: "chess"))
        #expect(viewModel.page == 2)
    }

    @Test("Three arguments, and the same service with other argument lists, are separate keys")
    func argumentTypesAreTheKey() throws {
        let container = Container()
        container.register(String.self, scope: .transient) { (_, a: Int, b: String, c: Double) in "\(a)-\(b)-\(c)" }
        container.register(String.self, scope: .transient) { (_, a: Int) in "int \(a)" }
        container.register(String.self, scope: .transient) { _ in "none" }
        #expect(try container.tryResolve(String.self, arguments: 1, "x", 2.5) == "1-x-2.5")
        #expect(try container.tryResolve(String.self, arguments: 7) == "int 7")
        #expect(try container.tryResolve(String.self) == "none")
    }

    @Test("Arguments reach nested resolves through the resolver")
    func nestedArguments() throws {
        let container = Container()
        container.register(scope: .transient) { (_, title: String) in Game(title: title) }
        container.register(String.self, scope: .transient) { (r, title: String) in
            try r.resolve(Game.self, arguments: title).title.uppercased()
        }
        #expect(try container.tryResolve(String.self, arguments: "go") == "GO")
    }

    @Test("Wrong argument types or count fail with the registered lists as near misses")
    func mismatch() throws {
        let container = Container()
        container.register(scope: .transient) { (_, title: String, page: Int) in Game(title: "\(title)\(page)") }
        let wrongType = #expect(throws: ResolutionError.self) {
            try container.tryResolve(Game.self, arguments: 1, 2)
        }
        #expect(wrongType?.kind == .argumentMismatch)
        #expect(wrongType?.argumentTypes == "(Int, Int)")
        #expect(wrongType?.nearMisses.count == 1)
        #expect(wrongType?.nearMisses.first?.contains("arguments: (String, Int)") == true)
        let wrongCount = #expect(throws: ResolutionError.self) {
            try container.tryResolve(Game.self, arguments: "x")
        }
        #expect(wrongCount?.kind == .argumentMismatch)
        #expect(wrongCount?.argumentTypes == "(String)")
        // Still usable afterwards.
        #expect(try container.tryResolve(Game.self, arguments: "x", 1).title == "x1")
    }

    @Test("A singleton with arguments is built from the first resolve's arguments and kept")
    func singletonWithArguments() throws {
        let container = Container()
        container.register(scope: .singleton) { (_, title: String) in Game(title: title) }
        let first = try container.tryResolve(Game.self, arguments: "first")
        let second = try container.tryResolve(Game.self, arguments: "second")
        #expect(first.title == "first")
        #expect(second.title == "first")
        container.reset(.singleton)
        #expect(try container.tryResolve(Game.self, arguments: "third").title == "third")
    }
}
