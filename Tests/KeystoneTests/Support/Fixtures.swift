@testable import Keystone

/// A thread-safe counter for "built exactly once" checks.
final class Counter: @unchecked Sendable {  // `lock` guards `count`.
    private let lock = Lock()
    private var count = 0

    @discardableResult
    func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }

    var value: Int { lock.withLock { count } }
}

/// A thread-safe log of events, in order.
final class EventLog: @unchecked Sendable {  // `lock` guards `events`.
    private let lock = Lock()
    private var events: [String] = []

    func append(_ event: String) {
        lock.withLock { events.append(event) }
    }

    var all: [String] { lock.withLock { events } }
}

protocol APIClient: AnyObject {
    var baseURL: String { get }
}

final class LiveAPIClient: APIClient {
    let baseURL: String
    init(baseURL: String = "https://example.com") { self.baseURL = baseURL }
}

final class MockAPIClient: APIClient {
    let baseURL = "mock://"
}

protocol Storage: AnyObject {
    var client: APIClient { get }
}

final class DiskStorage: Storage {
    let client: APIClient
    init(client: APIClient) { self.client = client }
}

/// A service that records when it is disposed.
final class Resource: Disposable {
    let name: String
    let log: EventLog
    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }
    func dispose() { log.append("dispose \(name)") }
}

final class Plain: Sendable {}

struct Game: Equatable {
    let title: String
}
