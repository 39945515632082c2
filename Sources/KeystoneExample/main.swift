// The Keystone example: a note keeper's composition root, run through a day in its life.
// Every line that starts with "+" is an object the container built; "-" is one it let go.
import Keystone

let container = try makeContainer()

// Check the whole graph before running anything: every registration is built once, in a
// throw-away copy, and every problem is reported. `--graph` also writes the picture.
var samples = VerificationSamples()
samples.add(NoteEditor.self, arguments: 1, false)
let report = Console.muted { container.verify(samples: samples) }
Console.say("0. \(report.description.split(separator: "\n")[0])")
if CommandLine.arguments.contains("--graph") {
    writeGraph(report, to: CommandLine.arguments.drop { $0 != "--graph" }.dropFirst().first ?? ".")
}
try report.requireValid()

Console.say("1. Alice logs in and writes three notes (one resolution each: one trace per operation)")
container.resolve(LoginForm.self).user = "alice"
let service: NoteService = container.resolve()
let note1 = service.add("Buy milk")
_ = container.resolve(NoteService.self).add("Call Bob")
_ = container.resolve(NoteService.self).add("Call the dentist")
Console.say(
    "   same session object for every operation: \(container.resolve(NoteService.self).session === service.session)")

Console.say("2. An editor per note, built with runtime arguments (note id, read-only flag)")
let editor: NoteEditor = container.resolve(arguments: 2, true)
Console.say("   editing \"\(editor.note.text)\", read-only: \(editor.readOnly)")

Console.say("3. The note list screen is shared while it is on screen (.weak)")
var screen: NoteListScreen? = container.resolve()
let again: NoteListScreen = container.resolve()
Console.say("   same screen while held: \(screen === again)")
screen = nil

Console.say("4. A failure explains itself (a note that does not exist)")
do {
    let _: NoteEditor = try container.tryResolve(arguments: 99, false)
} catch {
    Console.say("   \(error.kind): \(error)")
}
do {
    let _: NoteEditor = try container.tryResolve(arguments: 1)
} catch {
    Console.say("   \(error.kind): \(error)")
}

Console.say("5. The status bar is made by the UI, not the container: property wrappers inject it")
// The wrappers resolve from `Container.shared`; binding it to this container for the block
// keeps the process-wide one untouched.
try Container.withShared(container) {
    let statusBar = StatusBar()
    Console.say("   status: \(statusBar.text)")
    Console.say("   backup service resolved before first use: \(statusBar.$backup.object != nil)")

    Console.say("6. \"Back up now\": every exporter of the collection, over a connection opened lazily")
    Console.say("   connection open before: \(statusBar.backup.isConnected)")
    try statusBar.backUpNow()
    Console.say("   connection open after: \(statusBar.backup.isConnected)")
}

Console.say("7. Moving notes between notebooks, each batch in its own transaction")
let organizer: NotebookOrganizer = container.resolve()
try organizer.move([1, 2], to: "Errands")
do {
    try organizer.move([3, 42], to: "Archive")
} catch {
    Console.say("   the second batch failed (\(error)); its transaction was still closed")
}
let notebooks = container.resolve(NoteStore.self).all.map { "\($0.id): \($0.notebook)" }
Console.say("   notebooks now: \(notebooks.joined(separator: ", "))")

Console.say("8. Search, whose initialiser the container calls with every parameter resolved")
let search: NoteSearch = container.resolve()
Console.say("   \"call\" finds notes \(search.find("call").map(\.id))")

Console.say("9. The sync queue is opened asynchronously (an async factory, resolveAsync)")
let queue: SyncQueue = try await container.resolveAsync()
queue.enqueue(note1)
Console.say("   the same queue next time: \(try await container.resolveAsync(SyncQueue.self) === queue)")

Console.say("10. The note list's view model lives on the main actor (registerMainActor)")
// Top-level code runs on the main actor: the model is resolved and used with no `await`.
let listModel: NoteListViewModel = container.resolve()
listModel.refresh()
Console.say("   rows: \(listModel.rows.joined(separator: ", "))")
// Code elsewhere gets the same model with `await`; a synchronous resolve there is an error.
let fromBackground = try await Task.detached { try await container.resolveAsync(NoteListViewModel.self) }.value
Console.say("   a background task awaits the same model: \(fromBackground === listModel)")

Console.say("11. A dry run of the whole app with overrides: its own database, offline sync")
// The copy has every registration and none of the instances: what it builds is new, sees the
// overrides however deep they are needed, and is disposed when the block ends.
container.withOverrides { overrides in
    overrides.register(scope: .singleton) { _ in AppConfig(databaseName: "dry-run.db", syncEndpoint: "none") }
    overrides.register(SyncClient.self, scope: .singleton) { _ in OfflineSyncClient() }
} operation: { dryRun in
    dryRun.resolve(LoginForm.self).user = "alice"
    _ = dryRun.resolve(NoteService.self).add("Draft (dry run)")
}
Console.say("   the real store still has \(container.resolve(NoteStore.self).count) notes")
Console.say("   and still syncs over HTTP: \(container.resolve(SyncClient.self) is HTTPSyncClient)")

Console.say("12. The import window gets a child container: its own audit trail, the parent's store")
// A registration resolves its dependencies from the container it is registered in, so the
// child registers the service that should see its override; the parent never changes.
let importWindow = Container(parent: container)
importWindow.register(name: .audit, scope: .singleton) { _ in AuditTrail(label: "import") }
importWindow.register(factory: makeNoteService)
_ = importWindow.resolve(NoteService.self).add("Imported: recipes")
importWindow.dispose()

Console.say("13. Alice logs out: the session scope is reset, Bob logs in")
container.reset(.session)
container.resolve(LoginForm.self).user = "bob"
_ = container.resolve(NoteService.self).add("Water the plants")

Console.say("14. The app quits: the container disposes what it holds, newest first")
container.dispose()
do {
    _ = try container.tryResolve(NoteService.self)
} catch {
    Console.say("   resolving now fails: \(error.kind)")
}
