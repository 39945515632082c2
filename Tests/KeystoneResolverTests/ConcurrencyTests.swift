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
}
