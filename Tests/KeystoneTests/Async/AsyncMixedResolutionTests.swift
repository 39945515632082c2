import Testing

@testable import Keystone

// `AsyncLeaf`, `AsyncLeft`, `AsyncRight` and `AsyncTop` are the async factories' fixtures; here
// the leaf is registered with a synchronous factory, in the default scope.

/// A synchronous transient that needs the leaf.
final class LeafUser: Sendable {
    let leaf: AsyncLeaf
    init(leaf: AsyncLeaf) { self.leaf = leaf }
}
/// An async service that needs the leaf twice: directly, and through `LeafUser`.
final class LeafPair: Sendable {
    let leaf: AsyncLeaf
    let user: LeafUser
    init(leaf: AsyncLeaf, user: LeafUser) {
        self.leaf = leaf
        self.user = user
    }
}

/// An awaited resolution that reaches synchronous registrations is still one resolution: a
/// synchronous `.graph` service it needs in several places (an async factory's, a synchronous
/// factory's under it, a branch's) is built once for it, and a failure in a synchronous part
/// reports the whole path, as in a synchronous resolution.
@Suite("Awaited resolutions through synchronous registrations", .timeLimit(.minutes(1)))
struct AsyncMixedResolutionTests {
    @Test("Two async factories of one resolution get one synchronous graph instance")
    func sequential() async throws {
        let builds = Counter()
        let container = Container()
        container.register { _ in
            builds.increment()
            return AsyncLeaf()
        }
        container.register { r in try await AsyncLeft(leaf: r.resolve()) }
        container.register { r in try await AsyncRight(leaf: r.resolve()) }
        container.register { r in try await AsyncTop(left: r.resolve(), right: r.resolve()) }
        let first: AsyncTop = try await container.resolveAsync()
        #expect(first.left.leaf === first.right.leaf)
        #expect(builds.value == 1)
        let second: AsyncTop = try await container.resolveAsync()
        #expect(second.left.leaf !== first.left.leaf)
        #expect(builds.value == 2)
    }

    @Test(
        "A synchronous factory under an async one shares the resolution's graph instance",
        arguments: [true, false])
    func nested(directFirst: Bool) async throws {
        let builds = Counter()
        let container = Container()
        container.register { _ in
            builds.increment()
            return AsyncLeaf()
        }
        container.register(scope: .transient) { r in try LeafUser(leaf: r.resolve()) }
        container.register { r in
            if directFirst {
                let leaf: AsyncLeaf = try await r.resolve()
                return try await LeafPair(leaf: leaf, user: r.resolve())
            }
            let user: LeafUser = try await r.resolve()
            return try await LeafPair(leaf: r.resolve(), user: user)
        }
        let pair: LeafPair = try await container.resolveAsync()
        #expect(pair.leaf === pair.user.leaf)
        #expect(builds.value == 1)
    }

    @Test("Two branches that ask at once get one synchronous graph instance, built once")
    func branches() async throws {
        let builds = Counter()
        let started = Counter()
        let container = Container()
        container.register { _ in
            builds.increment()
            return AsyncLeaf()
        }
        container.register { r in
            async let left: AsyncLeft = r.resolve()
            async let right: AsyncRight = r.resolve()
            return try await AsyncTop(left: left, right: right)
        }
        container.register { r in
            started.increment()
            await yield(until: { started.value >= 2 })
            return try await AsyncLeft(leaf: r.resolve())
        }
        container.register { r in
            started.increment()
            await yield(until: { started.value >= 2 })
            return try await AsyncRight(leaf: r.resolve())
        }
        for round in 1...20 {
            let top: AsyncTop = try await container.resolveAsync()
            #expect(top.left.leaf === top.right.leaf)
            #expect(builds.value == round)
        }
    }

    @Test("A synchronous graph instance shared in an awaited resolution is logged as a reuse")
    func logged() async throws {
        let recorder = EventRecorder()
        let container = Container()
        container.register { _ in AsyncLeaf() }
        container.register(scope: .transient) { r in try LeafUser(leaf: r.resolve()) }
        container.register { r in
            let user: LeafUser = try await r.resolve()
            return try await LeafPair(leaf: r.resolve(), user: user)
        }
        container.logger = recorder
        _ = try await container.resolveAsync(LeafPair.self)
        let kinds = recorder.all.map { "\($0.kind) \($0.service)" }
        #expect(kinds == ["built AsyncLeaf", "built LeafUser", "reused AsyncLeaf", "built LeafPair"])
    }

    @Test("A failed build of a synchronous graph instance keeps nothing for the resolution")
    func failure() async throws {
        let attempts = Counter()
        let container = Container()
        container.register(AsyncLeaf.self) { _ in
            if attempts.increment() == 1 { throw LeafFailure() }
            return AsyncLeaf()
        }
        container.register { r in
            let first: AsyncLeaf? = try? await r.resolve()
            #expect(first == nil)
            return try await AsyncLeft(leaf: r.resolve())
        }
        let left: AsyncLeft = try await container.resolveAsync()
        _ = left
        #expect(attempts.value == 2)
    }

    @Test("A synchronous registration's missing dependency is reported with the awaited path")
    func missingPath() async throws {
        let container = Container()
        container.register(scope: .transient) { r in try LeafUser(leaf: r.resolve()) }
        container.register { r in
            let user: LeafUser = try await r.resolve()
            return try await LeafPair(leaf: r.resolve(), user: user)
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(LeafPair.self) }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["LeafPair", "LeafUser", "AsyncLeaf"])
        #expect(error?.description.contains("while resolving `LeafPair → LeafUser`") == true)
    }

    @Test("A synchronous factory's failure is reported with the awaited path, also in a branch")
    func thrownPath() async throws {
        let container = Container()
        container.register(AsyncLeaf.self) { _ in throw LeafFailure() }
        container.register { r in
            async let left: AsyncLeft = r.resolve()
            async let right: AsyncRight = r.resolve()
            return try await AsyncTop(left: left, right: right)
        }
        container.register { r in try await AsyncLeft(leaf: r.resolve()) }
        container.register { r in try await AsyncRight(leaf: r.resolve()) }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncTop.self) }
        #expect(error?.kind == .factoryFailed)
        #expect(error?.underlying is LeafFailure)
        let path = try #require(error?.path)
        #expect(path == ["AsyncTop", "AsyncLeft", "AsyncLeaf"] || path == ["AsyncTop", "AsyncRight", "AsyncLeaf"])
    }

    @Test("A synchronous resolve of an async registration under an async factory names the whole path")
    func asyncOnlyPath() async throws {
        let container = Container()
        container.register { _ in
            await Task.yield()
            return AsyncLeaf()
        }
        container.register(scope: .transient) { r in try LeafUser(leaf: r.resolve()) }
        container.register { r in try await AsyncLeft(leaf: r.resolve(LeafUser.self).leaf) }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncLeft.self) }
        #expect(error?.kind == .asyncOnly)
        #expect(error?.path == ["AsyncLeft", "LeafUser", "AsyncLeaf"])
    }
}

private struct LeafFailure: Error {}
