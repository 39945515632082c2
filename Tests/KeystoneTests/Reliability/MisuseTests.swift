import Dispatch
import Foundation
import Testing

@testable import Keystone

// One test per row of Sources/Keystone/Keystone.docc/MisuseCatalogue.md. Each checks what the
// user gets (the error kind, the gist of the message, or a trap) and that the container is
// still usable afterwards.

final class MisuseService {
    let id: Int
    init(id: Int = 0) { self.id = id }
}

final class MisuseDependent {
    let service: MisuseService
    init(service: MisuseService) { self.service = service }
}

final class MisuseSelfNeeding {
    init(_ other: MisuseSelfNeeding?) {}
}

final class MisuseDisposable: Disposable {
    let name: String
    let log: EventLog
    let onDispose: @Sendable () -> Void
    init(_ name: String, log: EventLog, onDispose: @escaping @Sendable () -> Void = {}) {
        self.name = name
        self.log = log
        self.onDispose = onDispose
    }
    func dispose() {
        log.append("dispose \(name)")
        onDispose()
    }
}

final class MisuseSendable: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

struct MisuseValue {
    let text: String
}

protocol MisuseProtocol: AnyObject {}

struct MisuseFailure: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

/// Holds a resolver that escaped its factory, for the stored-resolver rows.
final class ResolverBox: @unchecked Sendable {  // `lock` guards `resolver`.
    private let lock = Lock()
    private var stored: Resolver?
    var resolver: Resolver? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The standard error of an exit test, as text.
private func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

@Suite("Misuse catalogue")
struct MisuseTests {
    // MARK: - Asking for what is not there

    @Test("Missing registration: notRegistered naming the service; nil from resolveOptional")
    func missingRegistration() throws {
        let container = Container()
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseService.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.description.contains("No registration for `MisuseService`"))
        #expect(error.description.contains("To fix, register `MisuseService`"))
        #expect(container.resolveOptional(MisuseService.self) == nil)
        container.register { _ in MisuseService(id: 1) }
        #expect(try container.tryResolve(MisuseService.self).id == 1)
    }

