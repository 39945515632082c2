import Foundation
import KeystoneResolver
import Testing

import class Keystone.Container

/// Resolver was not thread-safe; this layer is. Many threads registering, resolving and
/// reading lazy properties at once share one instance where the scope says so.
/// (These tests race threads: they run under ThreadSanitizer.)
@Suite("Resolver: thread safety")
struct ConcurrencyTests {
    @Test("An application-scoped service is built once however many threads resolve it")
    func applicationBuiltOnce() async {
        let resolver = Resolver()
        let builds = Protected()
        resolver.register { () -> XYZSessionService in
            builds.increment()
            return XYZSessionService()
        }
        .scope(.application)
        let ids = await withTaskGroup(of: UUID.self) { group in
            for _ in 0..<32 {
                group.addTask { resolver.resolve(XYZSessionService.self).id }
            }
            return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
        #expect(builds.value == 1)
    }

    @Test("Registering and resolving in one resolver from many threads at once")
    func registerWhileResolving() async {
        let resolver = Resolver()
        resolver.register { XYZSessionService() }
        let names = await withTaskGroup(of: String?.self) { group in
            for index in 0..<32 {
                group.addTask {
                    resolver.register(name: Resolver.Name("n\(index)")) { XYZNameService("n\(index)") }
                    _ = resolver.resolve(XYZSessionService.self)
                    return resolver.optional(XYZNameService.self, name: Resolver.Name("n\(index)"))?.name
                }
            }
            return await group.reduce(into: [String]()) { if let name = $1 { $0.append(name) } }
        }
        #expect(names.count == 32)
    }

    @Test("A lazy property read from many threads at once resolves once")
    func lazyResolvesOnce() async {
        let resolver = Resolver()
        resolver.register { XYZSessionService() }.scope(.unique)
        let holder = LazyHolder(resolver: resolver)
        let ids = await withTaskGroup(of: UUID.self) { group in
            for _ in 0..<32 {
                group.addTask { holder.id }
            }
            return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
    }

    @Test("No lock is held while a lazy property's service is resolved: another thread reads the wrapper meanwhile")
    func lazyResolvesWithNoLockHeld() {
        let resolver = Resolver()
        let holder = LazyHolder(resolver: resolver)
        let readMeanwhile = Mutexed(0)
        resolver.register { () -> XYZSessionService in
            let read = DispatchSemaphore(value: 0)
            Thread {
                if holder.isSessionEmpty { read.signal() }
            }
            .start()
            // Held until the other thread has read; a lock held here would keep it waiting.
            if read.wait(timeout: .now() + 10) == .success { readMeanwhile.update { $0 += 1 } }
            return XYZSessionService()
        }
        .scope(.unique)
        _ = holder.id
        #expect(readMeanwhile.update { $0 } == 1)
        #expect(!holder.isSessionEmpty)
    }

    @Test("A weak lazy property read from many threads at once resolves once, with no lock held")
    func weakLazyResolvesOnce() {
        let resolver = Resolver()
        let builds = Protected()
        let arrived = DispatchSemaphore(value: 0)
        let readers = 8
        let kept = XYZSessionService()
        resolver.register { () -> XYZSessionService in
            builds.increment()
            // Every reader has started reading before the first build ends.
            for _ in 0..<readers - 1 { _ = arrived.wait(timeout: .now() + 10) }
            return kept
        }
        .scope(.unique)
        let holder = WeakLazyHolder(resolver: resolver)
        let ids = Collected<UUID?>()
        let done = DispatchGroup()
        for _ in 0..<readers {
            done.enter()
            Thread {
                arrived.signal()
                ids.append(holder.session?.id)
                done.leave()
            }
            .start()
        }
        done.wait()
        #expect(builds.value == 1)
        #expect(ids.all == Array(repeating: kept.id, count: readers))
    }
}

/// A counter several threads increment.
final class Protected: Sendable {
    private let count = Mutexed(0)
    func increment() { count.update { $0 += 1 } }
    var value: Int { count.update { $0 } }
}

/// An `Int` behind a lock, for the counters above.
///
/// `@unchecked Sendable`: `value` is only touched under `lock`.
final class Mutexed: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int
    init(_ value: Int) { self.value = value }
    func update<Result>(_ body: (inout Int) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Holds a lazy property and reads it from any thread.
///
/// `@unchecked Sendable`: the wrapper's storage is never reassigned; its state is guarded by
/// its own lock, which is what this test checks.
final class LazyHolder: @unchecked Sendable {
    @LazyInjected var session: XYZSessionService

    init(resolver: Resolver) {
        $session.container = resolver
    }

    var id: UUID { session.id }
    var isSessionEmpty: Bool { $session.isEmpty }
}

/// A class whose weak lazy property several threads read at once.
///
/// `@unchecked Sendable`: its one `var` is the wrapper, never reassigned, whose state is
/// shared by reference and safe to read from any thread.
final class WeakLazyHolder: @unchecked Sendable {
    @WeakLazyInjected var session: XYZSessionService?

    init(resolver: Resolver) {
        $session.container = resolver
    }
}

/// Values that threads append to.
///
/// `@unchecked Sendable`: `items` is read and written only under `lock`.
final class Collected<Item>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Item] = []

    func append(_ item: Item) {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
    }

    var all: [Item] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
