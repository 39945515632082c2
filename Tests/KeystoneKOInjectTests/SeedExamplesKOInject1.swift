// swift-format-ignore-file
import Foundation
import KeystoneKOInject
import Testing

// Every code block of KOInject 1.x's README (`seeds/000`), as printed: only `import KOInject`
// became `import KeystoneKOInject` (above). The README's CocoaPods blocks (`pod 'KOInject'`,
// the Podfile, `pod install`) are not Swift; the guide's "Switch in one line" replaces them.
// A block that continues one before it (they share `container`) starts with a
// `let container = KOIContainer()` line of ours; a block that declares types and then uses
// them (`// ...` between the two) has its declarations at the suite's level. The checks after
// each block are ours: what the README's prose and `// prints` comments promise.
@Suite("KOInject 1.x README, as printed")
struct SeedExamplesKOInject1 {
    @Test("Register / Resolve / Dispose")
    func registerResolveDispose() throws {
        // 1) First register the dependencies that you want to resolve later.
        let container = KOIContainer()
        container.register(forType: ApiClientProtocol.self) { _ in
            ApiClient()
        }
        container.register(forType: DataStorageProtocol.self) { _ in
            DataStorage()
        }

        // Fell free to add multiple arguments, so register can look like that.
        container.register(forType: DataStorageProtocol.self) { _, rootPath, clearOnDispose in
            DataStorage(rootPath: rootPath, clearOnDispose: clearOnDispose)
        }

        // The first argument is type of KOIResolverProtocol, so you can resolve another
        // dependencies that you need to create new object.
        container.register(forType: GameDetailsViewModelProtocol.self, scope: .separate) { (resolver, game: GameModel) in
            GameDetailsViewModel(apiClient: resolver.resolve()!, game: game)
        }
        container.register(forType: GameDetailsViewControllerProtocol.self, scope: .separate) { (resolver, game: GameModel) in
            GameDetailsViewController(viewModel: resolver.resolve(arg1: game)!)
        }

        // 2) Resolve dependency
        struct GameModel {
            let uuid: String
            let name: String
        }
        // ...
        let game = GameModel(uuid: "123-123-123", name: "TestGame")
        let gameDetailsViewController: GameDetailsViewControllerProtocol? = container.resolve(arg1: game)

        let viewModel = try #require(gameDetailsViewController?.viewModel)
        #expect((viewModel.game as? GameModel)?.uuid == "123-123-123")
        let apiClient: ApiClientProtocol? = container.resolve()
        #expect(viewModel.apiClient === apiClient)  // `.shared` by default: one ApiClient
        let again: GameDetailsViewControllerProtocol? = container.resolve(arg1: game)
        #expect(again !== gameDetailsViewController)  // `.separate`: a new one each time
        // Registrations with and without arguments are different registrations.
        let plain: DataStorageProtocol? = container.resolve()
        #expect(plain?.rootPath == nil)
        let rooted: DataStorageProtocol? = container.resolve(arg1: "/data", arg2: true)
        #expect(rooted?.rootPath == "/data")
        #expect(rooted?.clearOnDispose == true)
        // Arguments of other types match no registration: nil, as in KOInject.
        let mismatched: DataStorageProtocol? = container.resolve(arg1: 1, arg2: true)
        #expect(mismatched == nil)

        // 3) Dispose register data when you don't need it.
        container.dispose()

        let afterDispose: ApiClientProtocol? = container.resolve()
        #expect(afterDispose == nil)
    }

    // MARK: Register with scopes

    protocol ObjectIdentifiableProtocol {
        var id: String { get }
    }

    final class ObjectIdentifiable: ObjectIdentifiableProtocol, Identifiable {
        let id: String = UUID().uuidString
    }
    // ...

    @Test("shared: one object, built at the first resolve")
    func sharedScope() {
        let container = KOIContainer()
        container.register(forType: ObjectIdentifiableProtocol.self) { _ in
            ObjectIdentifiable()
        }
        let object: ObjectIdentifiableProtocol? = container.resolve()
        let object2: ObjectIdentifiableProtocol? = container.resolve()
        print(object?.id == object2?.id) // prints true

        #expect(object != nil)
        #expect(object?.id == object2?.id)
    }

    @Test("weakShared: shared while held, then built again")
    func weakSharedScope() {
        let container = KOIContainer()
        container.register(forType: ObjectIdentifiableProtocol.self, scope: .weakShared) { _ in
            ObjectIdentifiable()
        }
        var object: ObjectIdentifiableProtocol? = container.resolve()
        let objectId = object?.id
        var object2: ObjectIdentifiableProtocol? = container.resolve()
        let objectId2 = object2?.id
        print(objectId == objectId2) // prints true

        // remove strong's references
        object = nil
        object2 = nil

        // resolve new object
        let object3: ObjectIdentifiableProtocol? = container.resolve()
        let objectId3 = object3?.id
        print(objectId == objectId3) // prints false

        #expect(objectId != nil)
        #expect(objectId == objectId2)
        #expect(object == nil && object2 == nil)
        #expect(objectId3 != nil)
        #expect(objectId != objectId3)
    }

