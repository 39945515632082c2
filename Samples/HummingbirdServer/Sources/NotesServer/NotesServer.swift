import Foundation
import Hummingbird

/// Starts the notes server: `swift run notes-server`, then `curl http://127.0.0.1:8080/audit`.
///
/// It listens on 127.0.0.1. Set `PORT` to listen on another port; `PORT=0` lets the system pick a
/// free one. Once it listens it writes `notes-server listening on http://127.0.0.1:<port>` to
/// standard output, which is how `notes-load-check` learns the port. Stop it with Ctrl-C or
/// SIGTERM: requests in flight finish first.
@main
struct NotesServer {
    static func main() async throws {
        var configuration = NotesConfiguration()
        if let port = Environment().get("PORT").flatMap(Int.init) {
            configuration.port = port
        }
        let host = configuration.host
        let container = makeAppContainer(configuration: configuration)
        let app = try buildApplication(container: container) { port in
            // Written at once, not buffered: whoever started the server may be waiting for it.
            FileHandle.standardOutput.write(Data("notes-server listening on http://\(host):\(port)\n".utf8))
        }
        try await app.runService()
        container.dispose()  // the app-wide singletons, once the server has stopped
    }
}
