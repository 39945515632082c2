import Keystone
import Testing

/// The code examples of the Zerk README (seeds/004), rewritten in Keystone's API, each
/// checking the outcome the README describes.
///
/// Zerk → Keystone: `Zerk.store.transient/.scoped/.singleton(…)` → `register(…, scope:
/// .transient/.graph/.singleton)` (Zerk's "scoped", one instance per restore, is Keystone's
/// `.graph`); a closure whose parameters are the dependencies → `autoregister`; `storage` →
/// the factory's resolver; `arguments.name` (untyped, by name) → typed runtime arguments;
/// `as: A.self, B.self` → `.bind(A.self).bind(B.self)`; `restore()` → `resolve()`;
/// `restore(with: .arguments(…))` → `resolve(arguments: …)`; `restore(P)` (the wrapper) →
/// `LazyResolver`; `@Injected(with: .arguments(…))` → `@Injected(arguments: …)`; the key-path
/// wrappers keep their names; `AutoStoring.store()` → `AutoRegistering.registerServices(in:)`.
///
/// Where Zerk ends in a fatal error (wrong argument names or types, a failed cast), Keystone
/// reports a ``ResolutionError``.
///
/// The keyword-injection examples read `Container.shared`, as Zerk's read its global
/// storage; what they resolve is stored by ``store(in:)``, which the test process's
/// `AutoRegistering` hook runs (Zerk's `AutoStoring`), with types private to this file.
/// Storing in the AppDelegate (`application(_:didFinishLaunchingWithOptions:)`) is
/// iOS-only; app start-up code or the `AutoRegistering` hook replaces it.
@Suite("Zerk seed examples", .serialized)
struct ZerkSeedTests {
    /// What `extension Zerk: AutoStoring { func store() { … } }` would store.
    static func store(in container: Container) throws {
        container.register(KeywordDependencyProtocol.self, scope: .singleton) { _ in KeywordDependency() }
        container.register(ArgumentedDependencyProtocol.self, scope: .transient) {
            (_, argument0: Int, argument1: String) in
            ArgumentedDependency(argument0: argument0, argument1: argument1)
        }
    }

    // MARK: - Storing

    @Test func dependenciesThatDependOnNothingAreNotInitializedWhenStored() {
        let made = Counter()
        let container = Container()
        container.register(TransientDependencyProtocol.self, scope: .transient) { _ in
            made.increment()
            return TransientDependencyClass()
        }
        container.register(ScopedDependencyProtocol.self, scope: .graph) { _ in
            made.increment()
            return ScopedDependencyClass()
        }
        container.register(SingletonDependencyProtocol.self, scope: .singleton) { _ in
            made.increment()
            return SingletonDependencyClass()
        }

        #expect(made.value == 0)
    }

    @Test func transientScopedAndSingletonLifetimes() {
        let container = Container()
        storeLifetimes(in: container)
        container.autoregister(Pair.init, scope: .transient)

        let first: Pair = container.resolve()
        let second: Pair = container.resolve()

        #expect(first.transientA !== first.transientB)  // transient: every call
        #expect(first.scopedA === first.scopedB)  // scoped: once per restore
        #expect(first.scopedA !== second.scopedA)
        #expect(first.singleton === second.singleton)  // singleton: once
    }

    @Test func dependenciesWhoseParametersAreResolvedForThem() {
        let container = Container()
        storeLifetimes(in: container)
        container.register(DependencyProtocol.self) { _ in DependencyClass() }
        container.autoregister(DependentProtocolA.self, scope: .transient) { (dependency: DependencyProtocol) in
            DependentClassA(dependency: dependency)
        }
        container.autoregister(DependentProtocolB.self, scope: .graph, DependentClassB.init)
        container.autoregister(DependentProtocolC.self, scope: .singleton, DependentClassC.init)

        let b: DependentProtocolB = container.resolve()
        let c: DependentProtocolC = container.resolve()

        #expect(b.dependencies.count == 5)
        #expect(c.dependencies.count == 5)
        #expect(container.resolve(DependentProtocolC.self) === c)
        #expect(container.resolve(DependentProtocolA.self) !== container.resolve(DependentProtocolA.self))
    }

