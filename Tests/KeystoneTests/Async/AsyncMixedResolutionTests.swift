import Testing

@testable import Keystone

/// A synchronous service in the default scope that async factories share.
final class SharedPart: Sendable {}
/// A synchronous transient that needs the shared part.
final class PartUser: Sendable {
    let part: SharedPart
    init(part: SharedPart) { self.part = part }
}
/// An async service that needs the shared part twice: directly, and through `PartUser`.
final class PartPair: Sendable {
    let part: SharedPart
    let user: PartUser
    init(part: SharedPart, user: PartUser) {
        self.part = part
        self.user = user
    }
}
/// Two async services, each needing the shared part, resolved in two branches at once.
final class PartLeft: Sendable {
    let part: SharedPart
    init(part: SharedPart) { self.part = part }
}
final class PartRight: Sendable {
    let part: SharedPart
    init(part: SharedPart) { self.part = part }
}
final class PartTop: Sendable {
    let left: PartLeft
    let right: PartRight
    init(left: PartLeft, right: PartRight) {
        self.left = left
        self.right = right
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
            return SharedPart()
        }
        container.register { r in try await PartLeft(part: r.resolve()) }
        container.register { r in try await PartRight(part: r.resolve()) }
        container.register { r in try await PartTop(left: r.resolve(), right: r.resolve()) }
        let first: PartTop = try await container.resolveAsync()
        #expect(first.left.part === first.right.part)
        #expect(builds.value == 1)
        let second: PartTop = try await container.resolveAsync()
        #expect(second.left.part !== first.left.part)
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
            return SharedPart()
        }
        container.register(scope: .transient) { r in try PartUser(part: r.resolve()) }
        container.register { r in
            if directFirst {
                let part: SharedPart = try await r.resolve()
                return try await PartPair(part: part, user: r.resolve())
            }
            let user: PartUser = try await r.resolve()
            return try await PartPair(part: r.resolve(), user: user)
        }
        let pair: PartPair = try await container.resolveAsync()
        #expect(pair.part === pair.user.part)
        #expect(builds.value == 1)
    }

    @Test("Two branches that ask at once get one synchronous graph instance, built once")
    func branches() async throws {
        let builds = Counter()
        let started = Counter()
        let container = Container()
        container.register { _ in
            builds.increment()
            return SharedPart()
        }
        container.register { r in
            async let left: PartLeft = r.resolve()
            async let right: PartRight = r.resolve()
            return try await PartTop(left: left, right: right)
        }
        container.register { r in
            started.increment()
            await yield(until: { started.value >= 2 })
            return try await PartLeft(part: r.resolve())
        }
        container.register { r in
            started.increment()
            await yield(until: { started.value >= 2 })
            return try await PartRight(part: r.resolve())
        }
        for round in 1...20 {
            let top: PartTop = try await container.resolveAsync()
            #expect(top.left.part === top.right.part)
            #expect(builds.value == round)
        }
    }

    @Test("A synchronous graph instance shared in an awaited resolution is logged as a reuse")
    func logged() async throws {
        let recorder = EventRecorder()
        let container = Container()
        container.register { _ in SharedPart() }
        container.register(scope: .transient) { r in try PartUser(part: r.resolve()) }
        container.register { r in
            let user: PartUser = try await r.resolve()
            return try await PartPair(part: r.resolve(), user: user)
        }
        container.logger = recorder
        _ = try await container.resolveAsync(PartPair.self)
        let kinds = recorder.all.map { "\($0.kind) \($0.service)" }
        #expect(kinds == ["built SharedPart", "built PartUser", "reused SharedPart", "built PartPair"])
    }

    @Test("A failed build of a synchronous graph instance keeps nothing for the resolution")
    func failure() async throws {
        let attempts = Counter()
        let container = Container()
        container.register(SharedPart.self) { _ in
            if attempts.increment() == 1 { throw PartFailure() }
            return SharedPart()
        }
        container.register { r in
            let first: SharedPart? = try? await r.resolve()
            #expect(first == nil)
            return try await PartLeft(part: r.resolve())
        }
        let left: PartLeft = try await container.resolveAsync()
        _ = left
        #expect(attempts.value == 2)
    }

    @Test("A synchronous registration's missing dependency is reported with the awaited path")
    func missingPath() async throws {
        let container = Container()
        container.register(scope: .transient) { r in try PartUser(part: r.resolve()) }
        container.register { r in
            let user: PartUser = try await r.resolve()
            return try await PartPair(part: r.resolve(), user: user)
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(PartPair.self) }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["PartPair", "PartUser", "SharedPart"])
        #expect(error?.description.contains("while resolving `PartPair → PartUser`") == true)
    }

    @Test("A synchronous factory's failure is reported with the awaited path, also in a branch")
    func thrownPath() async throws {
        let container = Container()
        container.register(SharedPart.self) { _ in throw PartFailure() }
        container.register { r in
            async let left: PartLeft = r.resolve()
            async let right: PartRight = r.resolve()
            return try await PartTop(left: left, right: right)
        }
        container.register { r in try await PartLeft(part: r.resolve()) }
        container.register { r in try await PartRight(part: r.resolve()) }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(PartTop.self) }
        #expect(error?.kind == .factoryFailed)
        #expect(error?.underlying is PartFailure)
        let path = try #require(error?.path)
        #expect(path == ["PartTop", "PartLeft", "SharedPart"] || path == ["PartTop", "PartRight", "SharedPart"])
    }

    @Test("A synchronous resolve of an async registration under an async factory names the whole path")
    func asyncOnlyPath() async throws {
        let container = Container()
        container.register { _ in
            await Task.yield()
            return SharedPart()
        }
        container.register(scope: .transient) { r in try PartUser(part: r.resolve()) }
        container.register { r in try await PartLeft(part: r.resolve(PartUser.self).part) }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(PartLeft.self) }
        #expect(error?.kind == .asyncOnly)
        #expect(error?.path == ["PartLeft", "PartUser", "SharedPart"])
    }
}

private struct PartFailure: Error {}
