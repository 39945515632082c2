// The composition root: the one place that knows how the app is put together.
import Keystone

protocol EventLog: Sendable {
    func write(_ line: String)
}

final class ConsoleEventLog: EventLog {
    func write(_ line: String) { _ = line }
}

final class RemoteEventLog: EventLog {
    init(endpoint: String) {}
    func write(_ line: String) { _ = line }
}

final class Analytics: Sendable {
    init(log: any EventLog) {}
    func connect(_ trail: AuditTrail) { trail.record("analytics connected") }
}

func makeAppContainer() throws -> Container {
    let container = Container()
    try container.load(storageModule, exportModule)
    registerSync(in: container)
    registerEditing(in: container)
    registerExport(in: container)
    Billing.register(in: container)
    registerRepositories(in: container)
    registerScreens(in: container)
    #if DEBUG
        container.register(EventLog.self, scope: .singleton) { _ in ConsoleEventLog() }
    #else
        container.register(EventLog.self, scope: .singleton) { _ in RemoteEventLog(endpoint: "https://log.example.com") }
    #endif
    container.register(scope: .singleton) { r in try Analytics(log: r.resolve()) }
        .then { r, analytics in analytics.connect(try r.resolve(name: .audit)) }
    return container
}

/// The editor window formats without Markdown: a child container overrides the style, and
/// registers its own formatter so that the formatter sees the override.
func makeEditorContainer(parent: Container) -> Container {
    let editors = Container(parent: parent)
    editors.register(scope: .singleton) { _ in FormatStyle(markdown: false) }
    editors.register(scope: .singleton) { r in try NoteFormatter(style: r.resolve()) }
    return editors
}
