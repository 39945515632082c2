// swift-format-ignore-file
// (Written as an app writes it: the conformance is the point, and the app documents nothing.)
// An app written for Resolver, built against KeystoneResolver by .ci/consumer-check in a package
// of its own, with warnings as errors: the Swift 6 spelling of `ResolverRegistering` that
// MigratingFromResolver.md and the protocol's doc comment show (DocumentationSyncTests finds
// them here). Only outside this package does the plain conformance draw its warning, and only
// there may it be marked `@retroactive`, so no test target of the package can compile it.
import KeystoneResolver

protocol Fetching: AnyObject {
    func fetch() -> String
}

final class NetworkService: Fetching {
    func fetch() -> String { "live" }
}

final class ContentViewModel {
    let fetcher: Fetching

    init(fetcher: Fetching) {
        self.fetcher = fetcher
    }
}

extension Resolver: @retroactive ResolverRegistering {
    public static func registerAllServices() {
        register { NetworkService() }
            .implements(Fetching.self)
            .scope(.application)
        register { ContentViewModel(fetcher: resolve()) }
    }
}

// Nothing is registered here: the first resolve runs `registerAllServices()`.
let model: ContentViewModel = Resolver.resolve()
let again: ContentViewModel = Resolver.resolve()
print("fetched: \(model.fetcher.fetch()), one network service: \(model.fetcher === again.fetcher)")
