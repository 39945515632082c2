import Foundation
import Keystone
import KeystoneZerk
import Testing

// What the compatibility layer adds to Zerk: a Keystone container underneath (reachable,
// verifiable, shared with Keystone's own API), Keystone's diagnostics where Zerk ended in a
// bare fatal error or a stack overflow, and thread safety.
//
// This file imports both modules, so Zerk's wrapper is written `KeystoneZerk.Injected`.

@Suite("Zerk's container is Keystone's")
struct ZerkContainerTests {
    @Test("The standard storage is Container.shared, read at each use")
    func standardStorageIsShared() {
        let container = Container()
        Container.withShared(container) {
            #expect(Zerk.container === container)
            Zerk.store.singleton(Engine() as EngineProtocol)
            let restored: EngineProtocol = Zerk.standardStorage.restore()
            #expect(container.resolve(EngineProtocol.self) === restored)
        }
        #expect(Zerk.container !== container)
    }

    @Test("What Keystone registers, Zerk restores and injects")
    func keystoneRegistrationsAreRestored() {
        let container = Container()
        container.register(EngineProtocol.self, scope: .singleton) { _ in Engine() }
        Container.withShared(container) {
            let restored: EngineProtocol = Zerk.standardStorage.restore()
            #expect(restored === container.resolve(EngineProtocol.self))
            final class Car {
                @KeystoneZerk.Injected var engine: EngineProtocol
            }
            #expect(Car().engine === restored)
            // Keystone decides the instance; the wrapper cannot tell the scope, so it asks
            // the container at each getInstance.
            #expect(Zerk.standardStorage.restore(EngineProtocol.self).lifeTime == .transient)
        }
    }

    @Test("A singleton whose wrappers restore from its own container does not keep it alive")
    func noRetainCycle() {
        final class WiredCar: CarProtocol {
            @KeystoneZerk.Injected var wiredEngine: EngineProtocol
            var engine: EngineProtocol { wiredEngine }
        }
        weak var weakContainer: Container?
        do {
            let container = Container()
            weakContainer = container
            Container.withShared(container) {
                Zerk.store
                    .transient(Engine() as EngineProtocol)
                    .singleton { WiredCar() as CarProtocol }
                let car: CarProtocol = Zerk.standardStorage.restore()
                #expect(car.engine is Engine)
            }
        }
        #expect(weakContainer == nil)
    }

    @Test("Storing a type again replaces it, whether or not each builder reads arguments")
    func storingAgainReplaces() {
        let storage = Zerk.newStorage()
        storage.transient(Wheel(size: 1) as WheelProtocol)
        storage.transient { _, arguments in Wheel(size: arguments.size) as WheelProtocol }
        let withNone: WheelProtocol = storage.restore(with: .arguments(size: 2))
        #expect(withNone.size == 2)
        // The argument-less registration it replaced now makes it with none: not verified.
        #expect(storage.container.verify().unchecked.count == 2)

        storage.transient(Wheel(size: 3) as WheelProtocol)
        let plain: WheelProtocol = storage.restore()
        let withSome: WheelProtocol = storage.restore(with: .arguments(size: 4))
        #expect(plain.size == 3 && withSome.size == 3)
        #expect(storage.container.resolve(WheelProtocol.self).size == 3)
    }

    @Test("The migration guide's check of the whole graph")
    func verifyTheSharedGraph() {
        Container.withShared(Container()) {
            Zerk.store.singleton(Engine() as EngineProtocol)
            let container = Zerk.container
            let report = container.verify()
            #expect(report.isValid)
            #expect(report.graph.nodes.contains { $0.service == "EngineProtocol" })
        }
    }

    @Test("A storage over a container stores in it; a new storage is apart from the standard one")
    func storages() {
        let container = Container()
        let storage = Zerk.storage(in: container)
        storage.transient { _, arguments in Wheel(size: arguments.size) as WheelProtocol }
        #expect(storage.container === container)
        let wheel: WheelProtocol = container.resolve(arguments: DependencyArguments.arguments(size: 17))
        #expect(wheel.size == 17)

        let own = Zerk.newStorage()
        own.singleton(Engine() as EngineProtocol)
        Container.withShared(Container()) {
            #expect(Zerk.container.resolveOptional(EngineProtocol.self) == nil)
        }
        #expect(own.container.resolveOptional(EngineProtocol.self) != nil)
    }

