// The Keystone example: a note keeper's composition root, run through a day in its life.
// Every line that starts with "+" is an object the container built; "-" is one it let go.
import Keystone

let container = makeContainer()

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

Console.say("1. Alice logs in and writes two notes (one resolution each: one trace per operation)")
container.resolve(LoginForm.self).user = "alice"
let service: NoteService = container.resolve()
_ = service.add("Buy milk")
_ = container.resolve(NoteService.self).add("Call Bob")
Console.say(
    "   same session object for both operations: \(container.resolve(NoteService.self).session === service.session)")

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

Console.say("5. A dry run in a child container: its own offline sync, the parent's store")
// A registration resolves its dependencies from the container it is registered in, so the
// child registers the service that should see its override; the parent never changes.
let dryRun = Container(parent: container)
dryRun.register(SyncClient.self, scope: .singleton) { _ in OfflineSyncClient() }
dryRun.register(factory: makeNoteService)
_ = dryRun.resolve(NoteService.self).add("Draft (dry run)")
Console.say("   the parent still syncs over HTTP: \(container.resolve(SyncClient.self) is HTTPSyncClient)")
dryRun.dispose()

Console.say("6. Alice logs out: the session scope is reset, Bob logs in")
container.reset(.session)
container.resolve(LoginForm.self).user = "bob"
_ = container.resolve(NoteService.self).add("Water the plants")

Console.say("7. The app quits: the container disposes what it holds, newest first")
container.dispose()
do {
    _ = try container.tryResolve(NoteService.self)
} catch {
    Console.say("   resolving now fails: \(error.kind)")
}
