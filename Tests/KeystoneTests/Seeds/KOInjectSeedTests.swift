import Foundation
import Keystone
import Testing

/// The code examples of the KOInject README (seeds/000), rewritten in Keystone's API, each
/// checking the outcome the README prints or describes.
///
/// KOInject → Keystone: `register(forType:)` → `register(_:)`, `resolve(arg1:)` →
/// `resolve(arguments:)`, `.shared` → `.singleton`, `.weakShared` → `.weak`,
/// `.separate` → `.transient`. KOInject's `resolve` returns an optional; Keystone's
/// `resolveOptional` does.
///
/// The lazy resolver (`KOILazyResolverArg1(resolver:forType:arg1:)`) is ``LazyResolver``
/// (`LazyResolver(T.self, from: resolver, arguments: arg)`), and the isolated resolver
/// (`KOIIsolatedResolver(lazyResolver:)`) is ``IsolatedResolver``.
@Suite("KOInject seed examples")
struct KOInjectSeedTests {
    // MARK: - Register / resolve / dispose

    @Test func registeredProtocolTypesResolveToTheirImplementations() throws {
        let container = Container()
        container.register(ApiClientProtocol.self, scope: .singleton) { _ in
            ApiClient()
        }
        container.register(DataStorageProtocol.self, scope: .singleton) { _ in
            DataStorage()
        }

        let apiClient: ApiClientProtocol? = container.resolveOptional()
        let storage: DataStorageProtocol? = container.resolveOptional()

        #expect(apiClient is ApiClient)
        let dataStorage = try #require(storage as? DataStorage)
        #expect(dataStorage.rootPath == "/")
        #expect(dataStorage.clearOnDispose == false)
    }

    @Test func factoryReceivesMultipleTypedArguments() throws {
        let container = Container()
        container.register(DataStorageProtocol.self) { (_, rootPath: String, clearOnDispose: Bool) in
            DataStorage(rootPath: rootPath, clearOnDispose: clearOnDispose)
        }

        let storage: DataStorageProtocol = container.resolve(arguments: "/tmp", true)

        let dataStorage = try #require(storage as? DataStorage)
        #expect(dataStorage.rootPath == "/tmp")
        #expect(dataStorage.clearOnDispose == true)
    }

    @Test func argumentsOfAnotherTypeOrCountDoNotMatchTheRegistration() {
        let container = Container()
        container.register(DataStorageProtocol.self) { (_, rootPath: String, clearOnDispose: Bool) in
            DataStorage(rootPath: rootPath, clearOnDispose: clearOnDispose)
        }

        // KOInject returns nil when no registration takes the arguments given.
        let swapped: DataStorageProtocol? = container.resolveOptional(arguments: true, "/tmp")
        let tooFew: DataStorageProtocol? = container.resolveOptional(arguments: "/tmp")
        let none: DataStorageProtocol? = container.resolveOptional()

        #expect(swapped == nil)
        #expect(tooFew == nil)
        #expect(none == nil)
    }

    @Test func gameDetailsViewControllerIsBuiltFromAViewModelResolvedWithTheSameGame() throws {
        let container = Container()
        container.register(ApiClientProtocol.self, scope: .singleton) { _ in
            ApiClient()
        }
        container.register(GameDetailsViewModelProtocol.self, scope: .transient) { (r, game: GameModel) in
            try GameDetailsViewModel(apiClient: r.resolve(), game: game)
        }
        container.register(GameDetailsViewControllerProtocol.self, scope: .transient) { (r, game: GameModel) in
            try GameDetailsViewController(viewModel: r.resolve(arguments: game))
        }

        let game = GameModel(uuid: "123-123-123", name: "TestGame")
        let gameDetailsViewController: GameDetailsViewControllerProtocol? = container.resolveOptional(
            arguments: game)

        let viewController = try #require(gameDetailsViewController)
        #expect(viewController.viewModel.game == game)
        let apiClient: ApiClientProtocol = container.resolve()
        #expect(viewController.viewModel.apiClient.id == apiClient.id)
    }

