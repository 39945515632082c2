import Keystone

let container = try makeAppContainer()
let editors = makeEditorContainer(parent: container)
let preview = makePreviewContainer()

let list: NoteListViewModel = container.resolve()
list.reload()
let queue: SyncQueue = try await container.resolveAsync()
_ = await queue.pending()

// Verification builds `NoteEditor` with a sample note id.
var samples = VerificationSamples()
samples.add(NoteEditor.self, arguments: 7)

let reports = Container.withShared(container) {
    let settings: SettingsScreen = container.resolve()
    settings.audit.record("settings opened with \(settings.store.titles().count) notes")
    return [container.verify(samples: samples), editors.verify(), preview.verify()]
}
for report in reports where !report.isValid {
    print(report)
}
print(reports.allSatisfy(\.isValid))
