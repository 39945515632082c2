// `autoregister`: every initialiser parameter is a dependency. One is missing.
import Keystone

enum Autoregistered {
    final class Database: Sendable {}
    final class Mailer: Sendable {}
    final class Game: Sendable {}
    final class Search: Sendable { init(database: Database) {} }
    final class Signup: Sendable { init(database: Database, mailer: Mailer) {} }
    final class Detail: Sendable { init(game: Game, database: Database) {} }

    static func makeContainer() -> Container {
        let container = Container()
        container.register(scope: .singleton) { _ in Database() }
        container.autoregister(Search.init)
        container.autoregister(Signup.init)
        container.autoregister(Detail.init, argument: Game.self)
        return container
    }
}
