// The README's quick start, verbatim: it verifies clean, and the check finds nothing.
import Keystone

enum ReadmeWiring {
    protocol APIClient: Sendable {}
    final class LiveAPIClient: APIClient {}
    protocol Storage: Sendable {}
    final class DiskStorage: Storage { init(client: APIClient) {} }
    protocol Logger: Sendable {}
    final class AuditLogger: Logger {}
    struct Game: Sendable { var title: String }
    final class DetailViewModel: Sendable { init(api: APIClient, game: Game, page: Int) {} }
    final class SyncService: Sendable { init(storage: Storage, client: APIClient) {} }

    static func makeContainer() -> Container {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
        container.register(Logger.self, name: "audit") { _ in AuditLogger() }
        container.register(DetailViewModel.self, scope: .transient) { (r, game: Game, page: Int) in
            try DetailViewModel(api: r.resolve(), game: game, page: page)
        }
        container.register { r in try SyncService(storage: r.resolve(), client: r.resolve()) }
        return container
    }
}
