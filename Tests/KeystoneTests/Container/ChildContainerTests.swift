import Testing

@testable import Keystone

@Suite("Child containers")
struct ChildContainerTests {
    @Test("A child resolves locally first, then from its parent")
    func lookupOrder() throws {
        let parent = Container()
        parent.register(APIClient.self) { _ in LiveAPIClient() }
        parent.register { _ in Plain() }
        let child = Container(parent: parent)
        child.register(APIClient.self) { _ in MockAPIClient() }
        #expect(try child.tryResolve(APIClient.self) is MockAPIClient)
        #expect(try parent.tryResolve(APIClient.self) is LiveAPIClient)
        _ = try child.tryResolve(Plain.self)
    }

    @Test("A parent's singleton is shared with its children")
    func sharedSingleton() throws {
        let parent = Container()
        parent.register(scope: .singleton) { _ in Plain() }
        let first = Container(parent: parent)
        let second = Container(parent: parent)
        #expect(try first.tryResolve(Plain.self) === second.tryResolve(Plain.self))
        #expect(try first.tryResolve(Plain.self) === parent.tryResolve(Plain.self))
    }

    @Test("A parent's registration is built by the parent: child overrides don't leak into it")
    func parentBuildsItsOwn() throws {
        let parent = Container()
        parent.register(APIClient.self) { _ in LiveAPIClient() }
        parent.register(Storage.self, scope: .singleton) { r in try DiskStorage(client: r.resolve()) }
        let child = Container(parent: parent)
        child.register(APIClient.self) { _ in MockAPIClient() }
        #expect(try child.tryResolve(Storage.self).client is LiveAPIClient)
    }

    @Test("A child's registration can depend on the parent's")
    func childUsesParent() throws {
        let parent = Container()
        parent.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        let child = Container(parent: parent)
        child.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
        #expect(try child.tryResolve(Storage.self).client === parent.tryResolve(APIClient.self))
        #expect(parent.resolveOptional(Storage.self) == nil)
    }

    @Test("Disposing a child leaves the parent intact")
    func disposeChild() throws {
        let log = EventLog()
        let parent = Container()
        parent.register(name: "parent", scope: .singleton) { _ in Resource("parent", log: log) }
        let child = Container(parent: parent)
        child.register(name: "child", scope: .singleton) { _ in Resource("child", log: log) }
        let fromParent: Resource = try child.tryResolve(name: "parent")
        _ = try child.tryResolve(Resource.self, name: "child")
        child.dispose()
        #expect(log.all == ["dispose child"])
        #expect(try parent.tryResolve(Resource.self, name: "parent") === fromParent)
        let error = #expect(throws: ResolutionError.self) { try child.tryResolve(Resource.self, name: "parent") }
        #expect(error?.kind == .disposed)
    }
}
