// The container that previews use: canned data, nothing kept between previews.
import Keystone

func makePreviewContainer() -> Container {
    let preview = Container()
    preview.register(NoteStore.self, scope: .transient) { _ in InMemoryNoteStore(notes: ["Preview note"]) }
    preview.register(Clock.self, scope: .transient) { _ in FixedClock() }
    preview.register(name: .audit, scope: .transient) { _ in AuditTrail(label: "preview") }
    preview.register(scope: .transient) { r in
        try NoteService(store: r.resolve(), audit: r.resolve(name: .audit), clock: r.resolve())
    }
    preview.registerMainActor(scope: .transient) { r in NoteListViewModel(service: try r.resolve()) }
    return preview
}
