import Foundation
import Testing

@testable import Keystone

/// `verify()` never ends the process it checks when a factory reaches one of Keystone's traps:
/// a trapping `resolve` from a captured container or `Container.shared`, a lazy property read
/// during the build, an `@Injected` property read after its resolve failed. The trap is a
/// reported problem of the registration whose factory reached it, and verification goes on.
@Suite("Verification survives traps in factories")
struct VerificationTrapTests {
    final class Printer: Sendable {}
    final class Spooler: Sendable {}
    final class Stapler: Sendable {}
    final class Report: Sendable {
        init(printer: Printer) {}
    }
    final class Office: Sendable {
        init(report: Report) {}
    }
    /// Reads its lazy dependency in its initialiser, as users sometimes do.
    final class EagerReader {
        @LazyInjected var stapler: Stapler
        init() { _ = stapler }
    }
    /// Reads an `@Injected` property in its initialiser.
    final class Reader {
        @Injected var spooler: Spooler
        init() { _ = spooler }
    }

    @Test("A trapping resolve from a captured container is a problem of its registration")
    func trappingResolveFromACapturedContainer() throws {
        let container = Container()
        let line = #line + 1
        container.register(scope: .singleton) { _ in Report(printer: container.resolve()) }
        let report = container.verify()
        #expect(!report.isValid)
        let problem = try #require(report.problems.first { $0.kind == .missingDependency })
        #expect(problem.path.last == "Printer")
        #expect(problem.registeredAt == "KeystoneTests/VerificationTrapTests.swift:\(line)")
        let unchecked = try #require(report.unchecked.first)
        #expect(unchecked.registration == "`Report`")
        #expect(unchecked.reason.contains("reached a trap at KeystoneTests/VerificationTrapTests.swift:\(line)"))
    }

    @Test("After a trap, verification goes on: later registrations, also ones that need the trapped one")
    func goesOnAfterATrap() throws {
        let container = Container()
        container.register(scope: .singleton) { _ in Report(printer: container.resolve()) }
        // Needs the registration that traps: checked in fresh copies, not left waiting for a
        // build that the parked thread will never finish.
        container.register(scope: .singleton) { r in try Office(report: r.resolve()) }
        // A problem of its own, found after the traps.
        container.register(scope: .transient) { r in
            _ = try r.resolve(Printer.self, name: "color")
            return Spooler()
        }
        let report = container.verify()
        #expect(report.registrationCount == 3)
        #expect(report.problems.contains { $0.kind == .missingDependency && $0.path.last == "Printer" })
        #expect(report.problems.contains { $0.kind == .missingDependency && $0.message.contains("\"color\"") })
        // One node per registration, however many copies verification made.
        #expect(report.graph.nodes.filter { $0.service == "Report" }.count == 1)
        #expect(report.graph.nodes.filter { $0.service == "Office" }.count == 1)

        container.register { _ in Printer() }
        container.register(name: "color") { _ in Printer() }
        #expect(container.verify().isValid)
    }

    @Test("A trapping resolve from Container.shared, a lazy read and an @Injected read are problems")
    func sharedAndPropertyWrappers() throws {
        let container = Container()
        let sharedLine = #line + 1
        container.register(scope: .transient) { _ in Report(printer: Container.shared.resolve()) }
        let lazyLine = #line + 1
        container.register(scope: .transient) { _ in EagerReader() }
        let injectedLine = #line + 1
        container.register(scope: .transient) { _ in Reader() }
        let report = Container.withShared(container) { container.verify() }
        let printer = try #require(report.problems.first { $0.path.last == "Printer" })
        #expect(printer.registeredAt == "KeystoneTests/VerificationTrapTests.swift:\(sharedLine)")
        let stapler = try #require(report.problems.first { $0.path.last == "Stapler" })
        #expect(stapler.registeredAt == "KeystoneTests/VerificationTrapTests.swift:\(lazyLine)")
        let spooler = try #require(report.problems.first { $0.path.last == "Spooler" })
        #expect(spooler.registeredAt == "KeystoneTests/VerificationTrapTests.swift:\(injectedLine)")
        #expect(report.unchecked.count == 3, "\(report.unchecked)")
    }

    @Test("A factory's resolve from the verified container builds nothing in it")
    func capturedResolvesBuildInTheCopy() throws {
        let built = Counter()
        let container = Container()
        container.register(scope: .singleton) { _ in
            built.increment()
            return Printer()
        }
        container.register(scope: .transient) { _ in Report(printer: container.resolve()) }
        #expect(container.verify().isValid)
        let afterVerification = built.value
        #expect(afterVerification >= 1)
        // Still to be built in the container itself: verification built its copy.
        _ = container.resolve(Report.self)
        #expect(built.value == afterVerification + 1)
    }