    @Test("Missing registration through resolve: traps with the diagnostic")
    func missingRegistrationTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            _ = container.resolve(MisuseService.self)
        }
        #expect(standardError(result).contains("Keystone: No registration for `MisuseService`"))
    }

    @Test("Wrong name: notRegistered listing the registered names as near misses")
    func wrongName() throws {
        let container = Container()
        container.register(name: "live") { _ in MisuseService(id: 1) }
        let error = try #require(throws: ResolutionError.self) {
            try container.tryResolve(MisuseService.self, name: "mock")
        }
        #expect(error.kind == .notRegistered)
        #expect(error.nearMisses.count == 1)
        #expect(error.nearMisses.first?.contains("name: \"live\"") == true)
        #expect(try container.tryResolve(MisuseService.self, name: "live").id == 1)
    }

    @Test("Wrong argument types: argumentMismatch listing the declared argument types")
    func wrongArgumentTypes() throws {
        let container = Container()
        container.register(scope: .transient) { (_, id: Int) in MisuseService(id: id) }
        let error = try #require(throws: ResolutionError.self) {
            try container.tryResolve(MisuseService.self, arguments: "7")
        }
        #expect(error.kind == .argumentMismatch)
        #expect(error.argumentTypes == "(String)")
        #expect(error.nearMisses.first?.contains("arguments: (Int)") == true)
        #expect(try container.tryResolve(MisuseService.self, arguments: 7).id == 7)
    }

    @Test("Wrong argument count (too many, too few): argumentMismatch; nil from resolveOptional")
    func wrongArgumentCount() throws {
        let container = Container()
        container.register(scope: .transient) { (_, id: Int, _: String) in MisuseService(id: id) }
        let tooFew = try #require(throws: ResolutionError.self) {
            try container.tryResolve(MisuseService.self, arguments: 1)
        }
        #expect(tooFew.kind == .argumentMismatch)
        let none = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseService.self) }
        #expect(none.kind == .argumentMismatch)
        let tooMany = try #require(throws: ResolutionError.self) {
            try container.tryResolve(MisuseService.self, arguments: 1, "x", 2.0)
        }
        #expect(tooMany.kind == .argumentMismatch)
        #expect(tooMany.description.contains("takes these arguments"))
        #expect(container.resolveOptional(MisuseService.self, arguments: 1) == nil)
        #expect(try container.tryResolve(MisuseService.self, arguments: 3, "x").id == 3)
    }

    @Test("An argument of a subtype, or not optional where the factory takes an optional: argumentMismatch")
    func argumentOfRelatedType() throws {
        let container = Container()
        container.register(scope: .transient) { (_, client: any APIClient) in DiskStorage(client: client) }
        container.register(scope: .transient) { (_, id: Int?) in MisuseService(id: id ?? -1) }
        let subtype = try #require(throws: ResolutionError.self) {
            try container.tryResolve(DiskStorage.self, arguments: LiveAPIClient())
        }
        #expect(subtype.kind == .argumentMismatch)
        #expect(subtype.argumentTypes == "(LiveAPIClient)")
        #expect(subtype.nearMisses.first?.contains("APIClient") == true)
        let optional = try #require(throws: ResolutionError.self) {
            try container.tryResolve(MisuseService.self, arguments: 3)
        }
        #expect(optional.kind == .argumentMismatch)
        // Passing the declared types works.
        #expect(
            try container.tryResolve(DiskStorage.self, arguments: LiveAPIClient() as any APIClient).client
                is LiveAPIClient)
        #expect(try container.tryResolve(MisuseService.self, arguments: Int?.some(3)).id == 3)
    }

    @Test("Resolving an Optional type: the wrapped registration answers; notRegistered if none")
    func optionalType() throws {
        let container = Container()
        let missing = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseService?.self) }
        #expect(missing.kind == .notRegistered)
        #expect(missing.description.contains("Optional<MisuseService>"))
        container.register(scope: .singleton) { _ in MisuseService(id: 4) }
        let wrapped: MisuseService? = try container.tryResolve()
        #expect(wrapped?.id == 4)
        #expect(try container.tryResolve(MisuseService.self) === wrapped)
    }

    // MARK: - Graphs that cannot be built

    @Test("A cycle: cycle error with the path; the rest of the container still resolves")
    func cycle() throws {
        let container = Container()
        container.register(scope: .singleton) { r in try MisuseSelfNeeding(r.resolve(MisuseSelfNeeding.self)) }
        container.register { _ in MisuseService(id: 2) }
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseSelfNeeding.self) }
        #expect(error.kind == .cycle)
        #expect(error.path == ["MisuseSelfNeeding", "MisuseSelfNeeding"])
        #expect(error.description.contains("Dependency cycle: MisuseSelfNeeding → MisuseSelfNeeding"))
        #expect(try container.tryResolve(MisuseService.self).id == 2)
        // Completing the cycle after creation fixes it.
        container.register(scope: .singleton) { _ in MisuseSelfNeeding(nil) }
        _ = try container.tryResolve(MisuseSelfNeeding.self)
    }

    @Test("A missing dependency deeper in the graph: notRegistered with the path; resolveOptional traps")
    func missingDependency() async throws {
        let container = Container()
        container.register { r in try MisuseDependent(service: r.resolve()) }
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseDependent.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.path == ["MisuseDependent", "MisuseService"])
        #expect(error.description.contains("while resolving `MisuseDependent`"))
        container.register { _ in MisuseService(id: 5) }
        #expect(try container.tryResolve(MisuseDependent.self).service.id == 5)

        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register { r in try MisuseDependent(service: r.resolve()) }
            _ = container.resolveOptional(MisuseDependent.self)
        }
        #expect(standardError(result).contains("No registration for `MisuseService`"))
    }

    @Test("A factory that throws: factoryFailed wrapping the error; nothing cached, the next resolve retries")
    func factoryThrows() throws {
        let attempts = Counter()
        let container = Container()
        container.register(scope: .singleton) { _ in
            if attempts.increment() == 1 { throw MisuseFailure() }
            return MisuseService(id: 6)
        }
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseService.self) }
        #expect(error.kind == .factoryFailed)
        #expect(error.underlying is MisuseFailure)
        #expect(error.description.contains("The factory of `MisuseService` threw"))
        #expect(error.description.contains("the disk is full"))
        let first: MisuseService = try container.tryResolve()
        #expect(try container.tryResolve(MisuseService.self) === first)
        #expect(attempts.value == 2)
    }

    @Test("An after-creation hook that throws: factoryFailed; the instance is dropped")
    func hookThrows() throws {
        let attempts = Counter()
        let container = Container()
        container.register(scope: .singleton) { _ in MisuseService(id: attempts.value) }
            .then { _, _ in if attempts.increment() == 1 { throw MisuseFailure() } }
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseService.self) }
        #expect(error.kind == .factoryFailed)
        #expect(error.description.contains("after-creation hook"))
        let first: MisuseService = try container.tryResolve()
        #expect(try container.tryResolve(MisuseService.self) === first)
    }

    @Test("A bind converter that throws: conversionFailed with the underlying error")
    func converterThrows() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in MisuseService(id: 8) }
            .bind(MisuseValue.self) { _ in throw MisuseFailure() }
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseValue.self) }
        #expect(error.kind == .conversionFailed)
        #expect(error.underlying is MisuseFailure)
        #expect(error.description.contains("Cannot convert `MisuseService` to `MisuseValue`"))
        #expect(try container.tryResolve(MisuseService.self).id == 8)
    }

    @Test("A bind to a type the instance does not conform to: conversionFailed, never a crash")
    func bindWrongType() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in MisuseService(id: 9) }
            .bind((any MisuseProtocol).self)
        let error = try #require(throws: ResolutionError.self) {
            try container.tryResolve((any MisuseProtocol).self)
        }
        #expect(error.kind == .conversionFailed)
        #expect(error.underlying == nil)
        #expect(try container.tryResolve(MisuseService.self).id == 9)
    }

    @Test("Binding a registration to its own type changes nothing (it used to replace the registration)")
    func bindOwnType() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in MisuseService(id: 10) }
            .bind(MisuseService.self)
        let first: MisuseService = try container.tryResolve()
        #expect(first.id == 10)
        #expect(try container.tryResolve(MisuseService.self) === first)
    }

    @Test("A .weak registration of a value type: weakValueType, not a silent transient")
    func weakValueType() throws {
        let container = Container()
        container.register(scope: .weak) { _ in MisuseValue(text: "v") }
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseValue.self) }
        #expect(error.kind == .weakValueType)
        #expect(error.description.contains("cannot be referenced weakly"))
        container.register(scope: .transient) { _ in MisuseValue(text: "t") }
        #expect(try container.tryResolve(MisuseValue.self).text == "t")
    }

    // MARK: - Lifetimes

    @Test("Resolve after dispose: disposed; nil from resolveOptional; disposing again does nothing")
    func resolveAfterDispose() throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .singleton) { _ in MisuseDisposable("s", log: log) }
        _ = try container.tryResolve(MisuseDisposable.self)
        container.dispose()
        let error = try #require(throws: ResolutionError.self) { try container.tryResolve(MisuseDisposable.self) }
        #expect(error.kind == .disposed)
        #expect(error.description.contains("the container was disposed"))
        #expect(container.resolveOptional(MisuseDisposable.self) == nil)
        container.dispose()
        container.reset(.singleton)
        #expect(log.all == ["dispose s"])
        // A new container is the way on.
        let next = Container()
        next.register(scope: .singleton) { _ in MisuseDisposable("t", log: log) }
        #expect(try next.tryResolve(MisuseDisposable.self).name == "t")
    }

    @Test("Resolve after dispose through resolve: traps with the diagnostic")
    func resolveAfterDisposeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register { _ in MisuseService() }
            container.dispose()
            _ = container.resolve(MisuseService.self)
        }
        #expect(standardError(result).contains("the container was disposed"))
    }

    @Test("Register after dispose: traps naming the service and the call site")
    func registerAfterDispose() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.dispose()
            container.register { _ in MisuseService() }
        }
        let message = standardError(result)
        #expect(message.contains("cannot register `MisuseService`"))
        #expect(message.contains("MisuseTests.swift"))
    }

    @Test("A child of a disposed parent: its own registrations work, the parent's fail with disposed")
    func childOfDisposedParent() throws {
        let parent = Container()
        parent.register(scope: .singleton) { _ in MisuseService(id: 11) }
        parent.dispose()
        let child = Container(parent: parent)
        let error = try #require(throws: ResolutionError.self) { try child.tryResolve(MisuseService.self) }
        #expect(error.kind == .disposed)
        #expect(child.resolveOptional(MisuseService.self) == nil)
        child.register { _ in MisuseValue(text: "own") }
        #expect(try child.tryResolve(MisuseValue.self).text == "own")
        child.register(scope: .singleton) { _ in MisuseService(id: 12) }
        #expect(try child.tryResolve(MisuseService.self).id == 12)
    }

    @Test("Re-registering a key: the new factory wins; the old held instance is disposed once")
    func reRegister() throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .singleton) { _ in MisuseDisposable("old", log: log) }
        _ = try container.tryResolve(MisuseDisposable.self)
        container.register(scope: .singleton) { _ in MisuseDisposable("new", log: log) }
        #expect(log.all == ["dispose old"])
        #expect(try container.tryResolve(MisuseDisposable.self).name == "new")
        container.dispose()
        #expect(log.all == ["dispose old", "dispose new"])
    }

    @Test("Different arguments to a shared registration: the first resolve's instance, whatever is passed")
    func sharedWithOtherArguments() throws {
        let container = Container()
        container.register(scope: .cached("c")) { (_, id: Int) in MisuseService(id: id) }
        #expect(try container.tryResolve(MisuseService.self, arguments: 1).id == 1)
        #expect(try container.tryResolve(MisuseService.self, arguments: 2).id == 1)
        container.reset(.cached("c"))
        #expect(try container.tryResolve(MisuseService.self, arguments: 3).id == 3)
    }

    @Test(
        "Different arguments to a .graph registration in one resolution: the first resolve's instance; .transient builds each"
    )
    func graphWithOtherArguments() throws {
        final class Pair {
            let first: MisuseService
            let second: MisuseService
            init(first: MisuseService, second: MisuseService) {
                self.first = first
                self.second = second
            }
        }
        for (scope, shared) in [(Scope.graph, true), (.transient, false)] {
            let container = Container()
            container.register(scope: scope) { (_, id: Int) in MisuseService(id: id) }
            container.register(scope: .transient) { r in
                try Pair(first: r.resolve(arguments: 1), second: r.resolve(arguments: 2))
            }
            let pair: Pair = try container.tryResolve()
            #expect(pair.first.id == 1)
            #expect(pair.second.id == (shared ? 1 : 2))
            #expect((pair.first === pair.second) == shared)
            // The next resolution builds again, from its own first arguments.
            #expect(try container.tryResolve(MisuseService.self, arguments: 3).id == 3)
        }
    }

    @Test("Resetting a scope by a misspelt name, or a scope that holds nothing: nothing happens")
    func resetWrongScope() throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .cached("session")) { _ in MisuseDisposable("s", log: log) }
        let held: MisuseDisposable = try container.tryResolve()
        container.reset(.cached("Session"))
        container.reset(.transient)
        container.reset(.graph)
        #expect(log.all.isEmpty)
        #expect(try container.tryResolve(MisuseDisposable.self) === held)
        container.reset(.cached("session"))
        #expect(log.all == ["dispose s"])
    }

    // MARK: - Re-entrance

    @Test("Register during a resolve: no crash; the running resolve finishes, the next uses the new factory")
    func registerDuringResolve() throws {
        // Replacing a registration that this resolution already used frees its old entry;
        // the next entry made may reuse its address. The resolution's graph cache used to be
        // keyed by that address alone and handed the old instance out as the new type (a
        // failed cast: a crash). Repeat so that address reuse happens.
        for round in 0..<100 {
            let container = Container()
            container.register(scope: .graph) { _ in MisuseService(id: 1) }
            container.register(MisuseValue.self, scope: .transient) { r in
                let first: MisuseService = try r.resolve()
                container.register(scope: .graph) { _ in MisuseService(id: 2) }
                container.register(name: "late", scope: .graph) { _ in MisuseSelfNeeding(nil) }
                _ = try r.resolve(MisuseSelfNeeding.self, name: "late")
                let second: MisuseService = try r.resolve()
                return MisuseValue(text: "\(first.id)\(second.id)")
            }
            #expect(try container.tryResolve(MisuseValue.self).text == "12", "round \(round)")
            #expect(try container.tryResolve(MisuseService.self).id == 2)
            container.dispose()  // the factory captures the container: break that cycle
        }
    }

    @Test("A factory that resolves itself through its resolver on another thread: cycle, no deadlock")
    func resolveSelfOnAnotherThread() throws {
        let container = Container()
        let observed = ResultBox<ResolutionError>()
        container.register(scope: .singleton) { r in
            let done = DispatchSemaphore(value: 0)
            Thread {
                do throws(ResolutionError) {
                    _ = try r.resolve(MisuseService.self)
                } catch {
                    observed.append(error)
                }
                done.signal()
            }.start()
            done.wait()
            return MisuseService(id: 13)
        }
        let service: MisuseService = try container.tryResolve()
        let error = try #require(observed.all.first ?? nil)
        #expect(error.kind == .cycle)
        #expect(error.description.contains("being built by a resolution that is waiting for this one"))
        #expect(try container.tryResolve(MisuseService.self) === service)
    }

    @Test("A factory that resolves itself through the container on another thread: that thread waits for it")
    func resolveSelfThroughContainerOnAnotherThread() throws {
        // Keystone cannot link a resolution started from the container on another thread to
        // the one that is building, so the other thread waits for the build to end. A factory
        // that waited for that thread without a time limit would deadlock; this one gives up.
        let container = Container()
        let finished = DispatchSemaphore(value: 0)
        let fromOtherThread = ResultBox<MisuseService>()
        let waitedInVain = Counter()
        container.register(scope: .singleton) { _ in
            Thread {
                fromOtherThread.append(try? container.tryResolve(MisuseService.self))
                finished.signal()
            }.start()
            if finished.wait(timeout: .now() + .milliseconds(200)) == .timedOut { waitedInVain.increment() }
            return MisuseService(id: 14)
        }
        let service: MisuseService = try container.tryResolve()
        #expect(finished.wait(timeout: .now() + .seconds(30)) == .success)
        #expect(waitedInVain.value == 1)
        #expect(fromOtherThread.all.first ?? nil === service)
        container.dispose()  // the factory captures the container: break that cycle
    }

    @Test("Re-entrant reset from inside a factory: no deadlock; the instance being built is kept")
    func resetInsideFactory() throws {
        let log = EventLog()
        let container = Container()
        container.register(name: "other", scope: .cached("s")) { _ in MisuseDisposable("other", log: log) }
        container.register(name: "self", scope: .cached("s")) { _ in
            container.reset(.cached("s"))
            container.reset(.singleton)
            return MisuseDisposable("self", log: log)
        }
        let other: MisuseDisposable = try container.tryResolve(name: "other")
        let built: MisuseDisposable = try container.tryResolve(name: "self")
        #expect(log.all == ["dispose other"])
        #expect(try container.tryResolve(MisuseDisposable.self, name: "self") === built)
        #expect(try container.tryResolve(MisuseDisposable.self, name: "other") !== other)
        container.dispose()
        #expect(log.all.count == 3)
        #expect(Set(log.all) == ["dispose other", "dispose self"])
    }

    @Test("Re-entrant dispose from inside a factory: that resolve still returns; later ones fail with disposed")
    func disposeInsideFactory() throws {
        let log = EventLog()
        let container = Container()
        container.register(name: "held", scope: .singleton) { _ in MisuseDisposable("held", log: log) }
        container.register(name: "ender", scope: .singleton) { _ in
            container.dispose()
            return MisuseDisposable("ender", log: log)
        }
        _ = try container.tryResolve(MisuseDisposable.self, name: "held")
        let ender: MisuseDisposable = try container.tryResolve(name: "ender")
        #expect(ender.name == "ender")
        // The disposed container keeps nothing: the instance is the caller's, never disposed.
        #expect(log.all == ["dispose held"])
        let error = try #require(throws: ResolutionError.self) {
            try container.tryResolve(MisuseDisposable.self, name: "ender")
        }
        #expect(error.kind == .disposed)
    }

    @Test("Disposed while a factory runs: its later resolves fail with disposed, an optional one or a missing one too")
    func disposeBeforeAnOptionalDependency() throws {
        let container = Container()
        container.register(name: "dependency", scope: .singleton) { _ in MisuseService(id: 1) }
        container.register(name: "optional", scope: .transient) { r in
            container.dispose()
            // `MisuseService?` is registered nowhere: the lookup falls back to `MisuseService`,
            // whose slot the dispose emptied.
            let dependency: MisuseService? = try r.resolve(name: "dependency")
            return MisuseService(id: dependency?.id ?? 0)
        }
        let optional = try #require(throws: ResolutionError.self) {
            try container.tryResolve(MisuseService.self, name: "optional")
        }
        #expect(optional.kind == .disposed, "\(optional)")

        let other = Container()
        other.register(name: "missing", scope: .transient) { r in
            other.dispose()
            return try MisuseService(id: r.resolve(MisuseDisposable.self).name.count)
        }
        let missing = try #require(throws: ResolutionError.self) {
            try other.tryResolve(MisuseService.self, name: "missing")
        }
        #expect(missing.kind == .disposed, "\(missing)")
    }

    @Test("Disposed while an async factory runs: its later resolves fail with disposed, an optional one too")
    func disposeBeforeAnAsyncOptionalDependency() async throws {
        for optional in [true, false] {
            let container = Container()
            container.register(name: "dependency", scope: .singleton) { _ in MisuseSendable(id: 1) }
            container.register(MisuseSendable.self, scope: .transient) { (r: AsyncResolver) in
                container.dispose()
                if optional {
                    let dependency: MisuseSendable? = try await r.resolve(name: "dependency")
                    return MisuseSendable(id: dependency?.id ?? 0)
                }
                return try await MisuseSendable(id: r.resolve(MisuseDisposable.self).name.count)
            }
            let error = await #expect(throws: ResolutionError.self) {
                try await container.resolveAsync(MisuseSendable.self)
            }
            #expect(error?.kind == .disposed, "\(String(describing: error))")
        }
    }

    @Test("Re-entrant reset or dispose from a Disposable: every instance is still disposed exactly once")
    func disposeInsideDisposable() throws {
        let log = EventLog()
        let container = Container()
        container.register(name: "a", scope: .cached("s")) { _ in MisuseDisposable("a", log: log) }
        container.register(name: "b", scope: .cached("s")) { _ in
            MisuseDisposable("b", log: log) {
                container.reset(.cached("s"))
                container.dispose()
                _ = container.resolveOptional(MisuseDisposable.self, name: "a")
            }
        }
        container.register(name: "c", scope: .singleton) { _ in MisuseDisposable("c", log: log) }
        _ = try container.tryResolve(MisuseDisposable.self, name: "a")
        _ = try container.tryResolve(MisuseDisposable.self, name: "c")
        _ = try container.tryResolve(MisuseDisposable.self, name: "b")
        container.reset(.cached("s"))
        #expect(log.all == ["dispose b", "dispose c", "dispose a"])
        #expect(container.isDisposed)
        container.dispose()
        #expect(log.all.count == 3)
    }

    @Test("Resolving inside Disposable.dispose during dispose(): disposed error, no deadlock")
    func resolveWhileDisposing() throws {
        let log = EventLog()
        let seen = ResultBox<ResolutionError.Kind>()
        let container = Container()
        container.register(scope: .singleton) { _ in MisuseService(id: 15) }
        container.register(scope: .singleton) { _ in
            MisuseDisposable("d", log: log) {
                do throws(ResolutionError) {
                    _ = try container.tryResolve(MisuseService.self)
                } catch {
                    seen.append(error.kind)
                }
            }
        }
        _ = try container.tryResolve(MisuseService.self)
        _ = try container.tryResolve(MisuseDisposable.self)
        container.dispose()
        #expect(log.all == ["dispose d"])
        #expect(seen.all == [.disposed])
    }

    // MARK: - Stored resolvers

    @Test("A stored Resolver used after its container is gone: disposed, naming the lost container")
    func storedResolverAfterContainerGone() throws {
        let box = ResolverBox()
        weak var weakContainer: Container?
        do {
            let container = Container()
            weakContainer = container
            container.register { r in
                box.resolver = r
                return MisuseService(id: 16)
            }
            _ = try container.tryResolve(MisuseService.self)
        }
        #expect(weakContainer == nil)
        let resolver = try #require(box.resolver)
        let error = try #require(throws: ResolutionError.self) { try resolver.resolve(MisuseService.self) }
        #expect(error.kind == .disposed)
        #expect(error.description.contains("no longer exists"))
        // Unlike a disposed container's `resolveOptional`, the resolver's throws here: the
        // failure is not "nothing registered" but "no container to ask".
        let optional = try #require(throws: ResolutionError.self) { try resolver.resolveOptional(MisuseService.self) }
        #expect(optional.kind == .disposed)
    }

    @Test("A stored Resolver used after its container was disposed: disposed; before that, a new resolution")
    func storedResolverAfterDispose() throws {
        let box = ResolverBox()
        let container = Container()
        container.register(scope: .transient) { r in
            box.resolver = r
            return MisuseService(id: 17)
        }
        _ = try container.tryResolve(MisuseService.self)
        let resolver = try #require(box.resolver)
        #expect(try resolver.resolve(MisuseService.self).id == 17)
        container.dispose()
        let error = try #require(throws: ResolutionError.self) { try resolver.resolve(MisuseService.self) }
        #expect(error.kind == .disposed)
    }
}
