import Hummingbird

/// Starts the notes server: `swift run notes-server`, then `curl http://127.0.0.1:8080/audit`.
///
/// Set `PORT` to listen on another port. Stop it with Ctrl-C.
@main
struct NotesServer {
    static func main() async throws {
        var configuration = NotesConfiguration()
        if let port = Environment().get("PORT").flatMap(Int.init) {
            configuration.port = port
        }
        let container = makeAppContainer(configuration: configuration)
        let app = try buildApplication(container: container)
        try await app.runService()
        container.dispose()  // the app-wide singletons, once the server has stopped
    }
}
