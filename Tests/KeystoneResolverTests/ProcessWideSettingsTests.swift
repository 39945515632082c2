// Not linked into the Swift 6 target: the `ResolverRegistering` conformance may exist in one
// test target only, and the settings changed here are process-wide, so their tests run in
// one place, one at a time. Settings that would disturb tests running in parallel
// (`defaultScope`, `reset()`) are changed only inside exit tests, in a process of their own.
// Resolver's unmarked spelling of the conformance: inside this package it draws no warning
// (and `@retroactive` would be an error); the Swift 6 spelling that an app's module needs,
// `@retroactive`, is built by .ci/consumer-check from .ci/compat-app.

import Foundation
import KeystoneResolver
import Testing

import class Keystone.Container

extension Resolver: ResolverRegistering {
    /// Registers the app's services, once, before the first resolve.
    public static func registerAllServices() {
        registerAppServices()
    }
}

extension Resolver {
    /// What the test process's `registerAllServices()` registers: a marker of the run.
    static func registerAppServices() {
        let run = UUID()
        register { HookMarker(run: run) }
    }
}

extension Resolver {
    static let mock = Resolver(child: .main)
}

/// `Resolver.root`, `Resolver.defaultScope`, `Resolver.reset()` and the app's
/// `registerAllServices()`: the app-wide switches, as in Resolver.
@Suite("Resolver: process-wide settings", .serialized)
struct ProcessWideSettingsTests {
    @Test("registerAllServices() runs once, before the first resolve")
    func registerAllServicesRunsOnce() {
        let container = Container()
        Container.withShared(container) {
            #expect(container.resolveOptional(HookMarker.self) == nil)  // Keystone's API does not run it
            let first: HookMarker = Resolver.resolve()
            let second: HookMarker = Resolver.resolve()
            #expect(first.run == second.run)
        }
    }

    @Test("registerAllServices() runs before the first registration, which overrides it")
    func registerAllServicesRunsBeforeTheFirstRegistration() {
        let container = Container()
        Container.withShared(container) {
            let mine = UUID()
            Resolver.register { HookMarker(run: mine) }
            #expect(Resolver.resolve(HookMarker.self).run == mine)
        }
    }

    @Test("registerAllServices() runs for main's container even when resolving from another resolver")
    func registerAllServicesFromAnotherResolver() {
        let container = Container()
        Container.withShared(container) {
            _ = Resolver().optional(HookMarker.self)
            #expect(container.resolveOptional(HookMarker.self) != nil)
        }
    }

    @Test("Resolver.root = .mock: resolution goes through the mock, then main")
    func mockRoot() {
        Container.withShared(Container()) {
            Resolver.register { LiveFetcher() as Fetching }
            Resolver.register { ContentViewModel(fetcher: Resolver.resolve()) }
            Resolver.register(name: "direct") { r in ContentViewModel(fetcher: r.resolve()) }
            Resolver.mock.register { MockFetcher() as Fetching }

            let saved = Resolver.root
            Resolver.root = .mock
            defer { Resolver.root = saved }

            let model: ContentViewModel = Resolver.resolve()
            #expect(model.fetcher.name == "mock")
            // A factory receives the resolver the resolution started from.
            #expect(Resolver.mock.resolve(ContentViewModel.self, name: "direct").fetcher.name == "mock")
            #expect(Resolver.main.resolve(ContentViewModel.self, name: "direct").fetcher.name == "live")
        }
    }

    @Test("Resolver.defaultScope = .unique: registrations made afterwards are unique")
    func defaultScope() async {
        await #expect(processExitsWith: .success) {
            let resolver = Resolver()
            resolver.register { HookMarker(run: UUID()) }
            precondition(Resolver.defaultScope === ResolverScope.graph)
            Resolver.defaultScope = .unique
            resolver.register { Coordinator() }
            resolver.register { r in Pair(first: r.resolve(), second: r.resolve()) }
            let pair: Pair = resolver.resolve()
            precondition(pair.first !== pair.second, "unique: each resolve makes a new instance")
        }
    }

    @Test("Resolver.reset() starts over with an empty main, and runs registerAllServices() again")
    func reset() async {
        await #expect(processExitsWith: .success) {
            Resolver.register { Coordinator() }.scope(.application)
            let before: Coordinator = Resolver.resolve()
            let marker: HookMarker = Resolver.resolve()
            Resolver.reset()
            precondition(Resolver.root === Resolver.main)
            precondition(Resolver.optional(Coordinator.self) == nil, "main is empty again")
            precondition(Resolver.resolve(HookMarker.self).run != marker.run, "the hook ran again")
            Resolver.register { Coordinator() }.scope(.application)
            precondition(Resolver.resolve(Coordinator.self) !== before)
        }
    }

    @Test("Resolver.decorate sees every service resolve() and optional() return (Resolver 1.5.1)")
    func decorate() async {
        await #expect(processExitsWith: .success) {
            let seen = Decorated.Seen()
            let resolver = Resolver()
            resolver.register { Decorated() }
            resolver.register { Pair(first: Coordinator(), second: Coordinator()) }
            Resolver.decorate = { service in seen.append(service) }
            let first: Decorated = resolver.resolve()
            precondition(seen.last === first, "resolve() is decorated")
            let second: Decorated? = resolver.optional()
            precondition(seen.last === second, "optional() is decorated")
            _ = resolver.resolve(Pair.self)
            precondition(seen.count == 3)
            precondition(resolver.optional(HookMarker.self, name: "missing") == nil)
            precondition(seen.count == 3, "nothing resolved, nothing decorated")
            Resolver.decorate = nil
            _ = resolver.resolve(Decorated.self)
            precondition(seen.count == 3, "nil turns it off")
            Resolver.decorate = { service in print("resolved \(type(of: service))") }
            _ = resolver.resolve(Decorated.self)
        }
    }

    @Test("ResolverScope.application.reset() drops the singletons")
    func applicationReset() async {
        await #expect(processExitsWith: .success) {
            let resolver = Resolver()
            resolver.register { Coordinator() }.scope(.application)
            let first: Coordinator = resolver.resolve()
            ResolverScope.application.reset()
            precondition(resolver.resolve(Coordinator.self) !== first)
        }
    }
}

struct HookMarker {
    let run: UUID
}

protocol Fetching {
    var name: String { get }
}

struct LiveFetcher: Fetching {
    var name: String { "live" }
}

struct MockFetcher: Fetching {
    var name: String { "mock" }
}

final class ContentViewModel {
    let fetcher: Fetching
    init(fetcher: Fetching) { self.fetcher = fetcher }
}

final class Coordinator {}

final class Pair {
    let first: Coordinator
    let second: Coordinator
    init(first: Coordinator, second: Coordinator) {
        self.first = first
        self.second = second
    }
}

final class Decorated {
    /// The services a decorator was given, in order.
    ///
    /// `@unchecked Sendable`: used on one thread only, in an exit test.
    final class Seen: @unchecked Sendable {
        private(set) var services: [Any] = []
        var count: Int { services.count }
        var last: AnyObject? { services.last.map { $0 as AnyObject } }
        func append(_ service: Any) { services.append(service) }
    }
}
