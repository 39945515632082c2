import Foundation
import Keystone
import Testing

@testable import KeystoneTesting

// The strict form of the overriding trait, as an app's tests use it: the app's services are
// in `Container.shared` (named with `Container.registerOnFirstUse`, as the app does where it
// starts), some of them marked live, and each test overrides what it must not reach.

protocol PaymentGateway: Sendable {
    func charge(_ amount: Int) -> String
}
/// The live gateway: in an app, it would charge a card.
struct CardPaymentGateway: PaymentGateway {
    func charge(_ amount: Int) -> String { "charged" }
}
struct AcceptingGateway: PaymentGateway {
    func charge(_ amount: Int) -> String { "accepted" }
}
/// Not live: a test may use the real one.
final class ReceiptPrinter: Sendable {}
/// Live, under a name.
final class Mailer: Notifier {}
protocol Notifier: AnyObject, Sendable {}

struct CheckoutScreen {
    @Injected var gateway: PaymentGateway
    func pay(_ amount: Int) -> String { gateway.charge(amount) }
}

struct ShopServices: AutoRegistering {
    static func registerServices(in container: Container) throws {
        container.register(PaymentGateway.self, scope: .singleton) { _ in CardPaymentGateway() }
            .live(because: "charges cards")
        container.register(ReceiptPrinter.self) { _ in ReceiptPrinter() }
        container.register(Mailer.self, name: "receipts", scope: .transient) { _ in Mailer() }
            .live(because: "sends e-mail")
    }
}

/// What an app's test target does before its tests use `Container.shared`: names the app's
/// `AutoRegistering` type, as the app does where it starts.
struct ShopServicesTrait: SuiteTrait, TestTrait {
    var isRecursive: Bool { true }

    func prepare(for test: Test) async throws {
        Container.registerOnFirstUse(ShopServices.self)
    }
}

extension Trait where Self == ShopServicesTrait {
    static var shopServices: Self { Self() }
}

/// Whether `issue` is the strict test's issue about the live payment gateway.
func isLiveGatewayIssue(_ issue: Issue) -> Bool {
    let text = issue.comments.map(\.rawValue).joined()
    return text.hasPrefix("Resolved the live `PaymentGateway` (charges cards), registered at ")
        && text.contains("KeystoneTestingTests/StrictOverridesTests.swift:")
        && text.hasSuffix(
            "without overriding it in a strict test. To fix, override it in the trait: .overriding(strict: true) { $0.register(PaymentGateway.self) { _ in … } }"
        )
}

@Suite("Strict tests", .shopServices)
struct StrictOverridesTests {
    @Test(.overriding(strict: true) { $0.register(PaymentGateway.self) { _ in AcceptingGateway() } })
    func paysWithTheFakeGateway() {
        #expect(CheckoutScreen().pay(10) == "accepted")
    }

    @Test("A service that is not live needs no override", .overriding(strict: true))
    func notLive() {
        #expect(Container.shared.resolveOptional(ReceiptPrinter.self) != nil)
    }

    @Test("Resolving a live service the test did not override is an issue, at the test", .overriding(strict: true))
    func liveNotOverridden() {
        let testLine = #line - 1  // a trait in `@Test(…)` is written, for Swift Testing, at its test
        withKnownIssue {
            #expect(CheckoutScreen().pay(10) == "charged")  // the live service is still built
        } matching: { issue in
            isLiveGatewayIssue(issue) && issue.sourceLocation?.line == testLine
                && issue.sourceLocation?.fileName == "StrictOverridesTests.swift"
        }
    }

    @Test("A named live service's issue names it, and the override to add", .overriding(strict: true))
    func namedLiveService() {
        withKnownIssue {
            _ = Container.shared.resolve(Mailer.self, name: "receipts")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("Resolved the live `Mailer` (name: \"receipts\") (sends e-mail)")
                && text.hasSuffix("{ $0.register(Mailer.self, name: \"receipts\") { _ in … } }")
        }
    }

    @Test("Each live service is one issue, however often it is built", .overriding(strict: true))
    func oneIssuePerService() {
        let issues = Counter()
        withKnownIssue {
            for _ in 0..<3 { _ = Container.shared.resolve(Mailer.self, name: "receipts") }
        } matching: { _ in
            issues.increment()
            return true
        }
        #expect(issues.value == 1)
    }

    @Test("Without strict, a live service resolves silently, as before", .overriding { _ in })
    func notStrict() {
        #expect(CheckoutScreen().pay(10) == "charged")
    }

    @Test("A live service built outside the test's task is an issue when the test ends")
    func builtOnAnotherThread() async throws {
        let trait = OverridingTrait.overriding(strict: true)
        try await withKnownIssue {
            try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) {
                let copy = Container.shared
                await onAnotherThread { _ = copy.resolve(PaymentGateway.self) }
            }
        } matching: {
            isLiveGatewayIssue($0)
        }
    }

    @Test("A live registration keeps its refinements, in any order")
    func refinements() throws {
        let container = Container()
        let hooks = Counter()
        container.register(Mailer.self, scope: .singleton) { _ in Mailer() }
            .then { _, _ in hooks.increment() }
            .live(because: "sends e-mail")
            .bind(Notifier.self)
            .skipVerification(because: "sends e-mail")

        let mailer: Mailer = container.resolve()
        let bound = container.resolve(Notifier.self)

        #expect(hooks.value == 1)
        #expect(bound === mailer)
        #expect(container.verify().unchecked.contains { $0.reason.contains("sends e-mail") })
    }
}

/// A strict suite makes its tests strict, also those with an `.overriding` trait of their own,
/// and an override by the suite's own trait counts.
@Suite(
    "A strict suite", .shopServices,
    .overriding(strict: true) { $0.register(ReceiptPrinter.self) { _ in ReceiptPrinter() } })
struct StrictSuiteTests {
    @Test(.overriding { $0.register(ReceiptPrinter.self) { _ in ReceiptPrinter() } })
    func aTestsOwnTraitStaysStrict() {
        withKnownIssue {
            _ = CheckoutScreen().pay(1)
        } matching: {
            isLiveGatewayIssue($0)
        }
    }

    @Test(.overriding { $0.register(PaymentGateway.self) { _ in AcceptingGateway() } })
    func anOverrideInATestsOwnTraitCounts() {
        #expect(CheckoutScreen().pay(1) == "accepted")
    }
}

/// Forty strict cases at once: the even ones override the live gateway, the odd ones do not;
/// each odd case gets its own one issue, no even case gets any.
@Suite("Strict tests, in parallel", .shopServices)
struct ParallelStrictOverridesTests {
    @Test(arguments: 1...40)
    func eachCaseIsJudgedAlone(number: Int) async throws {
        let overrides = number % 2 == 0
        let trait = OverridingTrait.overriding(strict: true) { container in
            if overrides { container.register(PaymentGateway.self) { _ in AcceptingGateway() } }
        }
        let run = {
            try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) {
                for _ in 0..<10 {
                    await Task.yield()
                    #expect(CheckoutScreen().pay(number) == (overrides ? "accepted" : "charged"))
                }
            }
        }
        if overrides {
            try await run()
        } else {
            let issues = Counter()
            try await withKnownIssue {
                try await run()
            } matching: { issue in
                issues.increment()
                return isLiveGatewayIssue(issue)
            }
            #expect(issues.value == 1)
        }
    }
}

/// Counts, from any thread.
final class Counter: @unchecked Sendable {  // `lock` guards `count`.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// Runs `body` on a thread of its own, where no task (and so no test) is current, and waits
/// for it.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread {
            body()
            done.resume()
        }.start()
    }
}
