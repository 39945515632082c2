import Keystone
import Testing

/// A screen that gets its view model from `Container.shared`, as UI code does.
@MainActor
final class NotesScreen {
    @Injected var model: NotesViewModel
}

/// What a test checks a converter with: built from main-actor state.
struct Headline: Sendable, Equatable {
    let text: String
}

/// Main-actor code using main-actor services: no `await`, no `assumeIsolated`, no
/// `@preconcurrency`. The target builds with every warning an error.
@MainActor
@Suite struct MainActorServiceTests {
    @Test func aViewModelIsRegisteredAndResolvedSynchronously() {
        let tally = Tally()
        let container = makeContainer(tally: tally)

        let model: NotesViewModel = container.resolve()
        model.load()

        #expect(model.titles == ["Groceries", "Ideas"])
        #expect(container.resolve(NotesViewModel.self) === model)
        #expect(tally.count == 1)
    }

    @Test func eachScopeKeepsItsPromise() {
        let tally = Tally()
        let container = makeContainer(scope: .transient, tally: tally)

        let first: NotesViewModel = container.resolve()
        let second: NotesViewModel = container.resolve()

        #expect(first !== second)
        #expect(tally.count == 2)
    }

    @Test func thenHooksRunOnTheMainActor() {
        let container = makeContainer()
        container.registerMainActor(scope: .singleton) { r in NotesViewModel(store: try r.resolve()) }
            .then { r, model in
                model.router = try r.resolve()
                model.load()
            }

        let model: NotesViewModel = container.resolve()
        model.open(1)

        #expect(container.resolve(Router.self).shown == ["Ideas"])
    }

    @Test func bindConvertsOnTheMainActor() throws {
        let container = makeContainer()
        container.registerMainActor(scope: .singleton) { r in NotesViewModel(store: try r.resolve()) }
            .bind((any NotesPresenting).self)
            .bind(Headline.self) { model in
                model.load()
                return Headline(text: model.titles[0])
            }

        let presenter: any NotesPresenting = container.resolve()
        let headline: Headline = container.resolve()

        #expect(presenter === container.resolve(NotesViewModel.self))
        #expect(headline == Headline(text: "Groceries"))
        #expect(presenter.titles == ["Groceries", "Ideas"])
    }

    @Test func argumentsAndNamesWorkAsForAnyRegistration() {
        let container = makeContainer()
        container.registerMainActor(name: "detail", scope: .transient) { r, title in
            DetailViewModel(title: title, store: try r.resolve())
        }

        let detail: DetailViewModel = container.resolve(name: "detail", arguments: "Ideas")

        #expect(detail.title == "Ideas")
        #expect(detail.store.titles() == ["Groceries", "Ideas"])
    }

    @Test func aMainActorFactoryResolvesOtherMainActorServices() {
        let container = makeContainer()
        container.registerMainActor(name: "routed", scope: .transient) { r in
            let model = NotesViewModel(store: try r.resolve())
            model.router = try r.resolve()
            return model
        }

        let model: NotesViewModel = container.resolve(name: "routed")

        #expect(model.router === container.resolve(Router.self))
    }

    @Test func propertyWrappersInjectIntoMainActorTypes() {
        let container = makeContainer()

        let screen = Container.withShared(container) { NotesScreen() }

        #expect(screen.model === container.resolve(NotesViewModel.self))
    }

    @Test func overridesReplaceAMainActorRegistrationForOneOperation() {
        let container = makeContainer()

        let titles = container.withOverrides { copy in
            copy.registerMainActor(scope: .singleton) { _ in
                NotesViewModel(store: MemoryStore(notes: ["Fake"]))
            }
        } operation: { copy in
            let model: NotesViewModel = copy.resolve()
            model.load()
            return model.titles
        }
        let model: NotesViewModel = container.resolve()
        model.load()

        #expect(titles == ["Fake"])
        #expect(model.titles == ["Groceries", "Ideas"])
    }

    @Test func resetDisposesAndTheNextResolveBuildsAnew() {
        let tally = Tally()
        let container = makeContainer(tally: tally)
        let first: NotesViewModel = container.resolve()

        container.reset(.singleton)
        let second: NotesViewModel = container.resolve()

        #expect(first !== second)
        #expect(tally.count == 2)
    }

    @Test func verifyOnTheMainActorBuildsMainActorRegistrations() {
        let container = makeContainer()
        container.registerMainActor(name: "broken") { r in
            NotesViewModel(store: try r.resolve(NoteStore.self, name: "missing"))
        }

        let report = container.verify()

        #expect(report.unchecked.isEmpty)
        #expect(report.problems.map(\.kind) == [.missingDependency])
        #expect(report.problems.first?.path == ["NotesViewModel(\"broken\")", "NoteStore(\"missing\")"])
    }

    @Test func theGraphMarksMainActorRegistrations() throws {
        let graph = makeContainer().verify().graph

        let model = try #require(graph.nodes.first { $0.service == "NotesViewModel" })
        let store = try #require(graph.nodes.first { $0.service == "NoteStore" })
        #expect(model.isMainActor && !model.isAsync)
        #expect(!store.isMainActor)
        #expect(graph.dot.contains("NotesViewModel\\n.singleton · main actor\""))
    }

    @Test func aStandInIsBuiltOnTheMainActor() {
        let container = Container()
        container.registerMainActor(scope: .singleton) { _ -> NotesViewModel in
            throw CameraUnavailable()
        }
        .verify(because: "needs the camera") { _ in NotesViewModel(store: MemoryStore(notes: [])) }

        let report = container.verify()

        #expect(report.isValid)
        #expect(report.unchecked.map(\.registration) == ["`NotesViewModel`"])
    }
}

struct CameraUnavailable: Error {}
