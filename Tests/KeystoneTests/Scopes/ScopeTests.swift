import Testing

@testable import Keystone

/// Resolver's graph example: `a` needs `b` and `c`, both need `d`.
final class GraphA {
    let b: GraphB
    let c: GraphC
    init(b: GraphB, c: GraphC) {
        self.b = b
        self.c = c
    }
}
final class GraphB {
    let d: GraphD
    init(d: GraphD) { self.d = d }
}
final class GraphC {
    let d: GraphD
    init(d: GraphD) { self.d = d }
}
final class GraphD {}

protocol GraphShared: AnyObject, Sendable {}
final class SharedImplementation: GraphShared {}
/// Larger than an existential's inline buffer, so that `Any` holds it in a box of its own.
struct LargeValue: Sendable {
    static let expectedPadding = (1, 2, 3, 4, 5)
    let id: SharedImplementation
    let padding = LargeValue.expectedPadding
}
final class GraphPair {
    let first: any GraphShared
    let second: any GraphShared
    let firstOptional: SharedImplementation?
    let secondOptional: SharedImplementation?
    let firstValue: LargeValue
    let secondValue: LargeValue
    init(
        first: any GraphShared, second: any GraphShared,
        firstOptional: SharedImplementation?, secondOptional: SharedImplementation?,
        firstValue: LargeValue, secondValue: LargeValue
    ) {
        self.first = first
        self.second = second
        self.firstOptional = firstOptional
        self.secondOptional = secondOptional
        self.firstValue = firstValue
        self.secondValue = secondValue
    }
}

func registerGraph(in container: Container, scopeOfD: Scope? = nil) {
    container.register { r in try GraphA(b: r.resolve(), c: r.resolve()) }
    container.register { r in try GraphB(d: r.resolve()) }
    container.register { r in try GraphC(d: r.resolve()) }
    container.register(scope: scopeOfD) { _ in GraphD() }
}

@Suite("Scopes")
struct ScopeTests {
    @Test("transient makes a new instance on every resolve")
    func transient() throws {
        let container = Container()
        container.register(scope: .transient) { _ in Plain() }
        #expect(try container.tryResolve(Plain.self) !== container.tryResolve(Plain.self))
    }

    @Test("singleton makes one instance for the container")
    func singleton() throws {
        let counter = Counter()
        let container = Container()
        container.register(scope: .singleton) { _ in
            counter.increment()
            return Plain()
        }
        #expect(try container.tryResolve(Plain.self) === container.tryResolve(Plain.self))
        #expect(counter.value == 1)
    }

    @Test("graph (the default) shares one instance within a top-level resolution")
    func graph() throws {
        let container = Container()
        registerGraph(in: container)
        let a1: GraphA = try container.tryResolve()
        let a2: GraphA = try container.tryResolve()
        #expect(a1.b.d === a1.c.d)
        #expect(a1.b.d !== a2.b.d)
        #expect(Scope.graph == container.defaultScope)
    }

    @Test("graph shares a protocol-typed, an optional and a large value-typed service within a resolution")
    func graphOfExistentialsAndValues() throws {
        let container = Container()
        container.register((any GraphShared).self) { _ in SharedImplementation() }
        container.register(SharedImplementation?.self) { _ in SharedImplementation() }
        container.register(LargeValue.self) { _ in LargeValue(id: SharedImplementation()) }
        container.register { r in
            try GraphPair(
                first: r.resolve(), second: r.resolve(),
                firstOptional: r.resolve(), secondOptional: r.resolve(),
                firstValue: r.resolve(), secondValue: r.resolve())
        }
        let pair: GraphPair = try container.tryResolve()
        #expect(pair.first === pair.second)
        #expect(pair.firstOptional != nil && pair.firstOptional === pair.secondOptional)
        #expect(pair.firstValue.id === pair.secondValue.id)
        #expect(pair.firstValue.padding == LargeValue.expectedPadding)
        let again: GraphPair = try container.tryResolve()
        #expect(again.first !== pair.first)
    }

    @Test("A container with another default scope uses it for registrations without one")
    func defaultScope() throws {
        let container = Container(defaultScope: .transient)
        registerGraph(in: container)
        let a: GraphA = try container.tryResolve()
        #expect(a.b.d !== a.c.d)
    }

    @Test("weak shares an instance while someone holds it, then builds a new one")
    func weak() throws {
        let counter = Counter()
        let container = Container()
        container.register(scope: .weak) { _ in
            counter.increment()
            return Plain()
        }
        var first: Plain? = try container.tryResolve()
        var second: Plain? = try container.tryResolve()
        #expect(first === second)
        #expect(counter.value == 1)
        first = nil
        second = nil
        // A freed object's address may be reused, so count builds instead of comparing.
        let third: Plain = try container.tryResolve()
        #expect(counter.value == 2)
        #expect(try container.tryResolve(Plain.self) === third)
    }

    @Test("weak through a protocol type holds the class instance weakly")
    func weakProtocol() throws {
        let container = Container()
        container.register(APIClient.self, scope: .weak) { _ in LiveAPIClient() }
        let first: APIClient = try container.tryResolve()
        let second: APIClient = try container.tryResolve()
        #expect(first === second)
    }

