/// Gives a service to one action at a time and lets it go when the action ends: a billing
/// transaction that exists only for the duration of a payment.
///
/// ```swift
/// let billing = IsolatedResolver(LazyResolver(UserBilling.self, from: r, arguments: userId))
///
/// try billing.resolve { userBilling in
///     userBilling.add(payment: payment)
/// }   // disposed here, also when the action throws
/// ```
///
/// An isolated resolver wraps a ``LazyResolver``: `resolve` resolves it, runs the
/// action with the service, then disposes the lazy resolver, whether the action returned or
/// threw, and returns what the action returned. The action is the only code that sees the
/// service, which is what makes it "isolated".
///
/// Two actions running at the same time on different threads share the instance the lazy
/// resolver holds (it is built once), and the first to end disposes the lazy resolver; the
/// other keeps its own reference until it ends. Register the service `.transient` when each
/// action should get its own.
public struct IsolatedResolver<Service> {
    /// The lazy resolver this isolated resolver resolves and disposes.
    public let lazyResolver: LazyResolver<Service>

    /// Creates an isolated resolver over a lazy resolver.
    public init(_ lazyResolver: LazyResolver<Service>) {
        self.lazyResolver = lazyResolver
    }

    /// Resolves the service, runs `action` with it, disposes it, and returns the action's
    /// result.
    ///
    /// - Throws: ``ResolutionError`` if the service cannot be resolved (the action does not
    ///   run), or what `action` throws (after disposing).
    public func resolve<Result>(_ action: (Service) throws -> Result) throws -> Result {
        let service = try lazyResolver.resolve()
        defer { lazyResolver.dispose() }
        return try action(service)
    }

    /// Resolves the service, awaits `action` with it, disposes it, and returns the action's
    /// result: the variant for actions that `await`.
    ///
    /// The action runs in the caller's isolation (an actor, the main actor, or none), so it
    /// may use the caller's state without sending it anywhere. (This uses
    /// `nonisolated(nonsending)`, which is why Keystone needs a Swift 6.2 or later compiler.)
    ///
    /// - Throws: ``ResolutionError`` if the service cannot be resolved (the action does not
    ///   run), or what `action` throws (after disposing).
    public nonisolated(nonsending) func resolve<Result>(
        _ action: nonisolated(nonsending) (Service) async throws -> Result
    ) async throws -> Result {
        let service = try lazyResolver.resolve()
        defer { lazyResolver.dispose() }
        return try await action(service)
    }
}

extension IsolatedResolver: Sendable where Service: Sendable {}
