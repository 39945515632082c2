import KeystoneResolver
import Testing

/// Separate resolvers keep separate registrations; a resolver made with `init(child:)` or
/// given children with `add(child:)` looks in itself first, then in each child in order.
@Suite("Resolver: containers and children")
struct ContainerTests {
    @Test("Two resolvers keep their registrations apart")
    func distinctContainers() {
        let resolver1 = Resolver()
        let resolver2 = Resolver()
        resolver1.register { XYZNameService("Fred") }
        #expect(resolver1.optional(XYZNameService.self)?.name == "Fred")
        #expect(resolver2.optional(XYZNameService.self) == nil)
        resolver2.register { XYZNameService("Barney") }
        #expect(resolver2.optional(XYZNameService.self)?.name == "Barney")
        #expect(resolver1.container !== resolver2.container)
    }

    @Test("A resolver finds what its child registers")
    func fallsBackToTheChild() {
        let resolver1 = Resolver()
        let resolver2 = Resolver(child: resolver1)
        resolver1.register { XYZNameService("Resolver 1") }
        #expect(resolver1.optional(XYZNameService.self)?.name == "Resolver 1")
        #expect(resolver2.optional(XYZNameService.self)?.name == "Resolver 1")
    }

    @Test("init(parent:) is Resolver 1.0's spelling of init(child:)")
    func parentSpelling() {
        let resolver1 = Resolver()
        let resolver2 = Resolver(parent: resolver1)
        resolver1.register { XYZNameService("Resolver 1") }
        #expect(resolver2.optional(XYZNameService.self)?.name == "Resolver 1")
    }

    @Test("Children added with add(child:) are searched in order")
    func addedChildren() {
        let root = Resolver()
        let resolver2 = Resolver()
        let resolver3 = Resolver()
        root.add(child: resolver2)
        root.add(child: resolver3)
        root.register { XYZSessionService() }
        resolver2.register { XYZNameService("Resolver 2") }
        resolver3.register { XYZNameService("Resolver 3") }
        resolver3.register { [unowned root] in XYZService(root.optional()) }
        #expect(root.optional(XYZNameService.self)?.name == "Resolver 2")
        // Found in a child, built with what the root registers.
        #expect(root.optional(XYZService.self)?.session != nil)
    }

    @Test("A resolver's own registration overrides its child's")
    func overridesTheChild() {
        let resolver1 = Resolver()
        let resolver2 = Resolver(child: resolver1)
        resolver1.register { XYZNameService("Overridden") }
        resolver2.register { XYZNameService("Resolved") }
        #expect(resolver1.optional(XYZNameService.self)?.name == "Overridden")
        #expect(resolver2.optional(XYZNameService.self)?.name == "Resolved")
    }

    @Test("Overriding a named registration leaves the unnamed one to the child")
    func overridesOneNamedService() {
        let resolver1 = Resolver()
        let resolver2 = Resolver(child: resolver1)
        resolver1.register { XYZNameService("Unnamed service") }
        resolver1.register(name: "Name") { XYZNameService("Overridden named service") }
        resolver2.register(name: "Name") { XYZNameService("Resolved named service") }
        #expect(resolver1.optional(XYZNameService.self, name: "Name")?.name == "Overridden named service")
        #expect(resolver2.optional(XYZNameService.self)?.name == "Unnamed service")
        #expect(resolver2.optional(XYZNameService.self, name: "Name")?.name == "Resolved named service")
    }

    @Test("Overriding the unnamed registration leaves the named one to the child")
    func overridesTheUnnamedService() {
        let resolver1 = Resolver()
        let resolver2 = Resolver(child: resolver1)
        resolver1.register(name: "Name") { XYZNameService("Named service") }
        resolver1.register { XYZNameService("Overridden unnamed service") }
        resolver2.register { XYZNameService("Resolved unnamed service") }
        #expect(resolver1.optional(XYZNameService.self)?.name == "Overridden unnamed service")
        #expect(resolver2.optional(XYZNameService.self)?.name == "Resolved unnamed service")
        #expect(resolver2.optional(XYZNameService.self, name: "Name")?.name == "Named service")
    }

    @Test("A child's factory resolves its dependencies from the resolver the resolution started at")
    func childFactoriesSeeTheOverrides() {
        let main = Resolver()
        let mock = Resolver(child: main)
        main.register { XYZSessionService() }
        main.register { r in XYZService(r.optional()) }
        let mocked = XYZSessionService()
        mocked.name = "mock"
        mock.register { mocked }
        #expect(mock.resolve(XYZService.self).session?.name == "mock")
        #expect(main.resolve(XYZService.self).session?.name == "XYZSessionService")
    }

    /// Deliberately leaks: the two resolvers hold each other as children (a retain cycle), as
    /// an app could make them; the lookup must still end.
    @Test("Children that refer to each other do not loop")
    func childrenInACircle() {
        let first = Resolver()
        let second = Resolver(child: first)
        first.add(child: second)
        #expect(first.optional(XYZNeverService.self) == nil)
        second.register { XYZNameService("second") }
        #expect(first.optional(XYZNameService.self)?.name == "second")
    }
}
