import Testing

@testable import Keystone

/// A plugin of the async collection tests.
protocol Check: AnyObject, Sendable {
    var label: String { get }
}
final class LabelledCheck: Check {
    let label: String
    let leaf: AsyncLeaf?
    init(_ label: String, leaf: AsyncLeaf? = nil) {
        self.label = label
        self.leaf = leaf
    }
    /// A check that cannot be made without a leaf.
    convenience init(_ label: String, needs leaf: AsyncLeaf) {
        self.init(label, leaf: leaf)
    }
}
/// What holds the checks an async factory resolved.
final class CheckReport: Sendable {
    let checks: [any Check]
    init(checks: [any Check]) { self.checks = checks }
}

/// Collections with async contributions, resolved awaited: the rules of synchronous
/// collections (order, scopes, names, failures with their path, unloaded modules left out).
@Suite("Async collections", .timeLimit(.minutes(1)))
struct AsyncCollectionTests {
    @Test("resolveAllAsync returns synchronous and async contributions in the order they were made")
    func order() async throws {
        let container = Container()
        container.contribute((any Check).self) { _ in LabelledCheck("sync") }
        container.contribute((any Check).self) { _ in
            await Task.yield()
            return LabelledCheck("async")
        }
        container.contribute((any Check).self, name: "other") { _ in LabelledCheck("named") }
        let checks: [any Check] = try await container.resolveAllAsync()
        #expect(checks.map(\.label) == ["sync", "async"])
        #expect(try await container.resolveAllAsync((any Check).self, name: "other").map(\.label) == ["named"])
        #expect(try await container.resolveAllAsync((any Check).self, name: "none").isEmpty)
    }

    @Test("Each async contribution keeps its scope; a child adds to its parent's collection")
    func scopesAndChildren() async throws {
        let builds = Counter()
        let parent = Container()
        parent.contribute((any Check).self, scope: .singleton) { _ in
            builds.increment()
            await Task.yield()
            return LabelledCheck("shared")
        }
        let child = Container(parent: parent)
        child.contribute((any Check).self, scope: .transient) { _ in
            await Task.yield()
            return LabelledCheck("fresh")
        }
        let first: [any Check] = try await child.resolveAllAsync()
        let second: [any Check] = try await child.resolveAllAsync()
        #expect(first.map(\.label) == ["shared", "fresh"])
        #expect(first[0] === second[0])
        #expect(first[1] !== second[1])
        #expect(builds.value == 1)
        #expect(try await parent.resolveAllAsync((any Check).self).map(\.label) == ["shared"])
    }

    @Test("An async factory resolves a collection through its resolver, in its resolution")
    func throughTheResolver() async throws {
        let container = Container()
        container.register { _ in AsyncLeaf() }
        container.contribute((any Check).self) { r in try LabelledCheck("sync", leaf: r.resolve()) }
        container.contribute((any Check).self) { r in
            await Task.yield()
            return try await LabelledCheck("async", leaf: r.resolve())
        }
        container.register(scope: .transient) { r in try await CheckReport(checks: r.resolveAll()) }
        let report: CheckReport = try await container.resolveAsync()
        #expect(report.checks.map(\.label) == ["sync", "async"])
        let leaves = report.checks.map { ($0 as! LabelledCheck).leaf }
        // One resolution, so one `.graph` leaf for both contributions.
        #expect(leaves[0] != nil && leaves[0] === leaves[1])

        // From the container, each contribution is a resolution of its own, as with
        // `tryResolveAll`.
        let direct: [any Check] = try await container.resolveAllAsync()
        let directLeaves = direct.map { ($0 as! LabelledCheck).leaf }
        #expect(directLeaves[0] !== directLeaves[1])
    }

    @Test("A failing contribution fails the collection with its path")
    func failure() async throws {
        let container = Container()
        container.contribute((any Check).self) { _ in LabelledCheck("fine") }
        container.contribute((any Check).self) { r in
            await Task.yield()
            return try await LabelledCheck("needs", needs: r.resolve())
        }
        container.register(scope: .transient) { r in try await CheckReport(checks: r.resolveAll()) }
        let direct = await #expect(throws: ResolutionError.self) {
            try await container.resolveAllAsync((any Check).self)
        }
        #expect(direct?.kind == .notRegistered)
        #expect(direct?.path == ["Check", "AsyncLeaf"])
        let nested = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(CheckReport.self) }
        #expect(nested?.path == ["CheckReport", "Check", "AsyncLeaf"])
    }

    @Test("A synchronous resolveAll of a collection with an async contribution says to await it")
    func synchronousResolveAll() throws {
        let container = Container()
        container.contribute((any Check).self) { _ in
            await Task.yield()
            return LabelledCheck("async")
        }
        let error = #expect(throws: ResolutionError.self) { try container.tryResolveAll((any Check).self) }
        #expect(error?.kind == .asyncOnly)
        #expect(error?.description.contains("resolveAllAsync") == true)
    }

    @Test("A disposed container's resolveAllAsync throws disposed")
    func disposed() async throws {
        let container = Container()
        container.contribute((any Check).self) { _ in LabelledCheck("async") }
        container.dispose()
        let error = await #expect(throws: ResolutionError.self) {
            try await container.resolveAllAsync((any Check).self)
        }
        #expect(error?.kind == .disposed)
    }

    @Test("A module unloaded while resolveAllAsync builds its contribution is left out of the answer")
    func unloadedWhileResolving() async throws {
        let container = Container()
        let weakContainer = WeakContainerReference(container)
        let leaving = ModuleTests.ModuleBox()
        defer { leaving.module = nil }
        leaving.module = Module {
            contribute(ModuleTests.Labelled.self) {
                if let module = leaving.module { weakContainer.container?.unload(module) }
                return ModuleTests.Labelled(text: "leaving, built")
            }
            contribute(ModuleTests.Labelled.self) { ModuleTests.Labelled(text: "leaving, not reached") }
        }
        try container.load(
            try #require(leaving.module),
            Module { contribute(ModuleTests.Labelled.self) { ModuleTests.Labelled(text: "staying") } })
        let all = try await container.resolveAllAsync(ModuleTests.Labelled.self)
        #expect(all.map(\.text) == ["leaving, built", "staying"])
    }

    @Test("An async contribution bound to another type is that type's registration too")
    func bound() async throws {
        let container = Container()
        container.contribute(LabelledCheck.self, scope: .singleton) { _ in
            await Task.yield()
            return LabelledCheck("bound")
        }
        .bind((any Check).self)
        let contributed: [LabelledCheck] = try await container.resolveAllAsync()
        let check: any Check = try await container.resolveAsync()
        #expect(contributed.count == 1)
        #expect(check === contributed[0])
    }

    @Test("Concurrent resolveAllAsync builds each singleton contribution once")
    func concurrent() async throws {
        let builds = Counter()
        let container = Container()
        container.contribute((any Check).self, scope: .singleton) { _ in
            builds.increment()
            await Task.yield()
            return LabelledCheck("once")
        }
        let all = try await withThrowingTaskGroup(of: [any Check].self) { group in
            for _ in 0..<50 { group.addTask { try await container.resolveAllAsync((any Check).self) } }
            return try await group.reduce(into: [any Check]()) { $0 += $1 }
        }
        #expect(all.count == 50)
        #expect(all.allSatisfy { $0 === all[0] })
        #expect(builds.value == 1)
    }
}
