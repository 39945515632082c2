import Foundation
import KeystoneKOInject
import Testing

// The examples of the doc comments in Sources/KeystoneKOInject, compiled and run, line for line.

@Suite("KeystoneKOInject doc comment examples")
struct DocCommentExamples {
    @Test("KOIContainer")
    func container() {
        let container = KOIContainer()
        container.register(forType: ApiClientProtocol.self) { _ in
            ApiClient()
        }
        let apiClient: ApiClientProtocol? = container.resolve()

        #expect(apiClient != nil)
    }

    @Test("KOILazyResolver")
    func lazyResolver() {
        let container = KOIContainer()
        container.register(forType: ApiClientProtocol.self) { _ in ApiClient() }

        let lazy = KOILazyResolver(resolver: container, forType: ApiClientProtocol.self)
        lazy.resolve()  // resolves and holds the object
        let client = lazy.object
        lazy.dispose()  // lets it go

        #expect(client != nil)
        #expect(lazy.object == nil)
    }

    @Test("KOILazyResolverArg1")
    func lazyResolverArg1() throws {
        let container = KOIContainer()
        container.register(forType: DataBaseClientProtocol.self) { (_, rootPath: String) in
            DataBaseClient(rootPath: rootPath)
        }
        container.register(forType: ViewModelProtocol.self, scope: .separate) { (resolver, rootPath: String) in
            let data = Data("row".utf8)
            let lazy = KOILazyResolverArg1(resolver: resolver, forType: DataBaseClientProtocol.self, arg1: rootPath)
            lazy.resolve()
            lazy.object?.append(data: data)
            lazy.dispose()
            return LazyViewModel(lazy: lazy)
        }
        let resolved: ViewModelProtocol? = container.resolve(arg1: "/db")
        let viewModel = try #require(resolved as? LazyViewModel)
        #expect(viewModel.lazy.object == nil)
        let client: DataBaseClientProtocol? = container.resolve(arg1: "/db")
        #expect(client?.appended.count == 1)
    }

    @Test("KOIIsolatedResolver")
    func isolatedResolver() {
        let container = KOIContainer()
        container.register(forType: UserBillingProtocol.self) { (_, userId: String) in UserBilling(userId: userId) }
        let lazyResolver = KOILazyResolverArg1(resolver: container, forType: UserBillingProtocol.self, arg1: "u")
        let payment = Payment(amount: 3)

        let isolatedResolver = KOIIsolatedResolver(lazyResolver: lazyResolver)
        isolatedResolver.resolve { userBilling in
            userBilling?.add(payment: payment)
        }

        let billing: UserBillingProtocol? = container.resolve(arg1: "u")
        #expect(billing?.total == 3)
        #expect(lazyResolver.object == nil)
    }
}

final class LazyViewModel: ViewModelProtocol {
    let lazy: KOILazyResolverArg1<DataBaseClientProtocol, String>

    init(lazy: KOILazyResolverArg1<DataBaseClientProtocol, String>) {
        self.lazy = lazy
    }
}