    @Test("A factory that crashes (fatalError, force unwrap, index out of range) is a problem; verification goes on")
    func crashingFactories() throws {
        let container = Container()
        let fatalLine = #line + 1
        container.register(Printer.self, scope: .singleton) { _ in fatalError("no printer on this machine") }
        container.register(Spooler.self, scope: .transient) { _ in unwrapNothing() }
        container.register(Stapler.self, scope: .transient) { _ in [Stapler]()[1] }
        // Needs the crashing `Printer`: its crash is reported with the path that reached it.
        container.register(scope: .transient) { r in try Report(printer: r.resolve()) }
        // A problem of its own, found after the crashes.
        container.register(scope: .transient) { r in try Office(report: r.resolve(name: "quarterly")) }

        let report = container.verify()
        let crashed = report.problems.filter { $0.kind == .factoryCrashed }
        #expect(Set(crashed.map { $0.path.last }) == ["Printer", "Spooler", "Stapler"], "\(report)")
        let printer = try #require(crashed.first { $0.path.last == "Printer" })
        #expect(printer.registeredAt == "KeystoneTests/VerificationTrapTests.swift:\(fatalLine)")
        #expect(printer.message.contains("The factory of `Printer`"))
        #expect(printer.message.contains("SIGILL") || printer.message.contains("SIGTRAP"))
        #expect(printer.message.contains("To fix"))
        #expect(report.problems.contains { $0.kind == .missingDependency && $0.message.contains("\"quarterly\"") })
        let unchecked = report.unchecked.filter { $0.reason.contains("its factory crashed") }
        #expect(Set(unchecked.map(\.registration)) == ["`Printer`", "`Spooler`", "`Stapler`"])
        #expect(report.graph.nodes.filter { $0.service == "Printer" }.count == 1)

        // And the process goes on: the registrations that do not crash still resolve.
        container.register(name: "quarterly", scope: .transient) { _ in Report(printer: Printer()) }
        #expect(throws: Never.self) { try container.tryResolve(Office.self) }
    }

    @Test("A factory that overflows its stack is a problem, not the end of the process")
    func stackOverflow() throws {
        let container = Container()
        container.register(Printer.self, scope: .transient) { _ in
            recurseForever(0)
            return Printer()
        }
        let report = container.verify()
        let crashed = try #require(report.problems.first { $0.kind == .factoryCrashed })
        #expect(crashed.path == ["Printer"])
        #expect(crashed.message.contains("SIGSEGV") || crashed.message.contains("SIGBUS"), "\(crashed.message)")
    }

    @Test("Several verifications that reach traps, at once, each report theirs")
    func concurrentVerifications() {
        let results = ResultBox<Int>()
        onThreads(6) { index in
            let container = Container()
            container.register(scope: .singleton) { _ in Report(printer: container.resolve()) }
            container.register(scope: .singleton) { r in try Office(report: r.resolve()) }
            if index.isMultiple(of: 2) { container.register { _ in Printer() } }
            let report = container.verify()
            results.append(report.problems.count)
        }
        let counts = results.all.compactMap { $0 }
        #expect(counts.count == 6)
        #expect(counts.filter { $0 == 0 }.count == 3)
        #expect(counts.filter { $0 > 0 }.count == 3)
    }
}

/// Traps that verification leaves alone: outside verification, and where stopping the thread
/// would leave a build in progress in a container it did not copy.
@Suite("Traps outside verification")
struct TrapsOutsideVerificationTests {
    @Test("A trapping resolve in a factory still traps outside verification")
    func trapsOutsideVerification() async {
        await #expect(processExitsWith: .failure) {
            resolveReportWithoutPrinter()
        }
    }

    @Test("After a verification caught a crash, a crash outside verification still ends the process")
    func crashAfterVerification() async {
        let result = await #expect(processExitsWith: .failure) {
            crashOutsideVerification()
        }
        // Ended by the crash's signal, as without Keystone's handler; not by an exit (the
        // helper exits with 3 if verification did not report the crash first).
        guard case .signal = result?.exitStatus else {
            Issue.record("the process ended with \(String(describing: result?.exitStatus))")
            return
        }
    }

    @Test("A trap in a build of a container that verification did not copy ends the process")
    func trapsInAnUncopiedContainer() async {
        await #expect(processExitsWith: .failure) {
            verifyWithAnUnrelatedContainer()
        }
    }
}

/// A force unwrap of nil, out of the optimiser's sight.
@inline(never)
private func unwrapNothing() -> VerificationTrapTests.Spooler {
    let nothing: VerificationTrapTests.Spooler? = Optional.none
    return nothing!
}

/// Recursion that never ends, which the optimiser cannot turn into a loop.
@inline(never)
private func recurseForever(_ depth: Int) {
    var frame = (depth, depth, depth, depth)
    withUnsafeMutablePointer(to: &frame) { recurseForever($0.pointee.0 &+ 1) }
}

private func resolveReportWithoutPrinter() {
    let container = Container()
    container.register { _ in VerificationTrapTests.Report(printer: container.resolve()) }
    _ = container.resolve(VerificationTrapTests.Report.self)
}

private func verifyWithAnUnrelatedContainer() {
    let elsewhere = Container()
    elsewhere.register(scope: .singleton) { _ in VerificationTrapTests.Report(printer: elsewhere.resolve()) }
    let container = Container()
    container.register { _ in VerificationTrapTests.Office(report: elsewhere.resolve()) }
    _ = container.verify()
}

private func crashOutsideVerification() {
    let container = Container()
    container.register(VerificationTrapTests.Printer.self) { _ in fatalError("no printer") }
    guard container.verify().problems.first?.kind == .factoryCrashed else { exit(3) }
    _ = container.resolve(VerificationTrapTests.Printer.self)
}
