import Foundation
import Keystone
import Testing

/// The examples and claims of the Resolver notes (seeds/001), rewritten in Keystone's API.
///
/// Resolver → Keystone: `.application` → `.singleton`, `.cached` + `ResolverScope.cached.reset()`
/// → `.cached("x")` + `container.reset(.cached("x"))`, `.graph` → `.graph` (the default in
/// both), `.shared` → `.weak` (Resolver's `shared` is weak), `.unique` → `.transient`,
/// `.implements(P.self)` → `.bind(P.self)`, `resolveProperties` → `.then`.
///
/// The property wrappers keep their names (`@Injected`, `@LazyInjected`, `@WeakLazyInjected`);
/// `ResolverRegistering.registerAllServices()` is ``AutoRegistering`` (here, the test
/// process's hook calls ``registerAllServices(in:)``). `@InjectedObject` is SwiftUI-only
/// (an `ObservableObject` in a view): a view model resolved with `@Injected` and held by
/// `@StateObject`/`@ObservedObject` replaces it.
@Suite("Resolver seed examples")
struct ResolverSeedTests {
    // MARK: - Graph scope: a depends on b and c, b and c both depend on d

    @Test func graphScopeSharesDWithinOneResolutionOfA() throws {
        let container = Container()
        registerABCD(in: container)

        let a: A = container.resolve()

        #expect(a.b.d === a.c.d)
    }

    @Test func graphScopeMakesANewDForTheNextResolutionOfA() {
        let container = Container()
        registerABCD(in: container)

        let first: A = container.resolve()
        let second: A = container.resolve()

        #expect(first !== second)
        #expect(first.b.d !== second.b.d)
        #expect(second.b.d === second.c.d)
    }

    @Test func graphIsTheDefaultScope() {
        #expect(Container().defaultScope == .graph)
    }

    @Test func transientDefaultScopeGivesBAndCTheirOwnD() {
        let container = Container(defaultScope: .transient)
        registerABCD(in: container)

        let a: A = container.resolve()

        #expect(a.b.d !== a.c.d)
    }

    @Test func transientDOnlyGivesBAndCTheirOwnD() {
        let container = Container()
        registerABCD(in: container)
        container.register(D.self, scope: .transient) { _ in D() }  // replaces the graph-scoped D

        let a: A = container.resolve()

        #expect(a.b.d !== a.c.d)
    }

    // MARK: - Application, cached, shared, unique

    @Test func applicationScopeIsSingletonAcrossResolutions() {
        let container = Container()
        container.register(XYZService.self, scope: .singleton) { _ in XYZService() }

        let first: XYZService = container.resolve()
        let second: XYZService = container.resolve()

        #expect(first === second)
        let other = Container()
        other.register(XYZService.self, scope: .singleton) { _ in XYZService() }
        #expect(other.resolve(XYZService.self) !== first)
    }

    @Test func cachedScopeKeepsOneInstanceUntilReset() {
        let container = Container()
        container.register(XYZService.self, scope: .cached("x")) { _ in XYZService() }

        let first: XYZService = container.resolve()
        let second: XYZService = container.resolve()
        #expect(first === second)

        container.reset(.cached("x"))  // Resolver: ResolverScope.cached.reset()

        let third: XYZService = container.resolve()
        let fourth: XYZService = container.resolve()
        #expect(third !== first)
        #expect(third === fourth)
    }

    @Test func resettingOneCachedScopeLeavesOtherScopesAlone() {
        let container = Container()
        container.register(XYZService.self, name: "session", scope: .cached("x")) { _ in XYZService() }
        container.register(XYZService.self, name: "other", scope: .cached("y")) { _ in XYZService() }
        container.register(XYZService.self, name: "app", scope: .singleton) { _ in XYZService() }
        let session = container.resolve(XYZService.self, name: "session")
        let other = container.resolve(XYZService.self, name: "other")
        let app = container.resolve(XYZService.self, name: "app")

        container.reset(.cached("x"))

        #expect(container.resolve(XYZService.self, name: "session") !== session)
        #expect(container.resolve(XYZService.self, name: "other") === other)
        #expect(container.resolve(XYZService.self, name: "app") === app)
    }

