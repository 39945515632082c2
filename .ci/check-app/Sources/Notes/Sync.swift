// Syncing notes with the server.
import Keystone

enum Sync {
    final class Client: Sendable {
        let endpoint: String
        init(config: AppConfig) { endpoint = config.syncEndpoint }
    }
}

final class SyncService: Sendable {
    init(client: Sync.Client, clock: any Clock, conflicts: ConflictResolver) {}
}

/// Opening the queue reads what is left from the last run, so its factory awaits.
actor SyncQueue {
    private let client: Sync.Client
    private init(client: Sync.Client) { self.client = client }
    static func open(client: Sync.Client) async -> SyncQueue { SyncQueue(client: client) }
    func pending() -> Int { 0 }
}

func registerSync(in container: Container) {
    container.register(scope: .singleton) { r in try Sync.Client(config: r.resolve()) }
    container.register(scope: .singleton) { r in
        try SyncService(
            client: r.resolve(),
            clock: r.resolve(),
            conflicts: r.resolve()
        )
    }
    container.register(scope: .singleton) { r async throws in
        await SyncQueue.open(client: try await r.resolve())
    }
}
