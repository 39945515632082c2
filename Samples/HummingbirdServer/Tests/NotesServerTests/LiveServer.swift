import Foundation
import HTTPTypes
import Hummingbird
import Keystone
import ServiceLifecycle

@testable import NotesServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs the app on 127.0.0.1, on a port the system picks, for the length of `body`; then shuts it
/// down gracefully (in-flight requests finish first).
///
/// - Parameters:
///   - container: The app's container to build the app from.
///   - body: Receives the port.
func withLiveServer<Value: Sendable>(
    container: Container,
    _ body: @Sendable (Int) async throws -> Value
) async throws -> Value {
    try await withLiveApplication({ try buildApplication(container: container, onServerRunning: $0) }, body)
}

/// Runs the application that `build` makes for the length of `body`, as
/// ``withLiveServer(container:_:)`` runs the app.
///
/// - Parameters:
///   - build: Makes the application; it must listen on 127.0.0.1, port 0, and call the closure
///     it is given with the port once it listens.
///   - body: Receives the port.
func withLiveApplication<App: ApplicationProtocol, Value: Sendable>(
    _ build: (@escaping @Sendable (Int) async -> Void) throws -> App,
    _ body: @Sendable (Int) async throws -> Value
) async throws -> Value {
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let app = try build { port in
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

/// Why ``withLiveApplication(_:_:)`` could not run its body.
enum LiveServerError: Error {
    case didNotStart
}

/// A configuration for tests: loopback, and port 0 so that the system picks a free port.
let testConfiguration = NotesConfiguration(host: "127.0.0.1", port: 0, maxNoteLength: 20)

/// A client of the server at 127.0.0.1:`port`, for the length of `body`.
///
/// The tests speak HTTP/1.1 to the server through Foundation's `URLSession`, which every
/// toolchain ships, rather than through HummingbirdTesting, whose client brings AsyncHTTPClient,
/// SwiftNIO SSL and BoringSSL into the sample's build only to send plain-text requests.
func withClient<Value: Sendable>(
    port: Int,
    _ body: @Sendable (TestClient) async throws -> Value
) async throws -> Value {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 10
    // Requests that a test holds inside the server all at once each need a connection of their own.
    configuration.httpMaximumConnectionsPerHost = 64
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    return try await body(TestClient(port: port, session: session))
}

/// Sends requests to the server at 127.0.0.1:`port` and reads back what the tests check.
struct TestClient: Sendable {
    let port: Int
    let session: URLSession

    /// Sends `POST /notes` with `text` as its JSON body.
    func postNote(_ text: String) async throws -> TestResponse {
        var request = URLRequest(url: url(path: "/notes"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(["text": text])
        return try await send(request)
    }

    /// Sends `GET` for `path`.
    func get(path: String) async throws -> TestResponse {
        try await send(URLRequest(url: url(path: path)))
    }

    private func url(path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    private func send(_ request: URLRequest) async throws -> TestResponse {
        let (body, response) = try await session.data(for: request)
        guard let response = response as? HTTPURLResponse else {
            throw TestClientError.notHTTP(request.url?.absoluteString ?? "")
        }
        return TestResponse(
            status: HTTPResponse.Status(code: response.statusCode),
            requestID: response.value(forHTTPHeaderField: HTTPField.Name.requestID.rawName),
            body: body
        )
    }
}

/// What the server answered to one request.
struct TestResponse: Sendable {
    /// The status code.
    let status: HTTPResponse.Status
    /// The `X-Request-ID` header.
    let requestID: String?
    /// The body as sent.
    let body: Data

    /// The body decoded from JSON.
    func decode<Value: Decodable>(_ type: Value.Type = Value.self) throws -> Value {
        try JSONDecoder().decode(Value.self, from: body)
    }
}

/// Why a ``TestClient`` request has no response to read.
enum TestClientError: Error {
    /// The answer to the request at this URL was not an HTTP response.
    case notHTTP(String)
}