    @Test func cachedViewModelIsSharedByMasterAndDetail() {
        let container = Container()
        container.register(ListViewModel.self, scope: .cached("x")) { _ in ListViewModel() }
        container.register(MasterViewController.self, scope: .transient) { r in
            try MasterViewController(viewModel: r.resolve())
        }
        container.register(DetailViewController.self, scope: .transient) { r in
            try DetailViewController(viewModel: r.resolve())
        }

        let master: MasterViewController = container.resolve()
        let detail: DetailViewController = container.resolve()

        #expect(master.viewModel === detail.viewModel)
    }

    @Test func sharedScopeIsWeakAndReusesTheInstanceWhileSomeoneHoldsIt() {
        let container = Container()
        let serials = Counter()
        container.register(Serial.self, scope: .weak) { _ in Serial(number: serials.next()) }

        let first: Serial = container.resolve()
        let second: Serial = container.resolve()

        #expect(first === second)
        #expect(serials.count == 1)
    }

    @Test func sharedScopeBuildsANewInstanceOnceNobodyHoldsIt() {
        let container = Container()
        let serials = Counter()
        container.register(Serial.self, scope: .weak) { _ in Serial(number: serials.next()) }
        var first: Serial? = container.resolve(Serial.self)
        var second: Serial? = container.resolve(Serial.self)
        weak let probe = first
        #expect(first?.number == 1)
        #expect(second?.number == 1)

        first = nil
        second = nil
        #expect(probe == nil)  // the container did not keep it alive

        let third: Serial = container.resolve()
        #expect(third.number == 2)
        #expect(serials.count == 2)
    }

    @Test func uniqueScopeIsTransient() {
        let container = Container()
        container.register(XYZService.self, scope: .transient) { _ in XYZService() }

        let first: XYZService = container.resolve()
        let second: XYZService = container.resolve()

        #expect(first !== second)
    }

    /// Resolver: "value types, including structs, are never shared since the concept of a
    /// weak reference to them doesn't apply" — Resolver quietly treats them as unique.
    /// Keystone deliberately differs: a `.weak` registration of a value type fails with
    /// `weakValueType`, so that nobody believes a value is shared when it is not.
    @Test func valueTypeUnderWeakScopeIsReportedInsteadOfSilentlyUnique() {
        let container = Container()
        container.register(ValueService.self, scope: .weak) { _ in ValueService(number: 7) }

        let error = #expect(throws: ResolutionError.self) {
            try container.tryResolve(ValueService.self)
        }

