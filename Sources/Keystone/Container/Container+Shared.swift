/// The shared container, and replacing it for one task tree or one operation.
extension Container {
    /// The container that property wrappers and global helpers use.
    ///
    /// It is the process-wide container (which runs the app's ``AutoRegistering`` hook before
    /// its first use), unless the current task runs inside
    /// ``withShared(_:operation:)-(_,()->Result)`` (or ``withOverrides(_:operation:)``), which
    /// binds another one for that task and every child task it starts. That is what lets two
    /// tests running in parallel each see their own registrations through the same
    /// `Container.shared`.
    ///
    /// Read it when you resolve, not once at start-up, so that a binding for the current task
    /// is seen.
    public static var shared: Container {
        bound ?? processWide
    }

    /// The container `shared` is when no task binds another. If the app declares an
    /// ``AutoRegistering`` hook, it runs once, before this container's first registration or
    /// its first resolve that finds nothing. The compatibility modules reach it with `package`
    /// access, to act on it whatever the current task binds.
    package static let processWide = Container(firstUse: FirstUseGate.declared())

    /// The container bound to the current task, if any.
    @TaskLocal static var bound: Container?

    /// Runs `operation` with `container` as ``shared`` for the current task and the child tasks
    /// it starts (a detached task does not inherit it), and restores the previous one after,
    /// also when `operation` throws.
    ///
    /// ```swift
    /// @Test func checkoutUsesTheFakeGateway() throws {
    ///     let container = makeTestContainer()
    ///     try Container.withShared(container) {
    ///         try runCheckout()   // property wrappers inside resolve from `container`
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - container: The container `Container.shared` is during `operation`.
    ///   - operation: The work to run.
    /// - Returns: What `operation` returns.
    public static func withShared<Result>(
        _ container: Container,
        operation: () throws -> Result
    ) rethrows -> Result {
        try $bound.withValue(container, operation: operation)
    }

    /// Runs the async `operation` with `container` as ``shared`` for the current task and the
    /// child tasks it starts, and restores the previous one after, also when it throws.
    ///
    /// - Parameters:
    ///   - container: The container `Container.shared` is during `operation`.
    ///   - isolation: The actor `operation` runs on; the caller's, by default.
    ///   - operation: The work to run.
    /// - Returns: What `operation` returns.
    public static func withShared<Result>(
        _ container: Container,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $bound.withValue(container, operation: operation, isolation: isolation)
    }

    /// Runs `operation` with a copy of this container in which `overrides` replaced some
    /// registrations; the copy is disposed when `operation` ends, also when it throws.
    ///
    /// ```swift
    /// try container.withOverrides { overrides in
    ///     overrides.register(PaymentGateway.self) { _ in DecliningGateway() }
    /// } operation: { container in
    ///     let checkout: Checkout = try container.tryResolve()
    ///     #expect(checkout.pay(10) == .declined)
    /// }
    /// ```
    ///
    /// The copy has every registration of this container and of its parents, and none of their
    /// instances: what the operation resolves is built anew, sees the overrides however deep in
    /// the graph it needs them, and never leaks out — and nothing the operation overrides leaks
    /// into this container, or into another operation running at the same time. If this
    /// container is ``shared`` for the current task, the copy is ``shared`` during `operation`,
    /// so property wrappers see the overrides too.
    ///
    /// - Parameters:
    ///   - overrides: Registers the replacements in the copy it receives.
    ///   - operation: The work to run with the copy.
    /// - Returns: What `operation` returns.
    public func withOverrides<Result>(
        _ overrides: (Container) throws -> Void,
        operation: (Container) throws -> Result
    ) rethrows -> Result {
        let copy = Container(copying: self, forVerification: false)
        defer { copy.dispose() }
        try overrides(copy)
        guard self === Container.shared else { return try operation(copy) }
        return try Container.withShared(copy) { try operation(copy) }
    }

    /// Runs the async `operation` with a copy of this container in which `overrides` replaced
    /// some registrations; the copy is disposed when `operation` ends, also when it throws.
    ///
    /// See ``withOverrides(_:operation:)`` for what the copy holds.
    ///
    /// - Parameters:
    ///   - overrides: Registers the replacements in the copy it receives.
    ///   - isolation: The actor `operation` runs on; the caller's, by default.
    ///   - operation: The work to run with the copy.
    /// - Returns: What `operation` returns.
    public func withOverrides<Result>(
        _ overrides: (Container) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: (Container) async throws -> Result
    ) async rethrows -> Result {
        let copy = Container(copying: self, forVerification: false)
        defer { copy.dispose() }
        try overrides(copy)
        guard self === Container.shared else { return try await operation(copy) }
        return try await Container.withShared(copy) { try await operation(copy) }
    }
}
