import KeystoneTesting
import KeystoneZerk
import Testing

/// The examples of KeystoneZerk's doc comments, compiled and run. The types they name are
/// nested, so that their names cannot clash with the other tests'.
@Suite("KeystoneZerk doc comment examples", .overriding { _ in })
struct ZerkDocCommentExamples {
    @Test("Zerk")
    func zerk() {
        Zerk.store
            .singleton(LiveSettings() as SettingsProtocol)
            .transient { storage in Screen(settings: storage.restore()) as ScreenProtocol }

        let settings: SettingsProtocol = Zerk.standardStorage.restore()

        let screen: ScreenProtocol = Zerk.standardStorage.restore()
        #expect(screen.settings === settings)
    }

    @Test("DependencyArguments")
    func dependencyArguments() {
        Zerk.store.transient { storage, arguments in
            Greeter(name: arguments.name, times: arguments.times) as GreeterProtocol
        }
        let greeter: GreeterProtocol = Zerk.standardStorage.restore(with: .arguments(name: "Ada", times: 2))
        #expect(greeter.greeting == "Hello, Ada. Hello, Ada.")
    }

    @Test("Dependency")
    func dependency() {
        Zerk.store.singleton(LiveSettings() as SettingsProtocol)
        let dependency = Zerk.standardStorage.restore(SettingsProtocol.self)
        let settings: SettingsProtocol = dependency.getInstance()
        #expect(settings === Zerk.standardStorage.restore() as SettingsProtocol)
    }

    @Test("DependencyStoring")
    func dependencyStoring() {
        Zerk.store
            .transient(TransientClass() as TransientProtocol)
            .scoped { dependency in DependentClass(dependency: dependency) as DependentProtocol }
            .singleton { storage, arguments in
                ArgumentativeClass(dependency: storage.restore(), label: arguments.label) as ArgumentativeProtocol
            }
        let dependent: DependentProtocol = Zerk.standardStorage.restore()
        #expect(dependent.dependency is TransientClass)
        let argumentative: ArgumentativeProtocol = Zerk.standardStorage.restore(with: .arguments(label: "x"))
        #expect(argumentative.label == "x")
    }

    final class Dashboard {
        @Injected var settings: SettingsProtocol
        @Injected(with: .arguments(name: "Ada", times: 2)) var greeter: GreeterProtocol
    }

    final class Banner {
        @InjectedProperty(\SettingsProtocol.title) var title: String
    }

    final class Mixer {
        @InjectedMutableProperty(\SettingsProtocol.volume) var volume: Int
    }

    final class Badge {
        @InjectedUnwrappedProperty(\SettingsProtocol.nickname, default: "guest") var nickname: String
    }

    final class Session {
        @InjectedUnwrappedMutableProperty(\SettingsProtocol.token, default: "") var token: String
    }

    final class Welcome {
        @InjectedMethod(SettingsProtocol.greet) var greet: (String) -> String
        @InjectedMethod(SettingsProtocol.greet(_:times:)) var greetTimes: (String, Int) -> String
    }

    @Test("The property wrappers")
    func propertyWrappers() {
        Zerk.store
            .singleton(LiveSettings() as SettingsProtocol)
            .transient { _, arguments in Greeter(name: arguments.name, times: arguments.times) as GreeterProtocol }
        let dashboard = Dashboard()
        #expect(dashboard.greeter.greeting == "Hello, Ada. Hello, Ada.")
        #expect(Banner().title == "Keystone")
        let mixer = Mixer()
        mixer.volume = 9
        #expect(dashboard.settings.volume == 9)
        #expect(Badge().nickname == "guest")
        let session = Session()
        #expect(session.token == "")
        session.token = "secret"
        #expect(dashboard.settings.token == "secret")
        let welcome = Welcome()
        #expect(welcome.greet("Ada") == "Hello, Ada")
        #expect(welcome.greetTimes("Ada", 2) == "Hello, Ada. Hello, Ada.")
    }

    // The types the examples name.

    protocol SettingsProtocol: AnyObject {
        var title: String { get }
        var volume: Int { get set }
        var nickname: String? { get }
        var token: String? { get set }
        func greet(_ name: String) -> String
        func greet(_ name: String, times: Int) -> String
    }
    final class LiveSettings: SettingsProtocol {
        let title = "Keystone"
        var volume = 3
        var nickname: String?
        var token: String?
        func greet(_ name: String) -> String { "Hello, \(name)" }
        func greet(_ name: String, times: Int) -> String {
            Array(repeating: "Hello, \(name).", count: times).joined(separator: " ")
        }
    }

    protocol ScreenProtocol {
        var settings: SettingsProtocol { get }
    }
    struct Screen: ScreenProtocol {
        let settings: SettingsProtocol
    }

    protocol GreeterProtocol {
        var greeting: String { get }
    }
    struct Greeter: GreeterProtocol {
        let name: String
        let times: Int
        var greeting: String { Array(repeating: "Hello, \(name).", count: times).joined(separator: " ") }
    }

    protocol TransientProtocol: AnyObject {}
    final class TransientClass: TransientProtocol {}
    protocol DependentProtocol {
        var dependency: TransientProtocol { get }
    }
    struct DependentClass: DependentProtocol {
        let dependency: TransientProtocol
    }
    protocol ArgumentativeProtocol: AnyObject {
        var label: String { get }
    }
    final class ArgumentativeClass: ArgumentativeProtocol {
        let dependency: TransientProtocol
        let label: String
        init(dependency: TransientProtocol, label: String) {
            self.dependency = dependency
            self.label = label
        }
    }
}
