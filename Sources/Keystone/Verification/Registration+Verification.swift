/// Keeping factories with side effects out of ``Container/verify(samples:)``.
extension Registration {
    /// Tells ``Container/verify(samples:)`` not to build this registration.
    ///
    /// Use it for a factory with side effects that must not run in a test: one that opens a
    /// camera, starts a server or charges a card. Verification then lists the registration as
    /// not checked — its factory, and whatever the factory resolves, are not checked — and so
    /// is every registration that depends on it, past that point. To keep checking those, give
    /// a stand-in with ``verify(because:standIn:)`` instead.
    ///
    /// - Parameter reason: Why, shown in the report.
    @discardableResult
    public func skipVerification(because reason: String) -> Registration<Service> {
        update { $0.refined(verification: .skip(reason: reason)) }
    }

    /// Tells ``Container/verify(samples:)`` to build `standIn` instead of this registration's
    /// factory.
    ///
    /// Verification checks everything that depends on the registration, with the stand-in in
    /// its place; the registration's own factory, and what it resolves, are not checked, and
    /// the report says so. The app never sees the stand-in.
    ///
    /// ```swift
    /// container.register(Camera.self, scope: .singleton) { _ in try Camera.open() }
    ///     .verify(because: "opens the camera") { _ in FakeCamera() }
    /// ```
    ///
    /// - Parameters:
    ///   - reason: Why, shown in the report.
    ///   - standIn: Builds what verification uses instead.
    @discardableResult
    public func verify(
        because reason: String,
        standIn: @escaping @Sendable (Resolver) throws -> Service
    ) -> Registration<Service> {
        update { $0.refined(verification: .standIn(reason: reason), standIn: .plain(standIn)) }
    }
}