    @Test func dependenciesRestoredThroughTheStorage() {
        let container = Container()
        container.register(DependencyProtocol.self) { _ in DependencyClass() }
        container.register(DependentProtocolA.self, scope: .transient) { storage in
            try DependentClassA(dependency: storage.resolve())
        }
        container.register(TwoDependencies.self, scope: .graph) { storage in
            try TwoDependencies(dependency0: storage.resolve(), dependency1: storage.resolve())
        }

        let two: TwoDependencies = container.resolve()

        #expect(container.resolveOptional(DependentProtocolA.self) != nil)
        #expect(two.dependency0 === two.dependency1)  // one graph
    }

    @Test func argumentativeInit() {
        let container = Container()
        container.register(DependencyProtocol.self) { _ in DependencyClass() }
        container.register(ArgumentativeProtocolA.self, scope: .transient) { (_, parameterName: String) in
            ArgumentativeClassA(parameterName: parameterName)
        }
        container.register(ArgumentativeProtocolB.self, scope: .singleton) {
            (storage, parameterName0: Int, customName: String) in
            try ArgumentativeClassB(
                dependency: storage.resolve(), parameterName0: parameterName0, parameterName1: customName)
        }

        let a: ArgumentativeProtocolA = container.resolve(arguments: "value")
        let b: ArgumentativeProtocolB = container.resolve(arguments: 7, "custom")

        #expect(a.summary == "value")
        #expect(b.summary == "7 custom")
    }

    @Test func argumentsOfTheWrongTypeAreAnErrorNotAFatalError() {
        let container = Container()
        container.register(ArgumentativeProtocolA.self, scope: .transient) { (_, parameterName: String) in
            ArgumentativeClassA(parameterName: parameterName)
        }

        let error = #expect(throws: ResolutionError.self) {
            try container.tryResolve(ArgumentativeProtocolA.self, arguments: 42)
        }

        #expect(error?.kind == .argumentMismatch)
    }

    @Test func oneDependencyUnderSeveralTypes() {
        let container = Container()
        container.register(DependencyProtocol.self) { _ in DependencyClass() }
        container.register(MultitypeClass.self, scope: .graph) { _ in MultitypeClass() }
            .bind(ProtocolA.self)
            .bind(ProtocolB.self)
            .bind(ProtocolC.self)
        container.register(MultitypeClass.self, scope: .singleton) {
            (storage, parameterName0: Int, customName: String) in
            try MultitypeClass(
                dependency: storage.resolve(), parameterName0: parameterName0, parameterName1: customName)
        }
        .bind(ProtocolA.self)
        .bind(ProtocolB.self)
        .bind(ProtocolC.self)
        container.autoregister(Aliases.init, scope: .transient)

        let aliases: Aliases = container.resolve()
        let singletonA: ProtocolA = container.resolve(arguments: 1, "x")
        let singletonC: ProtocolC = container.resolve(arguments: 1, "x")

        #expect(aliases.a === aliases.b && aliases.b === aliases.c)  // one scoped instance
        #expect(singletonA === singletonC)
        #expect((singletonA as? MultitypeClass)?.label == "1 x")
    }

    @Test func aTypeTheDependencyCannotBeCastToIsAnErrorNotAFatalError() {
        let container = Container()
        container.register(DependencyClass.self) { _ in DependencyClass() }
            .bind(ProtocolA.self)

        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(ProtocolA.self) }

        #expect(error?.kind == .conversionFailed)
    }

    // MARK: - Restoring

    @Test func restoringTheInstanceTheInstanceWithArgumentsOrTheWrapper() throws {
        let container = Container()
        container.register(DependencyProtocol.self, scope: .singleton) { _ in DependencyClass() }
        container.register(ArgumentativeProtocolA.self, scope: .transient) { (_, parameterName: String) in
            ArgumentativeClassA(parameterName: parameterName)
        }

        let instanceA: DependencyProtocol = container.resolve()
        let instanceB: ArgumentativeProtocolA = container.resolve(arguments: "value0")
        let dependency = LazyResolver(DependencyProtocol.self, from: container)  // the wrapper

        #expect(instanceB.summary == "value0")
        #expect(dependency.object == nil)  // not created until asked
        #expect(try dependency.resolve() === instanceA)
    }

    // MARK: - Basic injection

    @Test func initializerMethodAndPropertyInjection() {
        let container = Container()
        container.register(DependencyProtocol.self, scope: .singleton) { _ in DependencyClass() }
        let expected: DependencyProtocol = container.resolve()

        let byInitializer = InitializerInjected(dependency: container.resolve())
        let byMethod = MethodInjected()
        byMethod.set(dependency: container.resolve())
        let byProperty = PropertyInjected()
        byProperty.dependency = container.resolve()

        #expect(byInitializer.dependency === expected)
        #expect(byMethod.dependency === expected)
        #expect(byProperty.dependency === expected)
    }

    // MARK: - Keyword injection (Container.shared, stored by the AutoStoring hook)

    @Test func injectedAndInjectedWithArguments() {
        let instance = KeywordInjected()

        #expect(instance.dependency === Container.shared.resolve(KeywordDependencyProtocol.self))
        #expect(instance.argumented.label == "7 seven")
    }

    @Test func injectedPropertyAndMutableProperty() {
        let instance = KeywordInjected()
        let shared: KeywordDependencyProtocol = Container.shared.resolve()

        #expect(instance.someProperty == shared.someProperty)
        instance.mutableProperty = "changed"
        #expect(shared.mutableProperty == "changed")
    }

    @Test func injectedUnwrappedPropertyAndMutableTwin() {
        let instance = KeywordInjected()

        #expect(instance.unwrapped == "default")  // nil in the dependency: the default
        instance.unwrappedMutable = "set"
        #expect(instance.unwrappedMutable == "set")
        #expect(instance.unwrapped == "set")  // the same dependency's property
    }

    @Test func injectedMethodsByNameAndByFullName() {
        let instance = KeywordInjected()

        #expect(instance.someMethod(2) == 4)
        #expect(instance.someLabelledMethod(2, 3) == "2-3")
    }
}

