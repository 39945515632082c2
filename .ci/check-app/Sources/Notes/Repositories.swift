// The article library: one repository per kind of record, registered by one generic helper.
import Keystone

protocol Entity: Sendable {
    static var table: String { get }
}

struct Article: Entity {
    static let table = "articles"
}

struct Tag: Entity {
    static let table = "tags"
}

final class Database: Sendable {
    init(path: String) {}
}

final class Repository<E: Entity>: Sendable {
    init(database: Database) {}
}

final class Library: Sendable {
    init(articles: Repository<Article>, tags: Repository<Tag>) {}
}

func registerRepository<E: Entity>(_: E.Type, in c: Container) {
    c.register(Repository<E>.self, scope: .singleton) { r in try Repository<E>(database: r.resolve()) }
}

func registerRepositories(in container: Container) {
    container.register(scope: .singleton) { _ in Database(path: "library.sqlite") }
    registerRepository(Article.self, in: container)
    registerRepository(Tag.self, in: container)
    container.register { r in try Library(articles: r.resolve(), tags: r.resolve()) }
}
