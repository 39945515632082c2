import Keystone
import Testing

/// The Keystone side of MigratingFromSwoin.md, compiled and run; `DocumentationSyncTests`
/// checks that the article shows it line for line. The types are nested so that their names
/// cannot clash with the other examples'; `Container.start` runs with a container of the
/// test's own bound as `Container.shared`, so that parallel tests cannot see its modules.
@Suite("Migrating from Swoin")
struct MigrationSwoinExamples {
    static func modules() -> (Module, Module) {
        let appModule = Module {
            singleton { NavigationController() }
                .bind(Navigating.self)
            weak(name: "events") { EventSubject() }
                .bind(EventStream.self) { $0.stream() }
            weak { try HomeViewModel(navigation: get(), events: get(name: "events")) }
        }
        let thingModule = Module {
            transient { Thing() }
            singleton { try ThingFetcher(thing: get()) }
                .bind(IntFetcher.self)
                .bind(StringFetcher.self)
        }
        return (appModule, thingModule)
    }

    @Test("Modules, started into Container.shared, injected lazily")
    func startAndInject() throws {
        let (appModule, thingModule) = Self.modules()
        try Container.withShared(Container()) {
            try Container.start {
                appModule
                thingModule
            }

            let intFetcher: IntFetcher = Container.shared.resolve()
            let stringFetcher: StringFetcher = Container.shared.resolve()
            #expect(intFetcher as AnyObject === stringFetcher as AnyObject)  // one singleton
            #expect(intFetcher.fetch() == 42 && stringFetcher.fetchString() == "42")

            let screen = HomeScreen()
            #expect(screen.$navigation.object == nil)  // lazy, like @Inject
            #expect(screen.navigation === Container.shared.resolve(Navigating.self))
            let model: HomeViewModel = Container.shared.resolve()
            #expect(model.events.name == "events")
            #expect(screen.events.name == "events")

            #expect(throws: ModuleError.self) { try Container.start { thingModule } }  // already loaded
        }
    }

    @Test("Load into a container of your own, unload to release")
    func loadAndUnload() throws {
        let (_, thingModule) = Self.modules()
        let feature = Container()
        try feature.load(thingModule)
        let fetcher: IntFetcher = feature.resolve()
        feature.unload(thingModule)

        #expect(fetcher.fetch() == 42)
        #expect(feature.resolveOptional(IntFetcher.self) == nil)
    }

    @Test("A bind whose cast fails is an error, not a crash")
    func failingBind() {
        let container = Container()
        container.register { _ in Thing() }.bind(IntFetcher.self)
        #expect(throws: ResolutionError.self) { try container.tryResolve(IntFetcher.self) }
    }

    @Test("Circular dependencies completed in .then")
    func circular() throws {
        let circularModule = Module {
            singleton { try CircularOne(get()) }
                .then { $0.two.one = $0 }
            singleton { CircularTwo() }
        }
        let container = Container()
        try container.load(circularModule)
        let one: CircularOne = container.resolve()
        #expect(one.two.one === one)
    }

    // The types the article's examples use: stand-ins for UIKit and RxSwift.

    protocol Navigating: AnyObject, Sendable {}
    final class NavigationController: Navigating, Sendable {}
    final class EventStream: Sendable {
        let name: String
        init(name: String) { self.name = name }
    }
    final class EventSubject: Sendable {
        func stream() -> EventStream { EventStream(name: "events") }
    }
    final class HomeViewModel: Sendable {
        let navigation: Navigating
        let events: EventStream
        init(navigation: Navigating, events: EventStream) {
            self.navigation = navigation
            self.events = events
        }
    }
    final class HomeScreen {
        @LazyInjected var navigation: Navigating
        @LazyInjected(name: "events") var events: EventStream
    }

    final class Thing: Sendable {}
    protocol IntFetcher {
        func fetch() -> Int
    }
    protocol StringFetcher {
        func fetchString() -> String
    }
    final class ThingFetcher: IntFetcher, StringFetcher, Sendable {
        let thing: Thing
        init(thing: Thing) { self.thing = thing }
        func fetch() -> Int { 42 }
        func fetchString() -> String { "42" }
    }

    final class CircularOne: @unchecked Sendable {
        // `@unchecked Sendable`: built and linked on one thread, then only read.
        let two: CircularTwo
        init(_ two: CircularTwo) { self.two = two }
    }
    final class CircularTwo: @unchecked Sendable {
        // `@unchecked Sendable`: built and linked on one thread, then only read.
        weak var one: CircularOne?
    }
}

/// The "Releases and differences" section of the migration guide `MigratingFrom<name>.md`:
/// the releases of the original it accepts and what behaves differently on purpose.
func releasesSection(ofGuide name: String) throws -> String {
    let guide = try DocumentationText.read("Sources/Keystone/Keystone.docc/MigratingFrom\(name).md")
    let parts = guide.components(separatedBy: "\n## Releases and differences\n")
    try #require(parts.count == 2, "MigratingFrom\(name).md has one \"Releases and differences\" section")
    return parts[1].components(separatedBy: "\n## ")[0]
}

extension MigrationSwoinExamples {
    @Test("The guide's table names the Swoin releases accepted and each deliberate difference")
    func releasesTable() throws {
        let section = try releasesSection(ofGuide: "Swoin")
        for expected in ["0.0.2", "0.0.5", "static `get`", "`weak`", "`.then`", "`.bind`", "`get()`"] {
            #expect(section.contains(expected), "\(expected)")
        }
    }
}
