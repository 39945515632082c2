import Foundation
import Keystone
import Testing

/// Code that is not on the main actor, reaching main-actor services: with `await`, or with a
/// clear error where a synchronous resolve would run main-actor code on another thread.
@Suite struct ElsewhereTests {
    @Test func aNonisolatedCallerGetsTheViewModelWithAwait() async throws {
        let container = makeContainer()

        let model: NotesViewModel = try await container.resolveAsync()
        await model.load()

        #expect(await model.titles == ["Groceries", "Ideas"])
        let onMain = await MainActor.run { container.resolve(NotesViewModel.self) }
        #expect(model === onMain)
    }

    @Test func aSynchronousResolveOffTheMainThreadFailsWithTheFix() async throws {
        let container = makeContainer()

        let error = try await Task.detached {
            #expect(!Thread.isMainThread)
            return try #require(throws: ResolutionError.self) { try container.tryResolve(NotesViewModel.self) }
        }.value

        #expect(error.kind == .mainActorOnly)
        #expect(error.path == ["NotesViewModel"])
        #expect(error.registeredAt?.hasPrefix("MainActorTests/Fixtures.swift:") == true)
        #expect(error.description.contains("registerMainActor"))
        #expect(error.description.contains("resolveAsync"))
    }

    @Test func itFailsEvenWhenTheInstanceIsBuiltAlready() async throws {
        let container = makeContainer()
        let built = await MainActor.run { container.resolve(NotesViewModel.self) }

        let error = try await Task.detached {
            try #require(throws: ResolutionError.self) { try container.tryResolve(NotesViewModel.self) }
        }.value

        // The same answer whether or not the singleton exists: a test cannot pass by order.
        #expect(error.kind == .mainActorOnly)
        #expect(try await container.resolveAsync(NotesViewModel.self) === built)
    }

    @Test func aSynchronousFactoryThatNeedsItFailsWithThePath() async throws {
        let container = makeContainer()
        container.register(scope: .transient) { r in Coordinator(model: try r.resolve()) }

        let error = try await Task.detached {
            try #require(throws: ResolutionError.self) { try container.tryResolve(Coordinator.self) }
        }.value

        #expect(error.kind == .mainActorOnly)
        #expect(error.path == ["Coordinator", "NotesViewModel"])
    }

    @Test func resolveAsyncRunsSuchAFactoryOnTheMainActor() async throws {
        let container = makeContainer()
        container.register(scope: .transient) { r in Coordinator(model: try r.resolve()) }

        let coordinator: Coordinator = try await container.resolveAsync()

        #expect(try await coordinator.model === container.resolveAsync(NotesViewModel.self))
    }

    @Test func anAsyncFactoryAwaitsAMainActorDependency() async throws {
        let container = makeContainer()
        container.register(scope: .transient) { r in await Screen(model: try await r.resolve()) }

        let screen: Screen = try await container.resolveAsync()

        #expect(try await screen.model === container.resolveAsync(NotesViewModel.self))
    }

    @Test func aHundredConcurrentResolvesBuildOneViewModel() async throws {
        let tally = Tally()
        let container = makeContainer(tally: tally)

        let models = try await withThrowingTaskGroup(of: NotesViewModel.self) { group in
            for _ in 0..<100 {
                group.addTask { try await container.resolveAsync(NotesViewModel.self) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(models.count == 100)
        #expect(models.allSatisfy { $0 === models[0] })
        #expect(await tally.count == 1)
    }

    @Test func aBoundTypeIsMainActorToo() async throws {
        let container = makeContainer()
        container.registerMainActor(scope: .singleton) { r in NotesViewModel(store: try r.resolve()) }
            .bind((any NotesPresenting).self)

        let error = try await Task.detached {
            try #require(throws: ResolutionError.self) { try container.tryResolve((any NotesPresenting).self) }
        }.value
        let presenter: any NotesPresenting = try await container.resolveAsync()

        #expect(error.kind == .mainActorOnly)
        #expect(try await presenter === container.resolveAsync(NotesViewModel.self))
    }

    @Test func verifyOffTheMainActorListsWhatItCouldNotBuild() async throws {
        let container = makeContainer()
        container.register(scope: .transient) { r in Coordinator(model: try r.resolve()) }

        let report = await Task.detached { container.verify() }.value

        #expect(report.problems.isEmpty)
        let reasons = Dictionary(uniqueKeysWithValues: report.unchecked.map { ($0.registration, $0.reason) })
        #expect(reasons["`NotesViewModel`"]?.contains("is a main-actor registration") == true)
        #expect(reasons["`Coordinator`"]?.contains("depends on the main-actor registration `NotesViewModel`") == true)
        #expect(reasons["`NoteStore`"] == nil)
    }

    @Test func disposingFromAnotherThreadRunsTheHooksThere() async throws {
        let container = makeContainer()
        let disposed = DisposedCount()
        container.registerMainActor(scope: .singleton) { r in NotesViewModel(store: try r.resolve()) }
            .onDispose { _ in disposed.add() }
        _ = try await container.resolveAsync(NotesViewModel.self)

        await Task.detached { container.dispose() }.value

        #expect(disposed.value == 1)
    }
}

/// Counts `onDispose` calls from any thread.
final class DisposedCount: Sendable {
    private let count = LockedCount()
    func add() { count.add() }
    var value: Int { count.value }
}

/// `@unchecked Sendable`: `lock` guards `count`.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// What a logger hears of awaited resolves that go to the main actor.
@Suite struct ElsewhereLoggingTests {
    @Test func aResolveSentToTheMainActorReportsItsBuildsAndNoFailure() async throws {
        let container = makeContainer()
        container.register(scope: .transient) { r in Coordinator(model: try r.resolve()) }
        let heard = HeardEvents()
        container.logger = heard

        _ = try await container.resolveAsync(Coordinator.self)

        // The synchronous try off the main actor, which failed there, is not a failure of the
        // resolve: it was tried again on the main actor, where it built.
        #expect(heard.kinds.filter { $0 == .failed }.isEmpty, "\(heard.kinds)")
        #expect(heard.kinds.contains(.built))
    }
}

/// A logger that keeps the kinds of the events it is told of.
///
/// `@unchecked Sendable`: `events` is read and written only under `lock`.
final class HeardEvents: ContainerLogger, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ContainerEvent.Kind] = []

    func log(_ event: ContainerEvent) { lock.withLock { events.append(event.kind) } }

    var kinds: [ContainerEvent.Kind] { lock.withLock { events } }
}
