import Foundation
import Keystone
import Testing

/// The Keystone side of MigratingFromSwinject.md, compiled and run; `DocumentationSyncTests`
/// checks that the article shows it line for line. The types are nested so that their names
/// cannot clash with the other examples'.
@Suite("Migrating from Swinject")
struct MigrationSwinjectExamples {
    @Test("Registering and resolving without optionals")
    func registeringAndResolving() throws {
        let container = Container()
        container.register(Animal.self) { _ in Cat(name: "Mimi") }
        container.register(Person.self) { r in
            try PetOwner(pet: r.resolve(Animal.self))
        }
        let person = container.resolve(Person.self)

        #expect(person.pet.name == "Mimi")
        #expect(container.resolveOptional(Horse.self) == nil)
        let broken = Container()
        broken.register(Person.self) { r in try PetOwner(pet: r.resolve(Animal.self)) }
        let error = try #require(throws: ResolutionError.self) { try broken.tryResolve(Person.self) }
        #expect(error.kind == .notRegistered)
        #expect("\(error)".contains("Animal"))
    }

    @Test("Object scopes: .container → .singleton, custom ObjectScope → .cached")
    func objectScopes() {
        let scoped = Container()
        scoped.register(Animal.self, name: "shared", scope: .singleton) { _ in Cat(name: "Mimi") }
        scoped.register(Animal.self, name: "fresh", scope: .transient) { _ in Cat(name: "Kitty") }
        scoped.register(Animal.self, name: "borrowed", scope: .weak) { _ in Cat(name: "Tom") }

        #expect(scoped.resolve(Animal.self, name: "shared") === scoped.resolve(Animal.self, name: "shared"))
        #expect(scoped.resolve(Animal.self, name: "fresh") !== scoped.resolve(Animal.self, name: "fresh"))
        let held = scoped.resolve(Animal.self, name: "borrowed")
        #expect(held === scoped.resolve(Animal.self, name: "borrowed"))

        scoped.register(Animal.self, name: "cached", scope: .custom) { _ in Cat(name: "Felix") }
        let before = scoped.resolve(Animal.self, name: "cached")
        scoped.reset(.custom)  // the next resolve builds a new one
        let after = scoped.resolve(Animal.self, name: "cached")

        #expect(before !== after)
        #expect(after === scoped.resolve(Animal.self, name: "cached"))
    }

    @Test("Value types: shared by .singleton, an error under .weak")
    func valueTypes() {
        let values = Container()
        values.register(scope: .singleton) { _ in Token() }
        #expect(values.resolve(Token.self).id == values.resolve(Token.self).id)
        values.register(name: "weak", scope: .weak) { _ in Token() }
        #expect {
            try values.tryResolve(Token.self, name: "weak")
        } throws: { error in
            (error as? ResolutionError)?.kind == .weakValueType
        }
    }

    @Test("Names and any number of typed arguments")
    func namesAndArguments() {
        let container = Container()
        container.register(Animal.self, name: "horse") { (_, name: String, running: Bool) in
            Horse(name: name, running: running)
        }
        let horse = container.resolve(Animal.self, name: "horse", arguments: "Spirit", true)

        #expect(horse.name == "Spirit")
        #expect((horse as? Horse)?.running == true)
        #expect {
            try container.tryResolve(Animal.self, name: "horse", arguments: "Spirit")
        } throws: { error in
            (error as? ResolutionError)?.kind == .argumentMismatch
        }
    }

    @Test("initCompleted → then, completing a circular reference")
    func initCompletedBecomesThen() {
        let cycle = Container()
        cycle.register(ParentNode.self) { r in try ParentNode(child: r.resolve()) }
            .then { _, parent in parent.child.parent = parent }
        cycle.register(ChildNode.self) { _ in ChildNode() }

        let parent = cycle.resolve(ParentNode.self)  // parent.child.parent === parent

        #expect(parent.child.parent === parent)
    }

    @Test("Child containers: a registration resolves from the container it is registered in")
    func childContainers() {
        let parent = Container()
        parent.register(Animal.self, scope: .singleton) { _ in Cat(name: "Mimi") }
        parent.register(Person.self) { r in try PetOwner(pet: r.resolve(Animal.self)) }

        let child = Container(parent: parent)
        child.register(Animal.self) { _ in Cat(name: "Kitty") }

        let owner = child.resolve(Person.self)  // owner.pet is Mimi, the parent's cat

        #expect(owner.pet.name == "Mimi")
        #expect(owner.pet === parent.resolve(Animal.self))
        #expect(child.resolve(Animal.self).name == "Kitty")
    }

    @Test("Assemblies become modules")
    func assembliesBecomeModules() throws {
        let serviceModule = Module {
            singleton(Animal.self) { Cat(name: "Mimi") }
        }
        let managerModule = Module {
            graph(Person.self) { try PetOwner(pet: get()) }
        }

        let assembled = Container()
        try assembled.load(serviceModule, managerModule)
        let assembledPerson = assembled.resolve(Person.self)

        #expect(assembledPerson.pet === assembled.resolve(Animal.self))
        #expect(throws: ModuleError.self) { try assembled.load(Module { singleton(Animal.self) { Cat(name: "Tom") } }) }
        assembled.unload(serviceModule)
        #expect(assembled.resolveOptional(Animal.self) == nil)
    }

    @Test("No synchronize(): resolving from many threads at once builds a singleton once")
    func threadSafety() async {
        let container = Container()
        container.register(Animal.self, scope: .singleton) { _ in Cat(name: "Mimi") }
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask { ObjectIdentifier(container.resolve(Animal.self)) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
    }

    @Test("autoregister, built in")
    func autoregistration() {
        let auto = Container()
        auto.autoregister(Animal.self, scope: .singleton) { Cat(name: "Mimi") }
        auto.autoregister(Person.self, PetOwner.init)
        auto.autoregister(Cat.init(name:), argument: String.self)

        let autoPerson = auto.resolve(Person.self)
        let named: Cat = auto.resolve(arguments: "Tom")

        #expect(autoPerson.pet.name == "Mimi")
        #expect(named.name == "Tom")
    }

    // The types the article's examples use.

    protocol Animal: AnyObject, Sendable {
        var name: String { get }
    }
    final class Cat: Animal {
        let name: String
        init(name: String) { self.name = name }
    }
    final class Horse: Animal {
        let name: String
        let running: Bool
        init(name: String, running: Bool) {
            self.name = name
            self.running = running
        }
    }
    protocol Person {
        var pet: Animal { get }
    }
    final class PetOwner: Person, Sendable {
        let pet: Animal
        init(pet: Animal) { self.pet = pet }
    }
    struct Token: Sendable {
        let id = UUID()
    }
    final class ParentNode: @unchecked Sendable {
        // `@unchecked Sendable`: built and linked on one thread, then only read.
        let child: ChildNode
        init(child: ChildNode) { self.child = child }
    }
    final class ChildNode: @unchecked Sendable {
        // `@unchecked Sendable`: built and linked on one thread, then only read.
        weak var parent: ParentNode?
    }
}

extension Scope {
    static let custom = Scope.cached("custom")
}
