import Foundation
import Testing

@testable import Keystone

/// A built main-actor instance is published for the main thread only: the main thread reads it
/// without a lock or a resolution, another thread never gets it from the lock-free read, and
/// its tagged word is withdrawn and released like any other.
@MainActor
@Suite struct PublishedInstanceTests {
    private nonisolated static let key = RegistryKey(NotesViewModel.self, name: nil, arguments: Void.self)

    @Test func theMainThreadReadsTheBuiltInstanceLockFree() throws {
        let container = makeContainer()
        let model: NotesViewModel = container.resolve()

        let box = try #require(container.registry.publishedInstance(for: Self.key).box)

        #expect(InstanceBox<NotesViewModel>.copy(box) === model)
        #expect(container.resolve(NotesViewModel.self) === model)
    }

    @Test func anotherThreadFindsNothingPublished() async {
        let container = makeContainer()
        _ = container.resolve(NotesViewModel.self)

        let published = await Task.detached {
            container.registry.publishedInstance(for: Self.key).box != nil
        }.value

        #expect(!published)
    }

    @Test func resetAndReleaseEndTheTaggedInstance() throws {
        weak var reset: NotesViewModel?
        weak var released: NotesViewModel?
        do {
            let container = makeContainer()
            reset = container.resolve(NotesViewModel.self)
            container.reset(.singleton)
            #expect(container.registry.publishedInstance(for: Self.key).box == nil)
            released = container.resolve(NotesViewModel.self)
            #expect(released != nil)
        }
        #expect(reset == nil)
        #expect(released == nil)
    }
}
