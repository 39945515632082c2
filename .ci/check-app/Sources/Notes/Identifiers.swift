// The names and scopes the wiring shares.
import Keystone

extension Name {
    /// The audit trail that compliance reads.
    static let audit: Name = "audit"
}

extension Scope {
    /// Everything that belongs to the logged-in user; reset on log-out.
    static let session = Scope.cached("session")
}