// MARK: - Helpers

extension ZerkSeedTests {
    private func storeLifetimes(in container: Container) {
        container.register(TransientDependencyProtocol.self, scope: .transient) { _ in TransientDependencyClass() }
        container.register(ScopedDependencyProtocol.self, scope: .graph) { _ in ScopedDependencyClass() }
        container.register(SingletonDependencyProtocol.self, scope: .singleton) { _ in SingletonDependencyClass() }
    }
}

// MARK: - The README's types

extension ZerkSeedTests {
    fileprivate protocol TransientDependencyProtocol: AnyObject {}
    fileprivate final class TransientDependencyClass: TransientDependencyProtocol {}
    fileprivate protocol ScopedDependencyProtocol: AnyObject {}
    fileprivate final class ScopedDependencyClass: ScopedDependencyProtocol {}
    fileprivate protocol SingletonDependencyProtocol: AnyObject {}
    fileprivate final class SingletonDependencyClass: SingletonDependencyProtocol {}

    fileprivate final class Pair {
        let transientA: TransientDependencyProtocol
        let transientB: TransientDependencyProtocol
        let scopedA: ScopedDependencyProtocol
        let scopedB: ScopedDependencyProtocol
        let singleton: SingletonDependencyProtocol
        init(
            transientA: TransientDependencyProtocol, transientB: TransientDependencyProtocol,
            scopedA: ScopedDependencyProtocol, scopedB: ScopedDependencyProtocol,
            singleton: SingletonDependencyProtocol
        ) {
            self.transientA = transientA
            self.transientB = transientB
            self.scopedA = scopedA
            self.scopedB = scopedB
            self.singleton = singleton
        }
    }

    fileprivate protocol DependencyProtocol: AnyObject {}
    fileprivate final class DependencyClass: DependencyProtocol {}

    fileprivate protocol DependentProtocolA: AnyObject {}
    fileprivate final class DependentClassA: DependentProtocolA {
        init(dependency: DependencyProtocol) {}
    }

    fileprivate protocol DependentProtocolB: AnyObject {
        var dependencies: [AnyObject] { get }
    }
    fileprivate final class DependentClassB: DependentProtocolB {
        let dependencies: [AnyObject]
        init(
            dependency0: TransientDependencyProtocol, dependency1: ScopedDependencyProtocol,
            dependency2: SingletonDependencyProtocol, dependency3: DependencyProtocol, dependency4: DependentProtocolA
        ) {
            dependencies = [dependency0, dependency1, dependency2, dependency3, dependency4]
        }
    }

