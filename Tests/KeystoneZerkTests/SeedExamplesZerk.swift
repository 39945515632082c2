// swift-format-ignore-file
// Every code block of Zerk's README (../shared/seeds/004), as printed, with only the import
// changed; the stand-in types its blocks name follow each suite. Kept as printed, so the
// formatter leaves this file alone. Mends, each marked `// Mended:` where it is made:
// `restore(DependencyProtocol)` gains `.self` (the README's typo: no Zerk could compile it),
// two `.arguments(…)` calls gain their missing `)`, and the README's `...` placeholders
// become stand-ins or comments.
//
// The file does not import Keystone: its wrappers would clash with Zerk's `@Injected`. The
// tests isolate themselves with KeystoneTesting's `.overriding` trait, which gives each test
// its own copy of `Container.shared`, the standard storage.

import KeystoneTesting
import KeystoneZerk
import Testing

@Suite("Zerk README: storing", .overriding { _ in })
struct ZerkSeedStoringTests {
    @Test("Storing dependencies which don't depend on others")
    func storingIndependent() {
        Zerk.store
            .transient(TransientDependencyClass() as TransientDependencyProtocol)
            .scoped(ScopedDependencyClass() as ScopedDependencyProtocol)
            .singleton(SingletonDependencyClass() as SingletonDependencyProtocol)

        // Transient: initialized every time they are being called.
        let transient0: TransientDependencyProtocol = Zerk.standardStorage.restore()
        let transient1: TransientDependencyProtocol = Zerk.standardStorage.restore()
        #expect(transient0 !== transient1)
        // Scoped: initialized every time they are being restored by restore functions.
        let scoped0: ScopedDependencyProtocol = Zerk.standardStorage.restore()
        let scoped1: ScopedDependencyProtocol = Zerk.standardStorage.restore()
        #expect(scoped0 !== scoped1)
        // Singleton: initialized only once when first called, then used globally.
        let singleton0: SingletonDependencyProtocol = Zerk.standardStorage.restore()
        let singleton1: SingletonDependencyProtocol = Zerk.standardStorage.restore()
        #expect(singleton0 === singleton1)
    }

    @Test("Dependencies are not initialized when stored")
    func notInitializedWhenStored() {
        let before = CountedClass.made.value
        Zerk.store.singleton(CountedClass() as CountedProtocol)
        // Other tests may make instances meanwhile: only check that storing made none here,
        // by restoring and seeing the one instance made then.
        let instance: CountedProtocol = Zerk.standardStorage.restore()
        #expect(instance.serial > before)
    }

    @Test("Storing dependencies which depend on other dependencies")
    func storingDependent() {
        storeIndependent()
        Zerk.store.singleton(DependencyClass() as DependencyProtocol)

        Zerk.store
            .transient { dependency in
                DependentClassA(dependency: dependency) as DependentProtocolA
            }
            .scoped { dependency0, dependency1, dependency2, dependency3, dependency4 in
                DependentClassB(dependency0: dependency0, dependency1: dependency1, dependency2: dependency2, dependency3: dependency3, dependency4: dependency4)
                as DependentProtocolB
            }
            .singleton {
                DependentClassC(dependency0: $0, dependency1: $1, dependency2: $2, dependency3: $3, dependency4: $4)
                as DependentProtocolC
            }

        let a: DependentProtocolA = Zerk.standardStorage.restore()
        #expect(a.dependency is TransientDependencyClass)
        let b: DependentProtocolB = Zerk.standardStorage.restore()
        #expect(b.dependencies.count == 5)
        let c0: DependentProtocolC = Zerk.standardStorage.restore()
        let c1: DependentProtocolC = Zerk.standardStorage.restore()
        #expect(c0 === c1)
        #expect(ObjectIdentifier(c0.dependencies[2]) == ObjectIdentifier(c1.dependencies[2]))
    }

    @Test("Storing dependencies which depend on other dependencies (restoring by storage)")
    func storingByStorage() {
        storeIndependent()
        Zerk.store
            .transient { storage in
                DependentClassA(dependency: storage.restore()) 
                as DependentProtocolA
            }
            .scoped { storage in
                DependentClassB(dependency0: storage.restore(), dependency1: storage.restore()) 
                as DependentProtocolB
            }

        let a: DependentProtocolA = Zerk.standardStorage.restore()
        #expect(a.dependency is TransientDependencyClass)
        let b: DependentProtocolB = Zerk.standardStorage.restore()
        #expect(b.dependencies[0] is TransientDependencyClass)
        #expect(b.dependencies[1] is ScopedDependencyClass)
    }

    @Test("Storing dependencies with argumentative init")
    func storingArgumentative() {
        Zerk.store.singleton(DependencyClass() as DependencyProtocol)

        Zerk.store
            .transient { storage, arguments in
                ArgumentativeClassA(parameterName: arguments.parameterName) 
                as ArgumentativeProtocolA
            }
            .singleton { storage, arguments in
                ArgumentativeClassB(dependency: storage.restore(), parameterName0: arguments.parameterName0, parameterName1: arguments.customName) 
                as ArgumentativeProtocolB
            }

        let a: ArgumentativeProtocolA = Zerk.standardStorage.restore(with: .arguments(parameterName: "a"))
        #expect(a.parameterName == "a")
        let b0: ArgumentativeProtocolB = Zerk.standardStorage.restore(with: .arguments(parameterName0: 1, customName: true))
        #expect(b0.parameterName0 == 1 && b0.parameterName1)
        // A singleton is made with the arguments of its first restore.
        let b1: ArgumentativeProtocolB = Zerk.standardStorage.restore(with: .arguments(parameterName0: 2, customName: false))
        #expect(b1 === b0)
    }

