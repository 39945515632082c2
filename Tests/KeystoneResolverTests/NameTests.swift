import KeystoneResolver
import Testing

/// Names tell registrations of one type apart, written as strings or as `Resolver.Name`
/// constants; a named registration is never the unnamed one.
@Suite("Resolver: names")
struct NameTests {
    let resolver = Resolver()

    @Test("Names written as strings")
    func strings() {
        resolver.register(name: "Fred") { XYZNameService("Fred") }
        resolver.register(name: "Barney") { XYZNameService("Barney") }
        #expect(resolver.optional(XYZNameService.self, name: "Fred")?.name == "Fred")
        #expect(resolver.optional(XYZNameService.self, name: "Barney")?.name == "Barney")
    }

    @Test("Names declared as constants, mixed with strings")
    func constantsAndStrings() {
        resolver.register(name: .fred) { XYZNameService("Fred") }
        resolver.register(name: "Barney") { XYZNameService("Barney") }
        #expect(resolver.optional(XYZNameService.self, name: "Fred")?.name == "Fred")
        #expect(resolver.optional(XYZNameService.self, name: .barney)?.name == "Barney")
    }

    @Test("A name nobody registered resolves to nil")
    func invalidNames() {
        resolver.register(name: "Wilma") { XYZNameService("Wilma") }
        #expect(resolver.optional(XYZNameService.self, name: "Fred") == nil)
        #expect(resolver.optional(XYZNameService.self, name: .barney) == nil)
        #expect(resolver.optional(XYZNameService.self, name: "Wilma")?.name == "Wilma")
    }

    @Test("Named registrations and the unnamed one coexist")
    func withBaseService() {
        resolver.register(name: "Fred") { XYZNameService("Fred") }
        resolver.register(name: .barney) { XYZNameService("Barney") }
        #expect(resolver.optional(XYZNameService.self) == nil)
        resolver.register { XYZNameService("Base") }
        #expect(resolver.optional(XYZNameService.self)?.name == "Base")
        #expect(resolver.optional(XYZNameService.self, name: "Fred")?.name == "Fred")
    }

    @Test("name(fromString:) makes a name from a variable")
    func fromString() {
        resolver.register(name: "Fred") { XYZNameService("Fred") }
        let string = "Fred"
        #expect(resolver.optional(XYZNameService.self, name: .name(fromString: string))?.name == "Fred")
        #expect(Resolver.Name.name(fromString: nil) == nil)
    }

    @Test("Named registrations of a value type")
    func namedStrings() {
        resolver.register { AppConfig() }
        resolver.register(name: "host1") { r in r.resolve(AppConfig.self).host1 }
        resolver.register(name: "host2") { r in r.resolve(AppConfig.self).host2 }
        let host1: String = resolver.resolve(name: "host1")
        let host2: String = resolver.resolve(name: "host2")
        let host3: String? = resolver.optional(name: "host3")
        #expect(host1 == "https://one.example")
        #expect(host2 == "https://two.example")
        #expect(host3 == nil)
    }

    @Test("Names are Hashable: they key dictionaries")
    func hashable() {
        let registrations: [Resolver.Name: String] = [.fred: "Fred", .barney: "Barney"]
        for (name, text) in registrations {
            resolver.register(name: name) { XYZNameService(text) }
        }
        #expect(resolver.optional(XYZNameService.self, name: .fred)?.name == "Fred")
        #expect(resolver.optional(XYZNameService.self, name: .barney)?.name == "Barney")
        #expect(Resolver.Name("Fred") == .fred)
        #expect(Resolver.Name.fred.rawValue == "Fred")
    }

    struct AppConfig {
        let host1 = "https://one.example"
        let host2 = "https://two.example"
    }
}