    @Test func gameDetailsViewControllersAreSeparatePerResolve() {
        let container = Container()
        container.register(ApiClientProtocol.self, scope: .singleton) { _ in
            ApiClient()
        }
        container.register(GameDetailsViewModelProtocol.self, scope: .transient) { (r, game: GameModel) in
            try GameDetailsViewModel(apiClient: r.resolve(), game: game)
        }
        container.register(GameDetailsViewControllerProtocol.self, scope: .transient) { (r, game: GameModel) in
            try GameDetailsViewController(viewModel: r.resolve(arguments: game))
        }

        let first: GameDetailsViewControllerProtocol = container.resolve(
            arguments: GameModel(uuid: "1", name: "First"))
        let second: GameDetailsViewControllerProtocol = container.resolve(
            arguments: GameModel(uuid: "2", name: "Second"))

        #expect(first.id != second.id)
        #expect(first.viewModel.id != second.viewModel.id)
        #expect(first.viewModel.game.name == "First")
        #expect(second.viewModel.game.name == "Second")
        #expect(first.viewModel.apiClient.id == second.viewModel.apiClient.id)
    }

    @Test func disposeDropsRegistrationsAndDisposesHeldInstances() throws {
        let container = Container()
        container.register(DataStorageProtocol.self, scope: .singleton) { _ in
            DataStorage(rootPath: "/data", clearOnDispose: true)
        }
        let storage = try #require(container.resolve(DataStorageProtocol.self) as? DataStorage)
        #expect(storage.isDisposed == false)

        container.dispose()

        #expect(container.isDisposed)
        #expect(storage.isDisposed)
        // KOInject's resolve returns nil after dispose, and so does `resolveOptional`.
        #expect(container.resolveOptional(DataStorageProtocol.self) == nil)
        // `tryResolve` says why.
        let error = #expect(throws: ResolutionError.self) {
            try container.tryResolve(DataStorageProtocol.self)
        }
        #expect(error?.kind == .disposed)
    }

    // MARK: - Scopes

    @Test func sharedScopeIsSingletonAndResolvesTheSameObject() {
        let container = Container()
        container.register(ObjectIdentifiableProtocol.self, scope: .singleton) { _ in
            ObjectIdentifiable()
        }

        let object: ObjectIdentifiableProtocol? = container.resolveOptional()
        let object2: ObjectIdentifiableProtocol? = container.resolveOptional()

        #expect(object != nil)
        #expect(object?.id == object2?.id)  // KOInject: prints true
    }

    @Test func weakSharedScopeIsWeakAndBuildsANewObjectOnceStrongReferencesAreGone() {
        let container = Container()
        container.register(ObjectIdentifiableProtocol.self, scope: .weak) { _ in
            ObjectIdentifiable()
        }

        var object: ObjectIdentifiableProtocol? = container.resolveOptional()
        let objectId = object?.id
        var object2: ObjectIdentifiableProtocol? = container.resolveOptional()
        let objectId2 = object2?.id
        #expect(objectId != nil)
        #expect(objectId == objectId2)  // KOInject: prints true

        // Remove the strong references.
        object = nil
        object2 = nil

        // Resolve a new object.
        let object3: ObjectIdentifiableProtocol? = container.resolveOptional()
        let objectId3 = object3?.id
        #expect(objectId3 != nil)
        #expect(objectId != objectId3)  // KOInject: prints false
    }

    @Test func separateScopeIsTransientAndResolvesANewObjectEachTime() {
        let container = Container()
        container.register(ObjectIdentifiableProtocol.self, scope: .transient) { _ in
            ObjectIdentifiable()
        }

        let object: ObjectIdentifiableProtocol? = container.resolveOptional()
        let object2: ObjectIdentifiableProtocol? = container.resolveOptional()

        #expect(object != nil)
        #expect(object2 != nil)
        #expect(object?.id != object2?.id)  // KOInject: prints false
    }
}

// MARK: - Lazy resolver and isolated resolver

