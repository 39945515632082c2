import Keystone

/// How long a dependency declared in a ``Module`` lives: Swoin's three caching strategies,
/// each a Keystone ``Keystone/Scope`` underneath.
///
/// Pick it with the declaration function rather than by hand: ``single`` gives `.single`,
/// ``factory`` gives `.factory`, ``weak`` gives `.weak`.
public enum CacheType: Sendable {
    /// One instance for as long as the module stays loaded: Keystone's `.singleton`.
    case single
    /// A new instance on every resolve: Keystone's `.transient`.
    case factory
    /// The same instance while something else holds it strongly, a new one after: Keystone's
    /// `.weak`. The instance must be a class; a value type is reported as an error when
    /// resolved, where Swoin silently made a new one each time.
    case weak

    /// The Keystone scope of a registration with this cache type.
    var scope: Scope {
        switch self {
        case .single: return .singleton
        case .factory: return .transient
        case .weak: return .weak
        }
    }
}
