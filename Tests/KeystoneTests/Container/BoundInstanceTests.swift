import Dispatch
import Testing

@testable import Keystone

/// A type bound to a held registration with `bind(_:)` is answered from the instance the
/// registration holds, without building anything; these tests pin down that the answer is
/// never stale: every way a held instance ends (reset, re-registration of either key, unload,
/// dispose) ends it for the bound type too.
@Suite("Bound types of held instances")
struct BoundInstanceTests {
    @Test("After reset, the bound type resolves the new instance")
    func reset() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in SharedFetcher() }.bind(IntFetcher.self)
        let first = try container.tryResolve(IntFetcher.self)
        #expect(try container.tryResolve(IntFetcher.self) === first)
        container.reset(.singleton)
        let second = try container.tryResolve(IntFetcher.self)
        #expect(second !== first)
        #expect(try container.tryResolve(SharedFetcher.self) === second)
    }

    @Test("A cached instance's bound type follows reset of that cache")
    func cached() throws {
        let container = Container()
        container.register(scope: .cached("session")) { _ in SharedFetcher() }.bind(StringFetcher.self)
        let first = try container.tryResolve(StringFetcher.self)
        container.reset(.cached("session"))
        #expect(try container.tryResolve(StringFetcher.self) !== first)
    }

    @Test("Registering the target again: the bound type resolves the new registration's instance")
    func targetRegisteredAgain() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in SharedFetcher() }.bind(IntFetcher.self)
        let first = try container.tryResolve(IntFetcher.self)
        let replacement = SharedFetcher()
        container.register(scope: .singleton) { _ in replacement }
        #expect(try container.tryResolve(IntFetcher.self) === replacement)
        #expect(first !== replacement)
    }

    @Test("A transient target's bound type is built on every resolve, also after the target was a singleton")
    func transientTarget() throws {
        let container = Container()
        container.register(scope: .transient) { _ in SharedFetcher() }.bind(IntFetcher.self)
        let first = try container.tryResolve(IntFetcher.self)
        #expect(try container.tryResolve(IntFetcher.self) !== first)
        // The binding outlives its target's registrations: as a singleton's, it is answered from
        // the held instance; as a transient's again, built anew each time.
        container.register(scope: .singleton) { _ in SharedFetcher() }
        let held = try container.tryResolve(IntFetcher.self)
        #expect(try container.tryResolve(IntFetcher.self) === held)
        #expect(try container.tryResolve(SharedFetcher.self) === held)
        container.register(scope: .transient) { _ in SharedFetcher() }
        let built = try container.tryResolve(IntFetcher.self)
        #expect(built !== held)
        #expect(try container.tryResolve(IntFetcher.self) !== built)
    }

    @Test("A `.graph` target's bound type is the target's instance within one resolution")
    func graphTarget() throws {
        let container = Container()
        container.register(scope: .graph) { _ in SharedFetcher() }.bind(IntFetcher.self)
        container.register { r in try BoundFetcherPair(shared: r.resolve(), int: r.resolve(IntFetcher.self)) }
        let pair = try container.tryResolve(BoundFetcherPair.self)
        #expect(pair.int === pair.shared)
        #expect(try container.tryResolve(BoundFetcherPair.self).shared !== pair.shared)
    }

    @Test("Registering the bound type itself replaces the binding, and the target's reset leaves it alone")
    func boundTypeRegisteredAgain() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in SharedFetcher() }.bind(IntFetcher.self)
        let bound = try container.tryResolve(IntFetcher.self)
        let own = SharedFetcher()
        container.register(IntFetcher.self, scope: .cached("own")) { _ in own }
        #expect(try container.tryResolve(IntFetcher.self) === own)
        // The target's instance ends, then the target is registered again: the bound type's own
        // registration is not affected by either.
        container.reset(.singleton)
        #expect(try container.tryResolve(IntFetcher.self) === own)
        #expect(try container.tryResolve(SharedFetcher.self) !== bound)
        container.register(scope: .singleton) { _ in SharedFetcher() }
        #expect(try container.tryResolve(IntFetcher.self) === own)
    }

    @Test("Unloading the module that bound the type: the bound type is no longer registered")
    func unloaded() throws {
        let container = Container()
        let module = Module {
            singleton { SharedFetcher() }.bind(IntFetcher.self)
        }
        try container.load(module)
        _ = try container.tryResolve(IntFetcher.self)
        container.unload(module)
        #expect(container.resolveOptional(IntFetcher.self) == nil)
    }

    @Test("After dispose, the bound type fails as disposed")
    func disposed() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in SharedFetcher() }.bind(IntFetcher.self)
        _ = try container.tryResolve(IntFetcher.self)
        container.dispose()
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(IntFetcher.self) }
        #expect(error?.kind == .disposed)
    }

    @Test("A child resolves its parent's bound instance, also after the parent's reset")
    func child() throws {
        let parent = Container()
        parent.register(scope: .singleton) { _ in SharedFetcher() }.bind(IntFetcher.self)
        let child = Container(parent: parent)
        #expect(try child.tryResolve(IntFetcher.self) === parent.tryResolve(SharedFetcher.self))
        parent.reset(.singleton)
        #expect(try child.tryResolve(IntFetcher.self) === parent.tryResolve(SharedFetcher.self))
    }

    @Test("A converter runs on every resolve: only casts are answered from the held instance")
    func converterNotKept() throws {
        let container = Container()
        let conversions = Counter()
        container.register(scope: .singleton) { _ in SharedFetcher() }
            .bind(FetcherSummary.self) { thing in
                conversions.increment()
                return FetcherSummary(text: "\(thing.int())")
            }
        _ = try container.tryResolve(FetcherSummary.self)
        _ = try container.tryResolve(FetcherSummary.self)
        #expect(conversions.value == 2)
    }

    @Test("Threads resolving a bound type while another resets its target never get an ended instance")
    func racingResets() throws {
        let container = Container()
        let resets = Counter()  // resets that have returned
        container.register(scope: .singleton) { _ in TrackedFetcher() }
            .bind(IntFetcher.self)
            // Runs inside `reset`, before it returns: this instance ended with reset number
            // `resets.value + 1`.
            .onDispose { $0.end(byReset: resets.value + 1) }
        let stale = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for step in 0..<2_000 {
                if worker == 0 {
                    if step % 20 == 0 {
                        container.reset(.singleton)
                        resets.increment()
                    }
                    continue
                }
                let returnedBefore = resets.value
                guard let bound = container.resolveOptional(IntFetcher.self) as? TrackedFetcher else { continue }
                // Stale: ended by a reset that had returned before this resolve began.
                if let ended = bound.endedByReset, ended <= returnedBefore { stale.increment() }
            }
        }
        #expect(resets.value == 100)
        #expect(stale.value == 0)
        // At rest, the bound type and the target agree.
        #expect(try container.tryResolve(IntFetcher.self) === container.tryResolve(TrackedFetcher.self))
    }
}

/// A `.graph` fetcher reached as itself and through its bound type.
private final class BoundFetcherPair {
    let shared: SharedFetcher
    let int: any IntFetcher
    init(shared: SharedFetcher, int: any IntFetcher) {
        self.shared = shared
        self.int = int
    }
}

/// A fetcher that can cross threads.
private final class SharedFetcher: IntFetcher, StringFetcher, Sendable {
    func int() -> Int { 42 }
    func string() -> String { "42" }
}

/// A fetcher that knows which reset ended it.
private final class TrackedFetcher: IntFetcher, @unchecked Sendable {  // `lock` guards `ended`.
    private let lock = Lock()
    private var ended: Int?

    func int() -> Int { 7 }

    func end(byReset number: Int) { lock.withLock { ended = number } }

    /// The number of the reset that ended this instance, if one did.
    var endedByReset: Int? { lock.withLock { ended } }
}