extension KOInjectSeedTests {
    /// The database-connection example: the view model holds a lazy resolver, and the
    /// connection exists only inside `append(data:)`.
    @Test func lazyResolverOpensTheDatabaseOnlyWhileAppending() throws {
        let disk = Ledger()
        let container = Container()
        // `.transient`, so that `dispose()` closes the connection; KOInject's default
        // (`.shared`, Keystone's `.singleton`) would keep one connection in the container.
        container.register(DataBaseClientProtocol.self, scope: .transient) { (_, rootPath: String) in
            DataBaseClient(rootPath: rootPath, disk: disk)
        }
        container.register(LazyViewModelProtocol.self, scope: .transient) { (resolver, rootPath: String) in
            let dataBaseLazyResolver = LazyResolver(DataBaseClientProtocol.self, from: resolver, arguments: rootPath)
            return LazyViewModel(dataBaseLazyResolver: dataBaseLazyResolver)
        }

        let viewModel: LazyViewModelProtocol = container.resolve(arguments: "/db")
        #expect(disk.openConnections == 0)  // nothing resolved yet

        try viewModel.append(data: Data("first".utf8))
        try viewModel.append(data: Data("second".utf8))

        #expect(disk.entries == ["/db: first", "/db: second"])
        #expect(disk.openConnections == 0)  // disposed after each append
        #expect(disk.connectionsOpened == 2)
    }

    /// The transaction example: the billing exists only for the duration of each payment.
    @Test func isolatedResolverGivesTheBillingToOnePaymentAndDisposesIt() throws {
        let ledger = Ledger()
        let container = Container()
        container.register(UserBillingProtocol.self, scope: .weak) { (_, userId: String) in
            UserBilling(userId: userId, ledger: ledger)
        }
        container.register(IsolatedViewModelProtocol.self, scope: .transient) { (resolver, userId: String) in
            // Create the lazy and isolated resolvers.
            let lazyResolver = LazyResolver(UserBillingProtocol.self, from: resolver, arguments: userId)
            let isolatedResolver = IsolatedResolver(lazyResolver)
            return IsolatedViewModel(userBillingIsolatedResolver: isolatedResolver)
        }

        let viewModel: IsolatedViewModelProtocol = container.resolve(arguments: "user-1")
        try viewModel.add(payment: Payment(amount: 5))
        try viewModel.add(payment: Payment(amount: 7))

        #expect(ledger.entries == ["user-1: +5", "user-1: +7"])
        #expect(ledger.openConnections == 0)  // each billing ended with its payment
        #expect(ledger.connectionsOpened == 2)
    }

    @Test func isolatedResolverDisposesAlsoWhenThePaymentFails() {
        let ledger = Ledger()
        let container = Container()
        container.register(UserBillingProtocol.self, scope: .weak) { (_, userId: String) in
            UserBilling(userId: userId, ledger: ledger)
        }
        let isolated = IsolatedResolver(LazyResolver(UserBillingProtocol.self, from: container, arguments: "user-2"))

        #expect(throws: PaymentRejected.self) {
            try isolated.resolve { userBilling in try userBilling.add(payment: Payment(amount: -1)) }
        }

        #expect(ledger.openConnections == 0)
        #expect(isolated.lazyResolver.object == nil)
    }
}

// MARK: - The README's types

extension KOInjectSeedTests {
    fileprivate protocol ApiClientProtocol {
        var id: String { get }
    }

    fileprivate final class ApiClient: ApiClientProtocol {
        let id = UUID().uuidString
    }

    fileprivate protocol DataStorageProtocol {}

    fileprivate final class DataStorage: DataStorageProtocol, Disposable {
        let rootPath: String
        let clearOnDispose: Bool
        private(set) var isDisposed = false

        init(rootPath: String = "/", clearOnDispose: Bool = false) {
            self.rootPath = rootPath
            self.clearOnDispose = clearOnDispose
        }

        func dispose() {
            isDisposed = true
        }
    }

    fileprivate struct GameModel: Equatable {
        let uuid: String
        let name: String
    }

    fileprivate protocol GameDetailsViewModelProtocol {
        var id: String { get }
        var apiClient: ApiClientProtocol { get }
        var game: GameModel { get }
    }