    @Test("Stored `as:` other types, a dependency is restorable as those types only")
    func aliasesOnly() {
        let storage = Zerk.newStorage()
        storage.singleton({ _, _ in Engine() }, as: EngineProtocol.self)
        #expect(storage.container.resolveOptional(EngineProtocol.self, arguments: DependencyArguments.arguments) != nil)
        #expect(storage.container.resolveOptional(Engine.self) == nil)
    }

    @Test("verify() checks a Zerk graph, and reports a missing dependency of a typed builder")
    func verify() {
        let storage = Zerk.newStorage()
        storage
            .singleton(Engine() as EngineProtocol)
            .transient { (engine: EngineProtocol) in Car(engine: engine) as CarProtocol }
            .transient { _, arguments in Wheel(size: arguments.size) as WheelProtocol }
        let report = storage.container.verify()
        #expect(report.isValid, "\(report)")
        #expect(report.graph.nodes.contains { $0.service == "CarProtocol" })

        let broken = Zerk.newStorage()
        broken.transient { (engine: EngineProtocol) in Car(engine: engine) as CarProtocol }
        let problems = broken.container.verify().problems
        #expect(problems.contains { $0.kind == .missingDependency && $0.path.last == "EngineProtocol" })
    }

    @Test("verify() reports a builder's restore of a missing dependency instead of ending the process")
    func verifySurvivesRestore() {
        let storage = Zerk.newStorage()
        storage.transient { (storage: DependencyRestoring) in
            Car(engine: storage.restore() as EngineProtocol) as CarProtocol
        }
        let report = storage.container.verify()
        #expect(
            report.problems.contains { $0.kind == .missingDependency && $0.path.last == "EngineProtocol" }, "\(report)")
    }
}

@Suite("Zerk's failures are Keystone's diagnostics")
struct ZerkDiagnosticsTests {
    @Test("Restoring a type that was not stored traps with the full diagnostic")
    func missing() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let storage = Zerk.newStorage()
            let _: EngineProtocol = storage.restore()
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("No registration for `EngineProtocol`"))
        #expect(message.contains("To fix,"))
    }

    @Test("A missing dependency of a dependency traps with the path that led to it")
    func missingNested() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let storage = Zerk.newStorage()
            storage.transient { storage in Car(engine: storage.restore()) as CarProtocol }
            let _: CarProtocol = storage.restore()
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("`EngineProtocol`"))
        #expect(message.contains("CarProtocol"))
        #expect(message.contains("To fix,"))
    }

    @Test("A cycle traps with its path instead of overflowing the stack")
    func cycle() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let storage = Zerk.newStorage()
            storage
                .transient { storage in Chicken(egg: storage.restore()) as ChickenProtocol }
                .transient { (chicken: ChickenProtocol) in Egg(chicken: chicken) as EggProtocol }
            let _: ChickenProtocol = storage.restore()
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("ChickenProtocol → EggProtocol → ChickenProtocol"))
    }

    @Test("The Dependency wrapper of a type that was not stored traps when asked for an instance")
    func missingWrapper() async {
        await #expect(processExitsWith: .failure) {
            let dependency = Zerk.newStorage().restore(EngineProtocol.self)
            let _: EngineProtocol = dependency.getInstance()
        }
    }

    @Test("@Injected of a type that was not stored traps when its owner is made")
    func missingInjected() async {
        await #expect(processExitsWith: .failure) {
            final class Car {
                @KeystoneZerk.Injected(from: Zerk.newStorage()) var engine: EngineProtocol
            }
            _ = Car()
        }
    }

    @Test("An argument read by a name that was not given traps, naming the ones given")
    func missingArgument() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let storage = Zerk.newStorage()
            storage.transient { _, arguments in Wheel(size: arguments.size) as WheelProtocol }
            let _: WheelProtocol = storage.restore(with: .arguments(diameter: 17))
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("no argument named `size`"))
        #expect(message.contains("diameter: Int"))
    }

    @Test("An argument of another type traps, naming both types")
    func mistypedArgument() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let storage = Zerk.newStorage()
            storage.transient { _, arguments in Wheel(size: arguments.size) as WheelProtocol }
            let _: WheelProtocol = storage.restore(with: .arguments(size: "big"))
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("`size` is a `String`, not a `Int`"))
    }

    @Test("A dependency stored `as:` a type it is not traps with the diagnostic when restored as it")
    func aliasMismatch() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let storage = Zerk.newStorage()
            storage.singleton({ _, _ in Engine() }, as: EngineProtocol.self, WheelProtocol.self)
            let _: WheelProtocol = storage.restore()
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("made a `Engine`, which is not a `WheelProtocol`"))
        #expect(message.contains("To fix,"))
    }
}

