import Foundation
import Keystone
import Testing

/// The Keystone side of MigratingFromKOInject.md, compiled and run; `DocumentationSyncTests`
/// checks that the article shows it line for line. The types are nested so that their
/// KOInject-like names cannot clash with the other examples'.
@Suite("Migrating from KOInject")
struct MigrationKOInjectExamples {
    @Test("Register, resolve, dispose with KOInject's singleton default")
    func registerResolveDispose() {
        let container = Container(defaultScope: .singleton)  // KOInject's default scope
        container.register(ApiClientProtocol.self) { _ in ApiClient() }
        container.register(DataStorageProtocol.self) { (_, rootPath: String, clearOnDispose: Bool) in
            DataStorage(rootPath: rootPath, clearOnDispose: clearOnDispose)
        }
        let storage: DataStorageProtocol? = container.resolveOptional(arguments: "/tmp", true)
        #expect(storage?.rootPath == "/tmp")
        let again: DataStorageProtocol? = container.resolveOptional(arguments: "/other", false)
        #expect(again === storage)  // a singleton keeps the first resolve's arguments
        #expect(container.resolve(ApiClientProtocol.self) === container.resolve(ApiClientProtocol.self))
        #expect(
            container.resolveOptional(GameDetailsViewModelProtocol.self, arguments: GameModel(uuid: "1", name: "x"))
                == nil)
        container.dispose()  // when the container is no longer needed
        #expect(container.isDisposed)
        #expect {
            try container.tryResolve(ApiClientProtocol.self)
        } throws: { error in
            (error as? ResolutionError)?.kind == .disposed
        }
    }

    @Test("Arguments passed through the graph")
    func argumentsThroughTheGraph() {
        let container = Container(defaultScope: .singleton)
        container.register(ApiClientProtocol.self) { _ in ApiClient() }
        container.register(GameDetailsViewModelProtocol.self, scope: .transient) { (r, game: GameModel) in
            try GameDetailsViewModel(apiClient: r.resolve(), game: game)
        }
        container.register(GameDetailsViewControllerProtocol.self, scope: .transient) { (r, game: GameModel) in
            try GameDetailsViewController(viewModel: r.resolve(arguments: game))
        }
        let game = GameModel(uuid: "123-123-123", name: "TestGame")
        let controller: GameDetailsViewControllerProtocol = container.resolve(arguments: game)

        #expect(controller.viewModel.game.uuid == "123-123-123")
        let other: GameDetailsViewControllerProtocol = container.resolve(arguments: game)
        #expect(other !== controller)  // .transient: a new one every time
        #expect(other.viewModel.apiClient === controller.viewModel.apiClient)  // the singleton
    }

    @Test("Scopes: weakShared → .weak, separate → .transient, shared → .singleton")
    func scopes() {
        let scoped = Container()
        scoped.register(ObjectIdentifiableProtocol.self, scope: .weak) { _ in ObjectIdentifiable() }
        var object: ObjectIdentifiableProtocol? = scoped.resolve(ObjectIdentifiableProtocol.self)
        let object2: ObjectIdentifiableProtocol = scoped.resolve()
        let sameWhileHeld = object?.id == object2.id  // true

        #expect(sameWhileHeld)
        object = nil
        let held: ObjectIdentifiableProtocol = scoped.resolve()
        #expect(held.id == object2.id)  // `object2` still holds it

        scoped.register(ObjectIdentifiableProtocol.self, name: "separate", scope: .transient) { _ in
            ObjectIdentifiable()
        }
        scoped.register(ObjectIdentifiableProtocol.self, name: "shared", scope: .singleton) { _ in
            ObjectIdentifiable()
        }

        let separate1 = scoped.resolve(ObjectIdentifiableProtocol.self, name: "separate")
        let separate2 = scoped.resolve(ObjectIdentifiableProtocol.self, name: "separate")
        #expect(separate1.id != separate2.id)
        let shared1 = scoped.resolve(ObjectIdentifiableProtocol.self, name: "shared")
        let shared2 = scoped.resolve(ObjectIdentifiableProtocol.self, name: "shared")
        #expect(shared1.id == shared2.id)
    }

    @Test("A .weak instance nobody holds is built again")
    func weakReleases() {
        let scoped = Container()
        scoped.register(ObjectIdentifiableProtocol.self, scope: .weak) { _ in ObjectIdentifiable() }
        let firstID = identifier(of: scoped)
        #expect(identifier(of: scoped) != firstID)
    }

    func identifier(of container: Container) -> String {
        let object: ObjectIdentifiableProtocol = container.resolve()
        return object.id
    }

    @Test("Lazy resolver")
    func lazyResolver() throws {
        let container = Container()
        container.register(DataBaseClientProtocol.self, scope: .transient) { (_, rootPath: String) in
            DataBaseClient(rootPath: rootPath)
        }
        container.register(ViewModelProtocol.self, scope: .transient) { (r, rootPath: String) in
            ViewModel(database: LazyResolver(DataBaseClientProtocol.self, from: r, arguments: rootPath))
        }

        let viewModel = try #require(container.resolve(ViewModelProtocol.self, arguments: "/db") as? ViewModel)
        #expect(viewModel.database.object == nil)  // nothing opened yet
        try viewModel.append(data: "row")
        #expect(viewModel.database.object == nil)  // let go again
        #expect(try viewModel.database.resolve().rootPath == "/db")
    }

    @Test("Isolated resolver")
    func isolatedResolver() throws {
        let container = Container()
        container.register(UserBillingProtocol.self, scope: .weak) { (_, userId: String) in
            UserBilling(userId: userId)
        }
        container.register(BillingViewModel.self, scope: .transient) { (r, userId: String) in
            let lazy = LazyResolver(UserBillingProtocol.self, from: r, arguments: userId)
            return BillingViewModel(billing: IsolatedResolver(lazy))
        }

        let viewModel: BillingViewModel = container.resolve(arguments: "u1")
        #expect(try viewModel.add(payment: 5) == 5)
        #expect(viewModel.billing.lazyResolver.object == nil)  // disposed after the action
    }

    // The types the article's examples use.

    protocol ApiClientProtocol: AnyObject {}
    final class ApiClient: ApiClientProtocol, Sendable {}

    protocol DataStorageProtocol: AnyObject {
        var rootPath: String { get }
    }
    final class DataStorage: DataStorageProtocol, Sendable {
        let rootPath: String
        let clearOnDispose: Bool
        init(rootPath: String, clearOnDispose: Bool) {
            self.rootPath = rootPath
            self.clearOnDispose = clearOnDispose
        }
    }

    struct GameModel: Sendable {
        let uuid: String
        let name: String
    }
    protocol GameDetailsViewModelProtocol: AnyObject {
        var game: GameModel { get }
        var apiClient: ApiClientProtocol { get }
    }
    final class GameDetailsViewModel: GameDetailsViewModelProtocol {
        let apiClient: ApiClientProtocol
        let game: GameModel
        init(apiClient: ApiClientProtocol, game: GameModel) {
            self.apiClient = apiClient
            self.game = game
        }
    }
    protocol GameDetailsViewControllerProtocol: AnyObject {
        var viewModel: GameDetailsViewModelProtocol { get }
    }
    final class GameDetailsViewController: GameDetailsViewControllerProtocol {
        let viewModel: GameDetailsViewModelProtocol
        init(viewModel: GameDetailsViewModelProtocol) { self.viewModel = viewModel }
    }

    protocol ObjectIdentifiableProtocol {
        var id: String { get }
    }
    final class ObjectIdentifiable: ObjectIdentifiableProtocol, Sendable {
        let id = UUID().uuidString
    }

    protocol DataBaseClientProtocol {
        var rootPath: String { get }
        func append(data: String)
    }
    final class DataBaseClient: DataBaseClientProtocol, Sendable {
        let rootPath: String
        init(rootPath: String) { self.rootPath = rootPath }
        func append(data: String) {}
    }
    protocol ViewModelProtocol {}
    final class ViewModel: ViewModelProtocol {
        let database: LazyResolver<DataBaseClientProtocol>

        init(database: LazyResolver<DataBaseClientProtocol>) {
            self.database = database
        }

        func append(data: String) throws {
            let client = try database.resolve()  // opens the connection
            client.append(data: data)
            database.dispose()  // and lets it go
        }
    }

    protocol UserBillingProtocol {
        func add(payment: Int) -> Int
    }
    final class UserBilling: UserBillingProtocol, Sendable {
        let userId: String
        init(userId: String) { self.userId = userId }
        func add(payment: Int) -> Int { payment }
    }
    final class BillingViewModel {
        let billing: IsolatedResolver<UserBillingProtocol>
        init(billing: IsolatedResolver<UserBillingProtocol>) { self.billing = billing }

        func add(payment: Int) throws -> Int {
            try billing.resolve { billing in billing.add(payment: payment) }
        }
    }
}

extension MigrationKOInjectExamples {
    @Test("The guide's table names the KOInject releases accepted and each deliberate difference")
    func releasesTable() throws {
        let section = try releasesSection(ofGuide: "KOInject")
        for expected in ["1.0", "2.0.0", "`register(forType:", "`register(type:", "thread"] {
            #expect(section.contains(expected), "\(expected)")
        }
    }
}