        #expect(error?.kind == .weakValueType)
        #expect(error?.service == "ValueService")
    }

    @Test func valueTypeBehindAProtocolUnderWeakScopeIsReportedToo() {
        let container = Container()
        container.register(Numbered.self, scope: .weak) { _ in ValueService(number: 7) }

        let error = #expect(throws: ResolutionError.self) {
            try container.tryResolve(Numbered.self)
        }

        #expect(error?.kind == .weakValueType)
    }

    @Test func valueTypeUnderTransientScopeIsTheExplicitWayToGetResolversBehaviour() throws {
        let container = Container()
        container.register(ValueService.self, scope: .transient) { _ in ValueService(number: 7) }

        let value = try container.tryResolve(ValueService.self)

        #expect(value.number == 7)
    }

    // MARK: - Types, protocols, optionals

    @Test func serviceTypeIsInferredFromTheFactory() {
        let container = Container()
        container.register(scope: .singleton) { _ in XYZService() }

        let service: XYZService? = container.resolveOptional()

        #expect(service != nil)
    }

    @Test func protocolBoundToARegistrationResolvesTheSameInstance() throws {
        let container = Container()
        container.register(XYZService.self, scope: .singleton) { _ in XYZService() }
            .bind(XYZServiceProtocol.self)  // Resolver: .implements(XYZServiceProtocol.self)

        let concrete: XYZService = container.resolve()
        let abstract: XYZServiceProtocol = container.resolve()

        #expect(abstract.id == concrete.id)
        #expect((abstract as? XYZService) === concrete)
    }

    @Test func optionalResolveGivesNilWhenNotRegistered() {
        let container = Container()
        container.register(XYZService.self) { _ in XYZService() }

        let missing: XYZServiceProtocol? = container.resolveOptional()
        let present: XYZService? = container.resolveOptional()

        #expect(missing == nil)
        #expect(present != nil)
    }

    // MARK: - Named instances

    @Test func namedInstancesResolveTheirOwnRegistration() {
        let container = Container()
        container.register(XYZServiceProtocol.self, name: .fredService) { _ in NamedService(label: "Fred") }
        container.register(XYZServiceProtocol.self, name: .barneyService) { _ in NamedService(label: "Barney") }

        let fred = container.resolve(XYZServiceProtocol.self, name: .fredService)
        let barney = container.resolve(XYZServiceProtocol.self, name: "Barney")

        #expect((fred as? NamedService)?.label == "Fred")
        #expect((barney as? NamedService)?.label == "Barney")
    }

    @Test func unnamedResolveOfANamedOnlyServiceFailsAndListsTheNames() {
        let container = Container()
        container.register(XYZServiceProtocol.self, name: .fredService) { _ in NamedService(label: "Fred") }

        let error = #expect(throws: ResolutionError.self) {
            try container.tryResolve(XYZServiceProtocol.self)
        }

        #expect(error?.kind == .notRegistered)
        #expect(error?.nearMisses.count == 1)
        #expect(error?.nearMisses.first?.contains("\"Fred\"") == true)
    }

    // MARK: - Argument passing

    @Test func argumentsArePassedToTheFactory() {
        let container = Container()
        container.register(ConfiguredService.self, scope: .transient) { (_, condition: Bool) in
            ConfiguredService(condition: condition, label: "default")
        }
        container.register(ConfiguredService.self, scope: .transient) { (_, condition: Bool, label: String) in
            ConfiguredService(condition: condition, label: label)
        }

        let one: ConfiguredService = container.resolve(arguments: true)
        let two: ConfiguredService = container.resolve(arguments: false, "custom")

        #expect(one.condition == true)
        #expect(one.label == "default")
        #expect(two.condition == false)
        #expect(two.label == "custom")
    }

    @Test func argumentsOfTheWrongTypeAreAnArgumentMismatch() {
        let container = Container()
        container.register(ConfiguredService.self, scope: .transient) { (_, condition: Bool) in
            ConfiguredService(condition: condition, label: "default")
        }

        let error = #expect(throws: ResolutionError.self) {
            try container.tryResolve(ConfiguredService.self, arguments: "true")
        }

        #expect(error?.kind == .argumentMismatch)
        #expect(error?.argumentTypes == "(String)")
    }

    // MARK: - Child containers

    @Test func childResolvesLocallyFirstThenFromTheParent() {
        let parent = Container()
        parent.register(XYZServiceProtocol.self) { _ in NamedService(label: "parent") }
        parent.register(ConfiguredService.self) { _ in ConfiguredService(condition: true, label: "parent") }
        let child = Container(parent: parent)
        child.register(XYZServiceProtocol.self) { _ in NamedService(label: "mock") }

        let overridden = child.resolve(XYZServiceProtocol.self)
        let inherited = child.resolve(ConfiguredService.self)
        let parentOwn = parent.resolve(XYZServiceProtocol.self)

        #expect((overridden as? NamedService)?.label == "mock")
        #expect(inherited.label == "parent")
        #expect((parentOwn as? NamedService)?.label == "parent")
    }

    @Test func parentSingletonIsSharedWithItsChildren() {
        let parent = Container()
        parent.register(XYZService.self, scope: .singleton) { _ in XYZService() }
        let child = Container(parent: parent)
        let sibling = Container(parent: parent)

        let fromChild: XYZService = child.resolve()
        let fromParent: XYZService = parent.resolve()
        let fromSibling: XYZService = sibling.resolve()

        #expect(fromChild === fromParent)
        #expect(fromSibling === fromParent)
    }

    @Test func disposingAChildLeavesTheParentWorking() {
        let parent = Container()
        parent.register(XYZService.self, scope: .singleton) { _ in XYZService() }
        let child = Container(parent: parent)
        child.register(ConfiguredService.self, scope: .singleton) { _ in
            ConfiguredService(condition: true, label: "child")
        }
        let shared: XYZService = child.resolve()

        child.dispose()

        #expect(child.isDisposed)
        #expect(!parent.isDisposed)
        #expect(parent.resolve(XYZService.self) === shared)
        let error = #expect(throws: ResolutionError.self) {
            try child.tryResolve(XYZService.self)
        }
        #expect(error?.kind == .disposed)
    }

    // MARK: - Cyclic dependencies

    @Test func cyclicDependencyIsCompletedByThenInGraphScope() throws {
        let container = Container()
        registerCyclicPair(in: container, scope: .graph)

        let first: CyclicA = container.resolve()
        let second: CyclicA = container.resolve()

        let b = try #require(first.b)
        #expect(b.a === first)
        let secondB = try #require(second.b)
        #expect(secondB.a === second)
        #expect(second !== first)
        #expect(secondB !== b)
    }

    @Test func cyclicDependencyIsCompletedByThenInSingletonScope() throws {
        let container = Container()
        registerCyclicPair(in: container, scope: .singleton)

        let a: CyclicA = container.resolve()
        let b: CyclicB = container.resolve()

        #expect(a.b === b)
        #expect(b.a === a)
        #expect(container.resolve(CyclicA.self) === a)
    }

    @Test func cyclicDependencyWithoutThenIsReportedAsACycle() {
        let container = Container()
        container.register(CycleLeft.self) { r in try CycleLeft(right: r.resolve()) }
        container.register(CycleRight.self) { r in try CycleRight(left: r.resolve()) }

        let error = #expect(throws: ResolutionError.self) {
            try container.tryResolve(CycleLeft.self)
        }

        #expect(error?.kind == .cycle)
        #expect(error?.path == ["CycleLeft", "CycleRight", "CycleLeft"])
    }
}

