import Testing

@testable import Keystone

/// `verify()` sees the dependencies a factory's product resolves later — through a
/// `LazyResolver`, an `IsolatedResolver`, `@LazyInjected` or `@WeakLazyInjected` — as lazy edges,
/// checked for a registration without building them; and a failure inside an `@Injected`
/// property of a factory's product is a reported problem, not the end of the process.
@Suite("Verification of lazy and wrapped dependencies")
struct LazyDependencyVerificationTests {
    final class Printer: Sendable {}
    final class Organizer: Sendable {
        let printer: LazyResolver<Printer>
        init(printer: LazyResolver<Printer>) { self.printer = printer }
    }
    final class Isolated: Sendable {
        let printer: IsolatedResolver<Printer>
        init(printer: IsolatedResolver<Printer>) { self.printer = printer }
    }
    /// Written as users write them: the wrappers read `Container.shared`.
    final class Wrapped {
        @LazyInjected var printer: Printer
        @WeakLazyInjected var weakPrinter: Printer?
    }
    final class Eager {
        @Injected var printer: Printer
    }
    /// Two services that need each other, one of them later: no cycle.
    final class Left: Sendable {
        let right: LazyResolver<Right>
        init(right: LazyResolver<Right>) { self.right = right }
    }
    final class Right: Sendable { init(left: Left) {} }

    @Test("A lazy resolver's service that nothing registers is a missing dependency of its holder")
    func missingBehindALazyResolver() throws {
        let container = Container()
        let line = #line + 1
        container.register(scope: .singleton) { r in Organizer(printer: LazyResolver(Printer.self, from: r)) }
        let report = container.verify()
        #expect(!report.isValid)
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(problem.kind == .missingDependency)
        #expect(problem.registeredAt == "KeystoneTests/LazyDependencyVerificationTests.swift:\(line)")
        #expect(
            problem.message.hasPrefix(
                "No registration for `Printer` while resolving `Organizer`, which resolves it later"))
        // The graph draws the dependency, lazy, to the missing service.
        let organizer = try #require(report.graph.nodes.first { $0.service == "Organizer" })
        let printer = try #require(report.graph.nodes.first { $0.service == "Printer" })
        #expect(printer.scope == nil && printer.hasProblem)
        #expect(report.graph.edges.contains { $0.from == organizer.id && $0.to == printer.id && $0.isLazy })
    }

    @Test("A registered lazy dependency is a lazy edge, built by nothing but its own check")
    func registeredBehindALazyResolver() throws {
        let built = Counter()
        let container = Container()
        container.register(scope: .transient) { _ in
            built.increment()
            return Printer()
        }
        container.register(scope: .singleton) { r in Organizer(printer: LazyResolver(from: r)) }
        container.register(scope: .singleton) { r in Isolated(printer: IsolatedResolver(LazyResolver(from: r))) }
        let report = container.verify()
        #expect(report.isValid, "\(report)")
        // A singleton holding a transient lazily keeps nothing it was built with.
        #expect(!report.problems.contains { $0.kind == .captiveDependency })
        #expect(built.value == 1)  // verification checks `Printer` as a root of its own, once
        let printer = try #require(report.graph.nodes.first { $0.service == "Printer" })
        for holder in ["Organizer", "Isolated"] {
            let node = try #require(report.graph.nodes.first { $0.service == holder })
            #expect(report.graph.edges.contains { $0.from == node.id && $0.to == printer.id && $0.isLazy })
        }
        #expect(report.graph.dot.contains("style=dashed"))
        #expect(report.graph.mermaid.contains("-. lazy .->"))
    }

    @Test("A cycle broken by a lazy resolver is no cycle")
    func lazyBreaksACycle() {
        let container = Container()
        container.register(scope: .singleton) { r in Left(right: LazyResolver(from: r)) }
        container.register { r in try Right(left: r.resolve()) }
        #expect(container.verify().isValid)
    }

    @Test("@LazyInjected and @WeakLazyInjected in a factory's product are checked without being resolved")
    func lazyPropertyWrappers() throws {
        let container = Container()
        let line = #line + 1
        container.register(scope: .transient) { _ in Wrapped() }
        let report = Container.withShared(container) { container.verify() }
        #expect(report.problems.map(\.kind) == [.missingDependency])
        #expect(report.problems.first?.registeredAt == "KeystoneTests/LazyDependencyVerificationTests.swift:\(line)")

        container.register(scope: .singleton) { _ in Printer() }
        let fixed = Container.withShared(container) { container.verify() }
        #expect(fixed.isValid, "\(fixed)")
        let wrapped = try #require(fixed.graph.nodes.first { $0.service == "Wrapped" })
        #expect(fixed.graph.edges.filter { $0.from == wrapped.id && $0.isLazy }.count == 1)
    }

    @Test("A missing service behind @Injected in a factory's product is a problem, not a crash")
    func injectedInAProduct() throws {
        let container = Container()
        let line = #line + 1
        container.register(scope: .transient) { _ in Eager() }
        let report = Container.withShared(container) { container.verify() }
        #expect(!report.isValid)
        let problem = try #require(report.problems.first)
        #expect(problem.kind == .missingDependency)
        #expect(problem.registeredAt == "KeystoneTests/LazyDependencyVerificationTests.swift:\(line)")
        #expect(problem.message.hasPrefix("No registration for `Printer`"))

        container.register { _ in Printer() }
        #expect(Container.withShared(container) { container.verify() }.isValid)
    }

    @Test("Outside verification, @Injected still traps on a missing service")
    func injectedTrapsOutsideVerification() async {
        await #expect(processExitsWith: .failure) {
            _ = Container.withShared(Container()) { Eager() }
        }
    }

    /// Read as users read them: in the product's initialiser.
    final class Spooler {}
    final class Reading {
        @OptionalInjected var optional: Organizer?
        @WeakLazyInjected var spooler: Spooler?
        var spooled = false
        init() { spooled = spooler != nil }
    }

    @Test("@OptionalInjected and a read @WeakLazyInjected report a failed resolve instead of trapping")
    func optionalAndWeakLazyReadInAProduct() throws {
        let container = Container()
        // `Organizer` is registered, but what it needs is not: its build fails.
        container.register(scope: .transient) { r in
            _ = try r.resolve(Printer.self)
            return Organizer(printer: LazyResolver(from: r))
        }
        let line = #line + 1
        container.register(scope: .transient) { _ in Reading() }
        let report = Container.withShared(container) { container.verify() }
        #expect(report.problems.allSatisfy { $0.kind == .missingDependency }, "\(report)")
        #expect(report.problems.contains { $0.path.last == "Printer" })
        let spooler = try #require(report.problems.first { $0.path.last == "Spooler" })
        #expect(spooler.registeredAt == "KeystoneTests/LazyDependencyVerificationTests.swift:\(line)")
    }
}
