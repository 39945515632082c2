import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Keystone
import ServiceLifecycle

@testable import NotesServer

/// Runs the app on 127.0.0.1, on a port the system picks, for the length of `body`; then shuts it
/// down gracefully (in-flight requests finish first).
///
/// - Parameters:
///   - container: The root container to build the app from.
///   - body: Receives the port.
func withLiveServer<Value: Sendable>(
    container: Container,
    _ body: @Sendable (Int) async throws -> Value
) async throws -> Value {
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let app = try buildApplication(container: container) { port in
        portContinuation.yield(port)
        portContinuation.finish()
    }
    let serviceGroup = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            defer { portContinuation.finish() }  // so that a server that fails to start ends the wait below
            try await serviceGroup.run()
        }
        defer { group.cancelAll() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw LiveServerError.didNotStart }
        do {
            let value = try await body(port)
            await serviceGroup.triggerGracefulShutdown()
            try await group.waitForAll()
            return value
        } catch {
            await serviceGroup.triggerGracefulShutdown()
            throw error
        }
    }
}

/// Why ``withLiveServer(container:_:)`` could not run its body.
enum LiveServerError: Error {
    case didNotStart
}

/// A configuration for tests: loopback, and port 0 so that the system picks a free port.
let testConfiguration = NotesConfiguration(host: "127.0.0.1", port: 0, maxNoteLength: 20)

/// One HTTP/1.1 connection to the server at 127.0.0.1:`port`, for the length of `body`.
func withClient<Value: Sendable>(
    port: Int,
    _ body: @escaping @Sendable (TestClient) async throws -> Value
) async throws -> Value {
    try await TestClient.withClient(
        host: "127.0.0.1",
        port: port,
        configuration: .init(timeout: .seconds(10)),
        operation: body
    )
}

extension TestClient {
    /// Sends `POST /notes` with `text` as its JSON body.
    func postNote(_ text: String) async throws -> TestClient.Response {
        let json = try JSONEncoder().encode(["text": text])
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return try await execute(
            TestClient.Request(
                "/notes",
                method: .post,
                authority: "127.0.0.1",
                headers: headers,
                body: ByteBuffer(bytes: json)
            )
        )
    }

    /// Sends `GET` for `path`.
    func get(path: String) async throws -> TestClient.Response {
        try await execute(TestClient.Request(path, method: .get, authority: "127.0.0.1"))
    }
}

extension TestClient.Response {
    /// The `X-Request-ID` header.
    var requestID: String? { headers[.requestID] }

    /// The body decoded from JSON.
    func decode<Value: Decodable>(_ type: Value.Type = Value.self) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data((body ?? ByteBuffer()).readableBytesView))
    }
}
