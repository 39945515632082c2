import Keystone

/// How long a stored dependency lives.
public enum DependencyLifeTime: Sendable {
    /// Made anew every time it is restored, and at every read of a property that injects it.
    case transient
    /// Made anew for every restore; a property wrapper keeps its own for as long as its owner
    /// lives. Within one restore it is shared by everything that depends on it (Keystone's
    /// `.graph` scope).
    case scoped
    /// Made once, at its first restore, then shared by everyone (Keystone's `.singleton`).
    case singleton

    /// The Keystone scope that keeps instances this long.
    var scope: Scope {
        switch self {
        case .transient: .transient
        case .scoped: .graph
        case .singleton: .singleton
        }
    }
}