    @Test("weak registered as a superclass hands out the subclass instance it holds")
    func weakSuperclass() throws {
        let container = Container()
        container.register(WeakBase.self, scope: .weak) { _ in WeakDerived(label: "derived") }
        let first: WeakBase = try container.tryResolve()
        let second: WeakBase = try container.tryResolve()
        #expect(first === second)
        #expect((second as? WeakDerived)?.label == "derived")
    }

    @Test("weak on a value type is an error, not a silent transient")
    func weakValueType() throws {
        let container = Container()
        container.register(scope: .weak) { _ in Game(title: "chess") }
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Game.self) }
        #expect(error?.kind == .weakValueType)
        #expect(error?.description.contains("`Game`") == true)
        // The container is still usable: re-register with a scope that fits a value.
        container.register(scope: .transient) { _ in Game(title: "go") }
        #expect(try container.tryResolve(Game.self).title == "go")
    }

    @Test("cached keeps one instance until that scope is reset, keeping registrations")
    func cached() throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .session) { _ in Resource("session", log: log) }
        container.register(scope: .singleton) { _ in Plain() }
        let first: Resource = try container.tryResolve()
        let plain: Plain = try container.tryResolve()
        #expect(try container.tryResolve(Resource.self) === first)
        container.reset(.session)
        #expect(log.all == ["dispose session"])
        let second: Resource = try container.tryResolve()
        #expect(second !== first)
        #expect(try container.tryResolve(Plain.self) === plain)
    }

    @Test("reset of one cached scope leaves other cached scopes alone")
    func cachedScopesAreIndependent() throws {
        let container = Container()
        container.register(name: "a", scope: .cached("a")) { _ in Plain() }
        container.register(name: "b", scope: .cached("b")) { _ in Plain() }
        let a: Plain = try container.tryResolve(name: "a")
        let b: Plain = try container.tryResolve(name: "b")
        container.reset(.cached("a"))
        #expect(try container.tryResolve(Plain.self, name: "a") !== a)
        #expect(try container.tryResolve(Plain.self, name: "b") === b)
    }

    @Test("reset(.singleton) rebuilds singletons; reset(.weak) forgets weak instances")
    func resetSingletonAndWeak() throws {
        let container = Container()
        container.register(name: "s", scope: .singleton) { _ in Plain() }
        container.register(name: "w", scope: .weak) { _ in Plain() }
        let s: Plain = try container.tryResolve(name: "s")
        let w: Plain = try container.tryResolve(name: "w")
        container.reset(.singleton)
        container.reset(.weak)
        #expect(try container.tryResolve(Plain.self, name: "s") !== s)
        #expect(try container.tryResolve(Plain.self, name: "w") !== w)
        container.reset(.transient)  // holds nothing; does nothing
        container.reset(.graph)
    }

    @Test("Scopes describe themselves as written in Swift")
    func descriptions() {
        #expect(Scope.transient.description == ".transient")
        #expect(Scope.graph.description == ".graph")
        #expect(Scope.weak.description == ".weak")
        #expect(Scope.singleton.description == ".singleton")
        #expect(Scope.session.description == ".cached(\"session\")")
        #expect(Scope.cached("x") == Scope.cached("x"))
        #expect(Scope.cached("x") != Scope.cached("y"))
    }
}

extension Scope {
    static let session = Scope.cached("session")
}

/// `.weak` of an optional: the wrapped object is held weakly, and a factory that returns nil
/// gives nil (as Factory's shared scope of an optional does).
@Suite("Weak scope of an optional")
struct WeakOptionalScopeTests {
    protocol Greeter: AnyObject {}
    final class EnglishGreeter: Greeter {}

    @Test("An optional class existential is held weakly and shared while it lives")
    func anOptionalExistentialIsHeldWeakly() throws {
        let container = Container()
        let builds = Counter()
        container.register((any Greeter)?.self, scope: .weak) { _ in
            builds.increment()
            return EnglishGreeter()
        }

        var first: (any Greeter)? = try container.tryResolve((any Greeter)?.self)
        let second: (any Greeter)? = try container.tryResolve((any Greeter)?.self)

        #expect(first != nil)
        #expect(first === second)
        #expect(builds.value == 1)
        weak let watched = first
        first = nil
        _ = consume second
        #expect(watched == nil)
        let third: (any Greeter)? = try container.tryResolve((any Greeter)?.self)
        #expect(third != nil)
        #expect(builds.value == 2)
    }

    @Test("A factory that returns nil gives nil, and is asked again next time")
    func aFactoryReturningNilGivesNil() throws {
        let container = Container()
        let builds = Counter()
        container.register(EnglishGreeter?.self, scope: .weak) { _ in
            builds.increment()
            return nil
        }

        let first: EnglishGreeter? = try container.tryResolve(EnglishGreeter?.self)
        let second: EnglishGreeter? = try container.tryResolve(EnglishGreeter?.self)

        #expect(first == nil)
        #expect(second == nil)
        #expect(builds.value == 2)
    }

    @Test("An optional of a value type is still refused, with the reason")
    func anOptionalValueIsRefused() {
        let container = Container()
        container.register(Int?.self, scope: .weak) { _ in 1 }

        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Int?.self) }
        #expect(error?.kind == .weakValueType)
    }
}

/// A class that `.weak` is registered as, while its factory makes a subclass.
class WeakBase {}
final class WeakDerived: WeakBase {
    let label: String
    init(label: String) { self.label = label }
}