    @Test("separate: a new object on every resolve")
    func separateScope() {
        let container = KOIContainer()
        container.register(forType: ObjectIdentifiableProtocol.self, scope: .separate) { _ in
            ObjectIdentifiable()
        }
        let object: ObjectIdentifiableProtocol? = container.resolve()
        let object2: ObjectIdentifiableProtocol? = container.resolve()
        print(object?.id == object2?.id) // prints false

        #expect(object != nil && object2 != nil)
        #expect(object?.id != object2?.id)
    }

    // MARK: Lazy resolver

    enum Lazy {
        final class ViewModel: ViewModelProtocol {
            let dataBaseLazyResolver: KOILazyResolverArg1<DataBaseClientProtocol, String>
            
            init(dataBaseLazyResolver: KOILazyResolverArg1<DataBaseClientProtocol, String>) {
                self.dataBaseLazyResolver = dataBaseLazyResolver
            }
            
            // ...
            func append(data: Data) {
                dataBaseLazyResolver.resolve() // resolve object
                dataBaseLazyResolver.object!.append(data: data) // use it
                dataBaseLazyResolver.dispose() // dispose it
            }
        }
    }

    @Test("Lazy resolver: resolved only when needed, then let go")
    func lazyResolver() throws {
        typealias ViewModel = Lazy.ViewModel
        // register dependencies
        let container = KOIContainer()
        container.register(forType: DataBaseClientProtocol.self) { (_, rootPath: String) in
            DataBaseClient(rootPath: rootPath)
        }
        container.register(forType: ViewModelProtocol.self, scope: .separate) { (resolver, rootPath: String) in
            let dataBaseLazyResolver = KOILazyResolverArg1(resolver: resolver, forType: DataBaseClientProtocol.self, arg1: rootPath) // create lazy Resolver
            return ViewModel(dataBaseLazyResolver: dataBaseLazyResolver) // inject it!
        }
        // ...

        let resolved: ViewModelProtocol? = container.resolve(arg1: "/db")
        let viewModel = try #require(resolved as? ViewModel)
        #expect(viewModel.dataBaseLazyResolver.object == nil)  // nothing opened yet
        viewModel.append(data: Data("row".utf8))
        #expect(viewModel.dataBaseLazyResolver.object == nil)  // disposed after use
        let client: DataBaseClientProtocol? = container.resolve(arg1: "/db")
        #expect(client?.rootPath == "/db")
        #expect(client?.appended == [Data("row".utf8)])  // `.shared`: the client that was used
    }

    // MARK: Isolated resolver

    enum Isolated {
        final class ViewModel: ViewModelProtocol {
            let userBillingIsolatedResolver: KOIIsolatedResolver<UserBillingProtocol>
            
            init(userBillingIsolatedResolver: KOIIsolatedResolver<UserBillingProtocol>) {
                self.userBillingIsolatedResolver = userBillingIsolatedResolver
            }
            
            // ...
            func add(payment: Payment) {
                // resolve object in isolated action
                userBillingIsolatedResolver.resolve { userBilling in
                    userBilling?.add(payment: payment)
                }
            }
        }
    }

    @Test("Isolated resolver: resolved for the action, disposed when it completes")
    func isolatedResolver() throws {
        typealias ViewModel = Isolated.ViewModel
        // register dependencies
        let container = KOIContainer()
        container.register(forType: UserBillingProtocol.self, scope: .weakShared) { (_, userId: String) in
            UserBilling(userId: userId)
        }
        container.register(forType: ViewModelProtocol.self, scope: .separate) { (resolver, userId: String) in
            // create lazy and isolated resolvers
            let lazyResolver = KOILazyResolverArg1(resolver: resolver, forType: UserBillingProtocol.self, arg1: userId)
            let isolatedResolver = KOIIsolatedResolver(lazyResolver: lazyResolver)
            return ViewModel(userBillingIsolatedResolver: isolatedResolver)
        }
        // ...

        let resolved: ViewModelProtocol? = container.resolve(arg1: "user-1")
        let viewModel = try #require(resolved as? ViewModel)
        // While someone holds the billing, the action gets that same (weakly shared) object.
        let held: UserBillingProtocol? = container.resolve(arg1: "user-1")
        viewModel.add(payment: Payment(amount: 5))
        viewModel.add(payment: Payment(amount: 7))
        #expect(held?.total == 12)
        #expect(held?.userId == "user-1")
    }

    @Test("Isolated resolver: nothing outlives the action")
    func isolatedResolverReleases() {
        let container = KOIContainer()
        container.register(forType: UserBillingProtocol.self, scope: .weakShared) { (_, userId: String) in
            UserBilling(userId: userId)
        }
        let lazyResolver = KOILazyResolverArg1(resolver: container, forType: UserBillingProtocol.self, arg1: "u")
        let isolatedResolver = KOIIsolatedResolver(lazyResolver: lazyResolver)
        weak var seen: UserBilling?
        isolatedResolver.resolve { userBilling in
            seen = userBilling as? UserBilling
            #expect(seen != nil)
        }
        #expect(lazyResolver.object == nil)
        #expect(seen == nil)  // `.weakShared` and disposed: released when the action completed
    }
}