    @Test("For dependencies with multiple types (aliases)")
    func storingAliases() {
        Zerk.store.singleton(DependencyClass() as DependencyProtocol)

        Zerk.store
            .scoped({ _, _ in
                MultitypeClass()
            }, as: ProtocolA.self, ProtocolB.self, ProtocolC.self)
            .singleton({ storage, arguments in
                MultitypeClass(dependency: storage.restore(), parameterName0: arguments.parameterName0, parameterName1: arguments.customName)
            }, as: ProtocolA.self, ProtocolB.self, ProtocolC.self)

        // The later storing replaced the earlier one: one singleton, restored as each type.
        let a: ProtocolA = Zerk.standardStorage.restore(with: .arguments(parameterName0: 7, customName: "x"))
        let b: ProtocolB = Zerk.standardStorage.restore()
        let c: ProtocolC = Zerk.standardStorage.restore()
        #expect(a.parameterName0 == 7)
        #expect(a === b && b === c)
    }

    /// The first block's dependencies, which the later blocks depend on.
    func storeIndependent() {
        Zerk.store
            .transient(TransientDependencyClass() as TransientDependencyProtocol)
            .scoped(ScopedDependencyClass() as ScopedDependencyProtocol)
            .singleton(SingletonDependencyClass() as SingletonDependencyProtocol)
    }
}

@Suite("Zerk README: restoring", .overriding { _ in })
struct ZerkSeedRestoringTests {
    let value0 = "zero"
    let value1 = 1

    @Test("restore() and restore(with:)")
    func restoring() {
        Zerk.store
            .singleton(DependencyClassA() as DependencyProtocolA)
            .transient { _, arguments in
                DependencyClassB(argument0: arguments.argument0, argument1: arguments.argument1) as DependencyProtocolB
            }

        let instanceA: DependencyProtocolA = Zerk.standardStorage.restore() // Returns the typecasted dependency instance
        // Mended: the README's line lacks the `)` that closes `restore(with:`.
        let instanceB: DependencyProtocolB = Zerk.standardStorage.restore(with: .arguments(argument0: value0, argument1: value1)) // Returns the typecasted dependency instance, instantiated with the given arguments

        #expect(instanceA is DependencyClassA)
        #expect(instanceB.argument0 == "zero" && instanceB.argument1 == 1)
    }

    @Test("restore(_:) returns the Dependency wrapper")
    func restoringTheWrapper() {
        Zerk.store.singleton(DependencyClass() as DependencyProtocol)

        // Mended: the README passes `DependencyProtocol` without `.self`, which no Swift (and
        // no Zerk) accepts as a value.
        let dependency = Zerk.standardStorage.restore(DependencyProtocol.self) // Returns the wrapper instance

        #expect(dependency.lifeTime == .singleton)
        let instance0: DependencyProtocol = dependency.getInstance()
        let instance1: DependencyProtocol = dependency.getInstance(with: .arguments)
        #expect(instance0 === instance1)
    }
}

@Suite("Zerk README: basic injection", .overriding { _ in })
struct ZerkSeedBasicInjectionTests {
    enum InitializerInjection {
        class SomeClass {
            private let dependency: DependencyProtocol
            init(dependency: DependencyProtocol) {
                self.dependency = dependency
                // Mended: the README's `...` (the rest of the initializer).
            }
        }

        static func run() -> SomeClass {
            let someInstance = SomeClass(dependency: Zerk.standardStorage.restore())
            return someInstance
        }
    }

    enum MethodInjection {
        class SomeClass {
            private var dependency: DependencyProtocol?
            func set(dependency: DependencyProtocol) {
                self.dependency = dependency
            }
        }

        static func run() -> SomeClass {
            let someInstance = SomeClass()
            someInstance.set(dependency: Zerk.standardStorage.restore())
            return someInstance
        }
    }

    enum PropertyInjection {
        class SomeClass {
            var dependency: DependencyProtocol?
        }

        static func run() -> SomeClass {
            let someInstance = SomeClass()
            someInstance.dependency = Zerk.standardStorage.restore()
            return someInstance
        }
    }

    @Test("Initializer, method and property injection")
    func basicInjection() {
        Zerk.store.singleton(DependencyClass() as DependencyProtocol)
        let singleton: DependencyProtocol = Zerk.standardStorage.restore()

        let initialized = InitializerInjection.run()
        #expect(Mirror(reflecting: initialized).descendant("dependency") as? DependencyProtocol === singleton)
        let method = MethodInjection.run()
        #expect(Mirror(reflecting: method).descendant("dependency") as? DependencyProtocol === singleton)
        // Restoring into an optional property restores what was stored as the wrapped type.
        let property = PropertyInjection.run()
        #expect(property.dependency === singleton)
    }
}