// MARK: - Property wrappers and injection strategies

extension ResolverSeedTests {
    /// What `ResolverRegistering.registerAllServices()` would register: run by the test
    /// process's `AutoRegistering` hook on `Container.shared`, so that the property
    /// wrappers below resolve without any test registering anything.
    static func registerAllServices(in container: Container) {
        container.register(WrappedD.self) { _ in WrappedD() }
        container.register(WrappedB.self) { r in try WrappedB(d: r.resolve()) }
        container.register(WrappedC.self) { r in try WrappedC(d: r.resolve()) }
        container.register(WrappedA.self) { r in try WrappedA(b: r.resolve(), c: r.resolve()) }
        container.register(LazyService.self, scope: .singleton) { _ in LazyService() }
        container.register(SharedService.self, scope: .weak) { _ in SharedService() }  // Resolver's .shared
    }

    /// `@Injected private var a: A`: one resolution, so B and C share one D.
    @Test func injectedPropertyResolvesTheGraphWhenTheOwnerIsCreated() {
        let controller = GraphViewController()

        #expect(controller.bAndCShareD)
    }

    @Test func lazyInjectedResolvesOnFirstAccess() {
        let controller = LazyViewController()
        #expect(controller.$service.object == nil)

        let service = controller.service

        #expect(service === Container.shared.resolve(LazyService.self))
        #expect(controller.$service.object === service)
    }

    @Test func weakLazyInjectedLetsTheSharedInstanceGo() {
        var owner: SharedService? = Container.shared.resolve()
        let controller = WeakViewController()

        #expect(controller.service === owner)
        owner = nil
        #expect(controller.service == nil)
    }

    @Test func constructorInjection() {
        let container = Container()
        container.register(XYZService.self) { _ in XYZService() }
        container.register(ConstructorInjected.self) { r in try ConstructorInjected(service: r.resolve()) }

        #expect(container.resolveOptional(ConstructorInjected.self) != nil)
    }

    @Test func propertyInjection() {
        let container = Container()
        container.register(XYZService.self) { _ in XYZService() }
        container.register(PropertyInjected.self) { _ in PropertyInjected() }
            .then { r, object in object.service = try r.resolve() }  // Resolver: resolveProperties

        #expect(container.resolve(PropertyInjected.self).service != nil)
    }

    @Test func methodInjection() {
        let container = Container()
        container.register(XYZService.self) { _ in XYZService() }
        let object = PropertyInjected()

        object.set(service: container.resolve())

        #expect(object.service != nil)
    }

    @Test func serviceLocatorAndInterfaceInjection() {
        let container = Container()
        container.register(XYZService.self, scope: .singleton) { _ in XYZService() }
        let locator = ServiceLocating(container: container)

        #expect(locator.makeService() === container.resolve(XYZService.self))
    }
}

// MARK: - Helpers

extension ResolverSeedTests {
    private func registerABCD(in container: Container) {
        container.register(D.self) { _ in D() }
        container.register(B.self) { r in try B(d: r.resolve()) }
        container.register(C.self) { r in try C(d: r.resolve()) }
        container.register(A.self) { r in try A(b: r.resolve(), c: r.resolve()) }
    }

