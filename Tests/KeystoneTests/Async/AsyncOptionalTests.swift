import Testing

@testable import Keystone

/// The optional flavour of an awaited resolve, as `resolveOptional` for a synchronous one:
/// nil only when the requested service itself is not registered.
@Suite("Awaited optional resolves", .timeLimit(.minutes(1)))
struct AsyncOptionalTests {
    @Test("Nil when the service is not registered, from a container and from a resolver")
    func missing() async throws {
        let container = Container()
        container.register(scope: .transient) { r in
            let leaf: AsyncLeaf? = try await r.resolveOptional()
            #expect(leaf == nil)
            return try await AsyncLeft(leaf: r.resolveOptional(AsyncLeaf.self, name: "other") ?? AsyncLeaf())
        }
        #expect(try await container.resolveOptionalAsync(AsyncLeaf.self) == nil)
        _ = try await container.resolveAsync(AsyncLeft.self)
    }

    @Test("The instance when it is registered, synchronous or async, named or with arguments")
    func registered() async throws {
        let container = Container()
        container.register(AsyncLeaf.self, scope: .singleton) { _ in AsyncLeaf() }
        container.register(AsyncLeft.self, name: "async") { r in
            await Task.yield()
            return try await AsyncLeft(leaf: r.resolve())
        }
        container.register(AsyncLabel.self) { (_, label: String) in
            await Task.yield()
            return AsyncLabel(label: label)
        }
        let leaf = try #require(try await container.resolveOptionalAsync(AsyncLeaf.self))
        let left = try #require(try await container.resolveOptionalAsync(AsyncLeft.self, name: "async"))
        #expect(left.leaf === leaf)
        #expect(try await container.resolveOptionalAsync(AsyncLeft.self) == nil)
        #expect(try await container.resolveOptionalAsync(AsyncLabel.self, arguments: "x")?.label == "x")
        #expect(try await container.resolveOptionalAsync(AsyncLabel.self, arguments: 1) == nil)
    }

    @Test("A missing dependency is thrown with its path, not taken for an absent service")
    func brokenGraph() async throws {
        let container = Container()
        // An async registration that needs a missing one, and a synchronous one that does.
        container.register(AsyncLeft.self) { r in
            await Task.yield()
            return try await AsyncLeft(leaf: r.resolve())
        }
        container.register(AsyncRight.self) { r in try AsyncRight(leaf: r.resolve()) }
        container.register(scope: .transient) { r in
            try await AsyncTop(left: r.resolveOptional() ?? AsyncLeft(leaf: AsyncLeaf()), right: r.resolve())
        }
        let left = await #expect(throws: ResolutionError.self) {
            try await container.resolveOptionalAsync(AsyncLeft.self)
        }
        #expect(left?.path == ["AsyncLeft", "AsyncLeaf"])
        let right = await #expect(throws: ResolutionError.self) {
            try await container.resolveOptionalAsync(AsyncRight.self)
        }
        #expect(right?.path == ["AsyncRight", "AsyncLeaf"])
        let nested = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncTop.self) }
        #expect(nested?.kind == .notRegistered)
        #expect(nested?.path == ["AsyncTop", "AsyncLeft", "AsyncLeaf"])
    }

    @Test("A disposed container has nothing: nil, as resolveOptional answers")
    func disposed() async throws {
        let container = Container()
        container.register(AsyncLeaf.self) { _ in AsyncLeaf() }
        container.dispose()
        #expect(container.resolveOptional(AsyncLeaf.self) == nil)
        #expect(try await container.resolveOptionalAsync(AsyncLeaf.self) == nil)
    }
}
