// swift-format-ignore-file
// The keyword-injection blocks of Zerk's README (../shared/seeds/004), as printed, each in a
// namespace of its own with the stand-ins it names (each block's `DependencyProtocol` has
// the members that block reads). Kept as printed, so the formatter leaves this file alone.
// Mended: one `@Injected(with: .arguments(…)` lacks the `)` that closes it.

import KeystoneTesting
import KeystoneZerk
import Testing

@Suite("Zerk README: keyword injection", .overriding { _ in })
struct ZerkSeedKeywordInjectionTests {
    enum WholeDependency {
        class SomeClass {
            @Injected var dependency: DependencyProtocol
        }
    }

    enum WithArguments {
        static let value0 = "zero"
        static let value1 = 1

        protocol DependencyProtocol: AnyObject {
            var argument0: String { get }
            var argument1: Int { get }
        }

        class SomeClass {
            // Mended: the README's line lacks the `)` that closes `@Injected(`.
            @Injected(with: .arguments(argument0: value0, argument1: value1))
            var dependency: DependencyProtocol
        }
    }

    enum ReadOnlyProperty {
        typealias SomeType = Int

        protocol DependencyProtocol {
            var someProperty: SomeType { get }
        }

        class SomeClass {
            @InjectedProperty(\DependencyProtocol.someProperty) var someProperty: SomeType
        }
    }

    enum MutableProperty {
        typealias SomeType = Int

        protocol DependencyProtocol: AnyObject {
            var someProperty: SomeType { get set }
        }

        class SomeClass {
            @InjectedMutableProperty(\DependencyProtocol.someProperty) var someProperty: SomeType
        }
    }

    enum UnwrappedProperty {
        typealias SomeType = String
        static let someValue: SomeType = "default"

        protocol DependencyProtocol {
            var someProperty: SomeType? { get }
        }

        class SomeClass {
            @InjectedUnwrappedProperty(\DependencyProtocol.someProperty, default: someValue) var someProperty: SomeType
        }
    }

    enum Method {
        typealias ParameterTypes = Int
        typealias ReturnTypes = String

        protocol DependencyProtocol {
            func someMethod(_ value: ParameterTypes) -> ReturnTypes
        }

        class SomeClass {
            @InjectedMethod(DependencyProtocol.someMethod) var someMethod: (ParameterTypes) -> (ReturnTypes)
        }
    }

    enum LabelledMethod {
        // The README writes the method's parameters as one type; here, the pair they make.
        typealias ParameterTypes = (Int, Int)
        typealias ReturnTypes = String

        protocol DependencyProtocol {
            func someMethod(_ value: Int) -> ReturnTypes
            func someMethod(_ value: Int, someParameter: Int) -> ReturnTypes
        }

        class SomeClass {
            @InjectedMethod(DependencyProtocol.someMethod(_:someParameter:)) var someMethod: (ParameterTypes) -> (ReturnTypes)
        }
    }

    @Test("@Injected injects the whole dependency")
    func injected() {
        Zerk.store.singleton(DependencyClass() as DependencyProtocol)
        let singleton: DependencyProtocol = Zerk.standardStorage.restore()
        #expect(WholeDependency.SomeClass().dependency === singleton)
    }

    @Test("@Injected(with:) injects a dependency made with arguments")
    func injectedWithArguments() {
        final class Argumentative: WithArguments.DependencyProtocol {
            let argument0: String
            let argument1: Int
            init(argument0: String, argument1: Int) {
                self.argument0 = argument0
                self.argument1 = argument1
            }
        }
        Zerk.store.scoped { _, arguments in
            Argumentative(argument0: arguments.argument0, argument1: arguments.argument1) as WithArguments.DependencyProtocol
        }
        let some = WithArguments.SomeClass()
        #expect(some.dependency.argument0 == "zero" && some.dependency.argument1 == 1)
        // Scoped: the property keeps its own instance for as long as its owner lives.
        #expect(some.dependency === some.dependency)
        #expect(some.dependency !== WithArguments.SomeClass().dependency)
    }

    @Test("@InjectedProperty injects a read-only property of a dependency")
    func injectedProperty() {
        final class Source: ReadOnlyProperty.DependencyProtocol {
            let someProperty = 42
        }
        Zerk.store.singleton(Source() as ReadOnlyProperty.DependencyProtocol)
        #expect(ReadOnlyProperty.SomeClass().someProperty == 42)
    }

    @Test("@InjectedMutableProperty injects a mutable property of a dependency")
    func injectedMutableProperty() {
        final class Source: MutableProperty.DependencyProtocol {
            var someProperty = 1
        }
        Zerk.store.singleton(Source() as MutableProperty.DependencyProtocol)
        let some = MutableProperty.SomeClass()
        some.someProperty = 5
        let source: MutableProperty.DependencyProtocol = Zerk.standardStorage.restore()
        #expect(source.someProperty == 5)
        #expect(MutableProperty.SomeClass().someProperty == 5)
    }

    @Test("@InjectedUnwrappedProperty unwraps with the default value")
    func injectedUnwrappedProperty() {
        final class Source: UnwrappedProperty.DependencyProtocol {
            var someProperty: String?
        }
        Zerk.store.singleton(Source() as UnwrappedProperty.DependencyProtocol)
        let some = UnwrappedProperty.SomeClass()
        #expect(some.someProperty == "default")
        let source: UnwrappedProperty.DependencyProtocol = Zerk.standardStorage.restore()
        (source as? Source)?.someProperty = "set"
        #expect(some.someProperty == "set")
    }

    @Test("@InjectedMethod injects a method of a dependency")
    func injectedMethod() {
        final class Source: Method.DependencyProtocol, LabelledMethod.DependencyProtocol {
            func someMethod(_ value: Int) -> String { "one \(value)" }
            func someMethod(_ value: Int, someParameter: Int) -> String { "two \(value) \(someParameter)" }
        }
        Zerk.store.singleton({ _, _ in Source() }, as: Method.DependencyProtocol.self, LabelledMethod.DependencyProtocol.self)
        #expect(Method.SomeClass().someMethod(3) == "one 3")
        #expect(LabelledMethod.SomeClass().someMethod((3, 4)) == "two 3 4")
    }
}