    private func registerCyclicPair(in container: Container, scope: Scope) {
        container.register(CyclicA.self, scope: scope) { _ in CyclicA() }
            .then { r, a in a.b = try r.resolve() }
        container.register(CyclicB.self, scope: scope) { r in try CyclicB(a: r.resolve()) }
    }
}

// MARK: - The notes' types

extension Name {
    fileprivate static let fredService: Name = "Fred"
    fileprivate static let barneyService: Name = "Barney"
}

extension ResolverSeedTests {
    fileprivate final class D {}

    fileprivate final class B {
        let d: D
        init(d: D) { self.d = d }
    }

    fileprivate final class C {
        let d: D
        init(d: D) { self.d = d }
    }

    fileprivate final class A {
        let b: B
        let c: C
        init(b: B, c: C) {
            self.b = b
            self.c = c
        }
    }

    fileprivate protocol XYZServiceProtocol {
        var id: ObjectIdentifier { get }
    }

    fileprivate final class XYZService: XYZServiceProtocol {
        var id: ObjectIdentifier { ObjectIdentifier(self) }
    }

    fileprivate final class NamedService: XYZServiceProtocol {
        let label: String
        var id: ObjectIdentifier { ObjectIdentifier(self) }
        init(label: String) { self.label = label }
    }

    fileprivate final class ConfiguredService {
        let condition: Bool
        let label: String
        init(condition: Bool, label: String) {
            self.condition = condition
            self.label = label
        }
    }

    fileprivate protocol Numbered {
        var number: Int { get }
    }

    fileprivate struct ValueService: Numbered {
        let number: Int
    }

    fileprivate final class Serial {
        let number: Int
        init(number: Int) { self.number = number }
    }

    /// Numbers the instances a factory builds, from any thread.
    fileprivate final class Counter: @unchecked Sendable {  // `lock` guards `value`.
        private let lock = NSLock()
        private var value = 0

        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }

        var count: Int { lock.withLock { value } }
    }

    fileprivate final class ListViewModel {}

    fileprivate final class MasterViewController {
        let viewModel: ListViewModel
        init(viewModel: ListViewModel) { self.viewModel = viewModel }
    }

    fileprivate final class DetailViewController {
        let viewModel: ListViewModel
        init(viewModel: ListViewModel) { self.viewModel = viewModel }
    }

    fileprivate final class CyclicA {
        var b: CyclicB?
    }

    fileprivate final class CyclicB {
        weak var a: CyclicA?
        init(a: CyclicA) { self.a = a }
    }

    fileprivate final class CycleLeft {
        let right: CycleRight
        init(right: CycleRight) { self.right = right }
    }

    fileprivate final class CycleRight {
        let left: CycleLeft
        init(left: CycleLeft) { self.left = left }
    }
}

extension ResolverSeedTests {
    fileprivate final class WrappedD {}

    fileprivate final class WrappedB {
        let d: WrappedD
        init(d: WrappedD) { self.d = d }
    }

    fileprivate final class WrappedC {
        let d: WrappedD
        init(d: WrappedD) { self.d = d }
    }

    fileprivate final class WrappedA {
        let b: WrappedB
        let c: WrappedC
        init(b: WrappedB, c: WrappedC) {
            self.b = b
            self.c = c
        }
    }

    fileprivate final class GraphViewController {
        @Injected private var a: WrappedA

        var bAndCShareD: Bool { a.b.d === a.c.d }
    }

    fileprivate final class LazyService: Sendable {}

    fileprivate final class LazyViewController {
        @LazyInjected var service: LazyService
    }

    fileprivate final class SharedService: Sendable {}

    fileprivate final class WeakViewController {
        @WeakLazyInjected var service: SharedService?
    }

    fileprivate final class ConstructorInjected {
        let service: XYZService
        init(service: XYZService) { self.service = service }
    }

    fileprivate final class PropertyInjected {
        var service: XYZService?
        func set(service: XYZService) { self.service = service }
    }

    /// Service locator: the object asks the container. Interface injection: through an
    /// accessor function it declares.
    fileprivate struct ServiceLocating {
        let container: Container
        func makeService() -> XYZService { container.resolve() }
    }
}
