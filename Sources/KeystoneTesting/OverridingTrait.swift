import Keystone
import Testing

/// A test trait that runs each test with its own overrides of `Container.shared`.
///
/// Every test it applies to runs on a fresh copy of the shared container in which `overrides`
/// replaced some registrations; the copy is `Container.shared` for that test's task tree only,
/// so property wrappers and `get()` inside the test see the overrides, tests running in
/// parallel never see each other's, and nothing is left behind in the shared container.
///
/// ```swift
/// @Test(.overriding { $0.register(APIClient.self) { _ in MockAPIClient() } })
/// func showsTheMockedUser() throws {
///     #expect(ProfileViewModel().userName == "mock")
/// }
/// ```
///
/// On a suite, it applies to every test of the suite (and of the suites inside it); a test's
/// own `.overriding` trait is applied on top of its suite's.
///
/// ## Strict tests
///
/// The strict form, `.overriding(strict: true) { … }`, also makes the test fail if it builds a
/// registration marked `.live(because:)` (one that reaches a payments API, a server, a device)
/// that it did not override: the test records an issue that names the service, why it is live
/// and where it was registered, with the override to add. The live service is still built, so
/// the test runs on; the issue is recorded when the service is built, or when the test ends
/// if it was built outside the test's task. Strictness covers every copy of `Container.shared`
/// made inside the test, including those of `.overriding` traits applied on top of it; a suite's
/// strict trait makes each of its tests strict.
public struct OverridingTrait: TestTrait, SuiteTrait, TestScoping {
    let overrides: @Sendable (Container) throws -> Void
    /// Whether building a live registration the test did not override is an issue.
    let isStrict: Bool
    /// Where a strict test's issues are recorded: where the trait was written. (A trait that
    /// is not strict records none.)
    let sourceLocation: SourceLocation

    /// Applies to every test inside a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Runs `function` with a copy of the current shared container, with the overrides, as
    /// `Container.shared`; the copy is disposed afterwards.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope wraps its tests' scopes: overriding there too would only stack an
        // identical copy, so the overrides apply at each test (or test case).
        guard !test.isSuite else { return try await function() }
        // Inside a strict test, every copy is watched, by the test's one session.
        if let session = StrictSession.current {
            return try await overriding(watchedBy: session, performing: function)
        }
        guard isStrict else {
            return try await Container.shared.withOverrides(overrides) { _ in try await function() }
        }
        let session = StrictSession(test: test, sourceLocation: sourceLocation)
        defer { session.recordRemainingIssues() }
        try await StrictSession.$current.withValue(session) {
            try await overriding(watchedBy: session, performing: function)
        }
    }

    /// Runs `function` on a copy with the overrides whose live registrations `session` watches.
    private func overriding(
        watchedBy session: StrictSession,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Container.shared.withOverrides(overrides) { copy in
            let watch = LiveResolves.watch(copy) { session.resolved($0) }
            defer { watch.stop() }
            try await function()
        }
    }
}

extension Trait where Self == OverridingTrait {
    /// Runs the test (or each test of the suite) with `overrides` registered in its own copy of
    /// `Container.shared`.
    ///
    /// - Parameter overrides: Registers the test's replacements in the copy it receives.
    public static func overriding(_ overrides: @escaping @Sendable (Container) throws -> Void) -> Self {
        OverridingTrait(overrides: overrides, isStrict: false, sourceLocation: #_sourceLocation)
    }

    /// Runs the test (or each test of the suite) with `overrides` registered in its own copy of
    /// `Container.shared`; if `strict`, building a registration marked `.live(because:)` that
    /// the test did not override is a test issue.
    ///
    /// ```swift
    /// @Test(.overriding(strict: true) { $0.register(PaymentGateway.self) { _ in AcceptingGateway() } })
    /// func paysWithTheFakeGateway() {
    ///     #expect(CheckoutScreen().pay(10) == "accepted")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - strict: Whether a live registration the test did not override records an issue.
    ///   - sourceLocation: Where the issues of a strict test are recorded; by default where
    ///     the trait is written, which for a trait in `@Test(…)` or `@Suite(…)` is the test or
    ///     suite it is attached to.
    ///   - overrides: Registers the test's replacements in the copy it receives; none by
    ///     default.
    public static func overriding(
        strict: Bool,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ overrides: @escaping @Sendable (Container) throws -> Void = { _ in }
    ) -> Self {
        OverridingTrait(overrides: overrides, isStrict: strict, sourceLocation: sourceLocation)
    }
}
