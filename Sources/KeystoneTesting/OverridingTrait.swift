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
public struct OverridingTrait: TestTrait, SuiteTrait, TestScoping {
    let overrides: @Sendable (Container) throws -> Void

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
        try await Container.shared.withOverrides(overrides) { _ in try await function() }
    }
}

extension Trait where Self == OverridingTrait {
    /// Runs the test (or each test of the suite) with `overrides` registered in its own copy of
    /// `Container.shared`.
    ///
    /// - Parameter overrides: Registers the test's replacements in the copy it receives.
    public static func overriding(_ overrides: @escaping @Sendable (Container) throws -> Void) -> Self {
        OverridingTrait(overrides: overrides)
    }
}