/// Races threads: run under ThreadSanitizer in CI.
@Suite("Zerk is thread-safe")
struct ZerkThreadSafetyTests {
    @Test("A singleton restored from many tasks at once is made once")
    func singletonOnce() async {
        let storage = Zerk.newStorage()
        let made = MadeCounter()
        storage.singleton { () -> EngineProtocol in
            made.increment()
            return Engine()
        }
        let identifiers = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    let engine: EngineProtocol = storage.restore()
                    return ObjectIdentifier(engine)
                }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identifiers.count == 1)
        #expect(made.value == 1)
    }

    @Test("Storing and restoring from many tasks at once")
    func storeWhileRestoring() async {
        let storage = Zerk.newStorage()
        storage.transient(Engine() as EngineProtocol)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        storage.transient { _, arguments in Wheel(size: arguments.size) as WheelProtocol }
                    } else {
                        let engine: EngineProtocol = storage.restore()
                        #expect(engine is Engine)
                    }
                }
            }
        }
        let wheel: WheelProtocol = storage.restore(with: .arguments(size: 3))
        #expect(wheel.size == 3)
    }

    @Test("A scoped dependency read through one wrapper from many threads at once is made once")
    func scopedWrapperMadeOnce() {
        let storage = Zerk.newStorage()
        let made = MadeCounter()
        let arrived = DispatchSemaphore(value: 0)
        let readers = 8
        @Sendable func makeEngine() -> Engine {
            made.increment()
            // Every reader has started reading before the first one is made.
            for _ in 0..<readers - 1 { _ = arrived.wait(timeout: .now() + 10) }
            return Engine()
        }
        storage.scoped(makeEngine() as EngineProtocol)
        let owner = ScopedEngineOwner(storage: storage)
        let seen = SeenEngines()
        let done = DispatchGroup()
        for _ in 0..<readers {
            done.enter()
            Thread {
                arrived.signal()
                seen.insert(owner.engine)
                done.leave()
            }
            .start()
        }
        done.wait()
        #expect(made.value == 1)
        #expect(seen.count == 1)
    }
}

/// Owns a scoped engine, read from several threads.
///
/// The wrapper is a stored value rather than `@Injected`, whose default would restore from
/// the standard storage before `init` could name another. `@unchecked Sendable`: the wrapper
/// is never reassigned, and its kept instance is safe to read from any thread.
final class ScopedEngineOwner: @unchecked Sendable {
    private let injected: KeystoneZerk.Injected<EngineProtocol>

    init(storage: DependencyRestoring) {
        injected = KeystoneZerk.Injected(from: storage)
    }

    var engine: EngineProtocol { injected.wrappedValue }
}

/// The distinct engines threads saw.
///
/// `@unchecked Sendable`: `engines` is guarded by `lock`.
final class SeenEngines: @unchecked Sendable {
    private let lock = NSLock()
    private var engines: Set<ObjectIdentifier> = []

    var count: Int { lock.withLock { engines.count } }

    func insert(_ engine: EngineProtocol) { _ = lock.withLock { engines.insert(ObjectIdentifier(engine)) } }
}

protocol EngineProtocol: AnyObject {}
final class Engine: EngineProtocol {}

protocol CarProtocol: AnyObject {
    var engine: EngineProtocol { get }
}
final class Car: CarProtocol {
    let engine: EngineProtocol
    init(engine: EngineProtocol) { self.engine = engine }
}

protocol WheelProtocol {
    var size: Int { get }
}
struct Wheel: WheelProtocol {
    let size: Int
}

protocol ChickenProtocol: AnyObject {}
final class Chicken: ChickenProtocol {
    let egg: EggProtocol
    init(egg: EggProtocol) { self.egg = egg }
}
protocol EggProtocol: AnyObject {}
final class Egg: EggProtocol {
    let chicken: ChickenProtocol
    init(chicken: ChickenProtocol) { self.chicken = chicken }
}

/// Counts how many times something was made.
///
/// `@unchecked Sendable`: `count` is guarded by `lock`.
final class MadeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}
