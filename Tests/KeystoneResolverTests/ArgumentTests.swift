import KeystoneResolver
import Testing

/// Arguments passed to `resolve(args:)` reach the factory and the `resolveProperties` blocks
/// as `Resolver.Args`: one value, or several keyed by name.
@Suite("Resolver: arguments")
struct ArgumentTests {
    let resolver = Resolver()

    @Test("A single argument is read by calling args()")
    func singleArgument() {
        resolver.register { (_, args) -> XYZArgumentService in
            XYZArgumentService(condition: args())
        }
        let service: XYZArgumentService? = resolver.optional(args: true)
        #expect(service?.condition == true)
        #expect(service?.string == "Barney")
    }

    @Test("resolveProperties receives the arguments too")
    func propertiesSingleArgument() {
        resolver.register { XYZArgumentService() }
            .resolveProperties { _, service, args in
                service.condition = args()
            }
        let service: XYZArgumentService? = resolver.optional(args: true)
        #expect(service?.condition == true)
    }

    @Test("Keyed arguments are read by name")
    func keyedArguments() {
        resolver.register { (_, args) -> XYZArgumentService in
            XYZArgumentService(condition: args("condition"), string: args("string"))
        }
        let service: XYZArgumentService = resolver.resolve(args: ["condition": true, "string": "Betty"])
        #expect(service.condition == true)
        #expect(service.string == "Betty")
    }

    @Test("resolveProperties reads keyed arguments")
    func propertiesKeyedArguments() {
        resolver.register { XYZArgumentService() }
            .resolveProperties { _, service, args in
                #expect(service.condition == false)
                service.condition = args("condition")
                service.string = args.get("string")
            }
        let service: XYZArgumentService = resolver.resolve(args: ["condition": true, "string": "Fred"])
        #expect(service.condition == true)
        #expect(service.string == "Fred")
    }

    @Test("optional and get read arguments without or with a trap")
    func optionalAndGet() {
        let args = Resolver.Args(["id": 42, "title": "Answer"])
        let id: Int? = args.optional("id")
        let missing: String? = args.optional("missing")
        let wrongType: String? = args.optional("id")
        let title: String = args.get("title")
        #expect(id == 42 && missing == nil && wrongType == nil && title == "Answer")
        let single = Resolver.Args(7)
        let seven: Int = single.get()
        let maybe: Int? = single.optional()
        #expect(seven == 7 && maybe == 7)
        let copied = Resolver.Args(single)
        let again: Int = copied()
        #expect(again == 7)
    }

    @Test("Reading a missing argument traps with a message naming it")
    func missingArgumentTraps() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let args = Resolver.Args(["id": 42])
            let title: String = args("title")
            _ = title
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("\"title\""))
        #expect(message.contains("To fix"))
    }

    @Test("A factory reached through implements receives the arguments")
    func argumentsThroughImplements() {
        resolver.register { (_, args) -> XYZNameService in XYZNameService(args()) }
            .implements(AnyObject.self)
        let named: AnyObject = resolver.resolve(args: "Wilma")
        #expect((named as? XYZNameService)?.name == "Wilma")
    }
}