    fileprivate final class GameDetailsViewModel: GameDetailsViewModelProtocol {
        let id = UUID().uuidString
        let apiClient: ApiClientProtocol
        let game: GameModel

        init(apiClient: ApiClientProtocol, game: GameModel) {
            self.apiClient = apiClient
            self.game = game
        }
    }

    fileprivate protocol GameDetailsViewControllerProtocol {
        var id: String { get }
        var viewModel: GameDetailsViewModelProtocol { get }
    }

    fileprivate final class GameDetailsViewController: GameDetailsViewControllerProtocol {
        let id = UUID().uuidString
        let viewModel: GameDetailsViewModelProtocol

        init(viewModel: GameDetailsViewModelProtocol) {
            self.viewModel = viewModel
        }
    }

    fileprivate protocol ObjectIdentifiableProtocol {
        var id: String { get }
    }

    fileprivate final class ObjectIdentifiable: ObjectIdentifiableProtocol, Identifiable {
        let id: String = UUID().uuidString
    }
}

extension KOInjectSeedTests {
    /// Records what the database and billing examples do, and how many connections are open.
    fileprivate final class Ledger: @unchecked Sendable {  // `lock` guards the state.
        private let lock = NSLock()
        private var state = (entries: [String](), open: 0, opened: 0)

        func record(_ entry: String) { lock.withLock { state.entries.append(entry) } }
        func opened() { lock.withLock { (state.open, state.opened) = (state.open + 1, state.opened + 1) } }
        func closed() { lock.withLock { state.open -= 1 } }

        var entries: [String] { lock.withLock { state.entries } }
        var openConnections: Int { lock.withLock { state.open } }
        var connectionsOpened: Int { lock.withLock { state.opened } }
    }

    fileprivate protocol DataBaseClientProtocol {
        func append(data: Data)
    }

    fileprivate final class DataBaseClient: DataBaseClientProtocol {
        let rootPath: String
        let disk: Ledger

        init(rootPath: String, disk: Ledger) {
            self.rootPath = rootPath
            self.disk = disk
            disk.opened()
        }

        deinit { disk.closed() }

        func append(data: Data) {
            disk.record("\(rootPath): \(String(decoding: data, as: UTF8.self))")
        }
    }

    fileprivate protocol LazyViewModelProtocol {
        func append(data: Data) throws
    }

    fileprivate final class LazyViewModel: LazyViewModelProtocol {
        let dataBaseLazyResolver: LazyResolver<DataBaseClientProtocol>

        init(dataBaseLazyResolver: LazyResolver<DataBaseClientProtocol>) {
            self.dataBaseLazyResolver = dataBaseLazyResolver
        }

        func append(data: Data) throws {
            try dataBaseLazyResolver.resolve()  // resolve object
            dataBaseLazyResolver.object!.append(data: data)  // use it
            dataBaseLazyResolver.dispose()  // dispose it
        }
    }

    fileprivate struct Payment {
        let amount: Int
    }

    fileprivate struct PaymentRejected: Error {}

    fileprivate protocol UserBillingProtocol {
        func add(payment: Payment) throws
    }

    fileprivate final class UserBilling: UserBillingProtocol {
        let userId: String
        let ledger: Ledger

        init(userId: String, ledger: Ledger) {
            self.userId = userId
            self.ledger = ledger
            ledger.opened()
        }

        deinit { ledger.closed() }

        func add(payment: Payment) throws {
            guard payment.amount > 0 else { throw PaymentRejected() }
            ledger.record("\(userId): +\(payment.amount)")
        }
    }

    fileprivate protocol IsolatedViewModelProtocol {
        func add(payment: Payment) throws
    }

    fileprivate final class IsolatedViewModel: IsolatedViewModelProtocol {
        let userBillingIsolatedResolver: IsolatedResolver<UserBillingProtocol>

        init(userBillingIsolatedResolver: IsolatedResolver<UserBillingProtocol>) {
            self.userBillingIsolatedResolver = userBillingIsolatedResolver
        }

        func add(payment: Payment) throws {
            // Resolve the object in an isolated action.
            try userBillingIsolatedResolver.resolve { userBilling in
                try userBilling.add(payment: payment)
            }
        }
    }
}