    fileprivate protocol DependentProtocolC: AnyObject {
        var dependencies: [AnyObject] { get }
    }
    fileprivate final class DependentClassC: DependentProtocolC {
        let dependencies: [AnyObject]
        init(
            dependency0: TransientDependencyProtocol, dependency1: ScopedDependencyProtocol,
            dependency2: SingletonDependencyProtocol, dependency3: DependencyProtocol, dependency4: DependentProtocolA
        ) {
            dependencies = [dependency0, dependency1, dependency2, dependency3, dependency4]
        }
    }

    fileprivate final class TwoDependencies {
        let dependency0: DependencyProtocol
        let dependency1: DependencyProtocol
        init(dependency0: DependencyProtocol, dependency1: DependencyProtocol) {
            self.dependency0 = dependency0
            self.dependency1 = dependency1
        }
    }

    fileprivate protocol ArgumentativeProtocolA {
        var summary: String { get }
    }
    fileprivate final class ArgumentativeClassA: ArgumentativeProtocolA {
        let summary: String
        init(parameterName: String) { summary = parameterName }
    }

    fileprivate protocol ArgumentativeProtocolB {
        var summary: String { get }
    }
    fileprivate final class ArgumentativeClassB: ArgumentativeProtocolB {
        let summary: String
        init(dependency: DependencyProtocol, parameterName0: Int, parameterName1: String) {
            summary = "\(parameterName0) \(parameterName1)"
        }
    }

    fileprivate protocol ProtocolA: AnyObject {}
    fileprivate protocol ProtocolB: AnyObject {}
    fileprivate protocol ProtocolC: AnyObject {}
    fileprivate final class MultitypeClass: ProtocolA, ProtocolB, ProtocolC {
        let label: String
        init() { label = "plain" }
        init(dependency: DependencyProtocol, parameterName0: Int, parameterName1: String) {
            label = "\(parameterName0) \(parameterName1)"
        }
    }

    fileprivate final class Aliases {
        let a: ProtocolA
        let b: ProtocolB
        let c: ProtocolC
        init(a: ProtocolA, b: ProtocolB, c: ProtocolC) {
            self.a = a
            self.b = b
            self.c = c
        }
    }

    fileprivate final class InitializerInjected {
        let dependency: DependencyProtocol
        init(dependency: DependencyProtocol) { self.dependency = dependency }
    }

    fileprivate final class MethodInjected {
        private(set) var dependency: DependencyProtocol?
        func set(dependency: DependencyProtocol) { self.dependency = dependency }
    }

    fileprivate final class PropertyInjected {
        var dependency: DependencyProtocol?
    }

    fileprivate protocol KeywordDependencyProtocol: AnyObject {
        var someProperty: Int { get }
        var mutableProperty: String { get set }
        var optionalProperty: String? { get set }
        func someMethod(_ value: Int) -> Int
        func someMethod(_ value: Int, someParameter: Int) -> String
    }

    // The suite is `.serialized`: one test at a time touches the shared instance.
    fileprivate final class KeywordDependency: KeywordDependencyProtocol {
        let someProperty = 11
        var mutableProperty = "initial"
        var optionalProperty: String?
        func someMethod(_ value: Int) -> Int { value * 2 }
        func someMethod(_ value: Int, someParameter: Int) -> String { "\(value)-\(someParameter)" }
    }

    fileprivate protocol ArgumentedDependencyProtocol {
        var label: String { get }
    }

    fileprivate struct ArgumentedDependency: ArgumentedDependencyProtocol {
        let label: String
        init(argument0: Int, argument1: String) { label = "\(argument0) \(argument1)" }
    }

    fileprivate final class KeywordInjected {
        @Injected var dependency: KeywordDependencyProtocol
        @Injected(arguments: 7, "seven") var argumented: ArgumentedDependencyProtocol
        @InjectedProperty(\KeywordDependencyProtocol.someProperty) var someProperty: Int
        @InjectedMutableProperty(\KeywordDependencyProtocol.mutableProperty) var mutableProperty: String
        @InjectedUnwrappedProperty(\KeywordDependencyProtocol.optionalProperty, default: "default")
        var unwrapped: String
        @InjectedUnwrappedMutableProperty(\KeywordDependencyProtocol.optionalProperty) var unwrappedMutable: String
        @InjectedMethod(KeywordDependencyProtocol.someMethod(_:)) var someMethod: (Int) -> Int
        @InjectedMethod(KeywordDependencyProtocol.someMethod(_:someParameter:)) var someLabelledMethod:
            (Int, Int) -> String
    }
}
