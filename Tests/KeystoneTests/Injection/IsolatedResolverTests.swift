import Testing

@testable import Keystone

@Suite("Isolated resolver")
struct IsolatedResolverTests {
    @Test func runsTheActionWithTheServiceAndReturnsItsResult() throws {
        let container = Container()
        container.register(APIClient.self, scope: .transient) { _ in LiveAPIClient(baseURL: "https://b.example") }
        let isolated = IsolatedResolver(LazyResolver(APIClient.self, from: container))

        let url = try isolated.resolve { client in client.baseURL }

        #expect(url == "https://b.example")
    }

    @Test func disposesWhenTheActionEnds() throws {
        let container = Container()
        container.register(scope: .transient) { _ in Plain() }
        let isolated = IsolatedResolver(LazyResolver(Plain.self, from: container))
        weak var seen: Plain?

        try isolated.resolve { plain in
            seen = plain
            #expect(isolated.lazyResolver.object === plain)
        }

        #expect(isolated.lazyResolver.object == nil)
        #expect(seen == nil)
    }

    @Test func disposesWhenTheActionThrowsAndRethrows() {
        let container = Container()
        container.register(scope: .transient) { _ in Plain() }
        let isolated = IsolatedResolver(LazyResolver(Plain.self, from: container))

        #expect(throws: ActionFailed.self) {
            try isolated.resolve { _ in throw ActionFailed() }
        }

        #expect(isolated.lazyResolver.object == nil)
    }

    @Test func aServiceThatCannotBeResolvedSkipsTheAction() {
        let isolated = IsolatedResolver(LazyResolver(Plain.self, from: Container()))
        let ran = Counter()

        let error = #expect(throws: ResolutionError.self) {
            try isolated.resolve { _ in ran.increment() }
        }

        #expect(error?.kind == .notRegistered)
        #expect(ran.value == 0)
    }

    @Test func theAsyncVariantAwaitsTheActionAndThenDisposes() async throws {
        let container = Container()
        container.register(scope: .transient) { _ in Plain() }
        let isolated = IsolatedResolver(LazyResolver(Plain.self, from: container))

        let held = try await isolated.resolve { plain in
            await Task.yield()
            return isolated.lazyResolver.object === plain
        }

        #expect(held)
        #expect(isolated.lazyResolver.object == nil)
    }

    @Test func theAsyncVariantDisposesWhenTheActionThrows() async {
        let container = Container()
        container.register(scope: .transient) { _ in Plain() }
        let isolated = IsolatedResolver(LazyResolver(Plain.self, from: container))

        await #expect(throws: ActionFailed.self) {
            try await isolated.resolve { _ in
                await Task.yield()
                throw ActionFailed()
            }
        }

        #expect(isolated.lazyResolver.object == nil)
    }
}

private struct ActionFailed: Error {}
