import Keystone
import Testing

/// The Keystone side of MigratingFromZerk.md, compiled and run; `DocumentationSyncTests`
/// checks that the article shows it line for line. The types are nested so that their names
/// cannot clash with the other examples'.
@Suite("Migrating from Zerk")
struct MigrationZerkExamples {
    static func makeStore() -> Container {
        let store = Container()
        store.register(TransientProtocol.self, scope: .transient) { _ in TransientClass() }
        store.autoregister(DependentProtocol.self, scope: .graph, DependentClass.init)
        store.register(ArgumentativeProtocol.self, scope: .singleton) { (r, label: String) in
            try ArgumentativeClass(dependency: r.resolve(), label: label)
        }
        store.register(scope: .graph) { _ in MultitypeClass() }
            .bind(ProtocolA.self)
            .bind(ProtocolB.self)
        return store
    }

    @Test("Storing and restoring")
    func storingAndRestoring() {
        let store = Self.makeStore()

        let dependent: DependentProtocol = store.resolve()
        let argumentative: ArgumentativeProtocol = store.resolve(arguments: "x")
        let missing = try? store.tryResolve(ArgumentativeProtocol.self, arguments: 42)  // nil: wrong argument type

        #expect(dependent.dependency is TransientClass)
        #expect(argumentative.label == "x")
        #expect(missing == nil)
        #expect(store.resolve(TransientProtocol.self) !== store.resolve(TransientProtocol.self))
        let a: ProtocolA = store.resolve()
        let b: ProtocolB = store.resolve()
        #expect(a is MultitypeClass && b is MultitypeClass)
    }

    @Test("verify() reports the captive dependency the guide mentions, at the singleton")
    func captiveDependency() {
        var samples = VerificationSamples()
        samples.add(ArgumentativeProtocol.self, arguments: "x")
        let captives = Self.makeStore().verify(samples: samples).problems.filter { $0.kind == .captiveDependency }
        #expect(captives.map(\.path) == [["ArgumentativeProtocol", "TransientProtocol"]])
    }

    @Test("The wrong argument type is an argumentMismatch error")
    func argumentMismatch() {
        let store = Self.makeStore()
        #expect {
            try store.tryResolve(ArgumentativeProtocol.self, arguments: 42)
        } throws: { error in
            (error as? ResolutionError)?.kind == .argumentMismatch
        }
    }

    @Test("Keyword injection from Container.shared")
    func keywordInjection() {
        let store = Self.makeStore()
        store.register(scope: .singleton) { _ in Settings() }
        Container.withShared(store) {
            let screen = ZerkScreen()
            #expect(screen.argumentative.label == "x")
            #expect(screen.dependent.dependency is TransientClass)
            #expect(screen.title == "Zerk")
            screen.volume = 7
            #expect(store.resolve(Settings.self).volume == 7)
            #expect(screen.nickname == "guest")
            #expect(screen.greet("Ada") == "Hello, Ada")
        }
    }

    // The types the article's examples use.

    protocol TransientProtocol: AnyObject {}
    final class TransientClass: TransientProtocol, Sendable {}
    protocol DependentProtocol {
        var dependency: TransientProtocol { get }
    }
    final class DependentClass: DependentProtocol {
        let dependency: TransientProtocol
        init(dependency: TransientProtocol) { self.dependency = dependency }
    }
    protocol ArgumentativeProtocol {
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
    protocol ProtocolA {}
    protocol ProtocolB {}
    final class MultitypeClass: ProtocolA, ProtocolB, Sendable {}

    final class Settings {
        let title = "Zerk"
        var volume = 3
        var nickname: String?
        func greet(_ name: String) -> String { "Hello, \(name)" }
    }

    final class ZerkScreen {
        @Injected var dependent: DependentProtocol
        @Injected(arguments: "x") var argumentative: ArgumentativeProtocol
        @InjectedProperty(\Settings.title) var title: String
        @InjectedMutableProperty(\Settings.volume) var volume: Int
        @InjectedUnwrappedProperty(\Settings.nickname, default: "guest") var nickname: String
        @InjectedMethod(Settings.greet) var greet: (String) -> String
    }
}

extension MigrationZerkExamples {
    @Test("The guide's table names the Zerk releases accepted and each deliberate difference")
    func releasesTable() throws {
        let section = try releasesSection(ofGuide: "Zerk")
        for expected in ["1.0.0", "1.0.5", "`as:`", "`autoStore()`", "`scoped`", "name"] {
            #expect(section.contains(expected), "\(expected)")
        }
    }
}
