import Keystone

/// How long a resolved object lives: KOInject's scopes, each a Keystone ``Keystone/Scope``.
///
/// | KOInject | Keystone | One object per |
/// |---|---|---|
/// | ``shared`` (the default) | ``Keystone/Scope/singleton`` | container |
/// | ``weakShared`` | ``Keystone/Scope/weak`` | as long as something else holds it |
/// | ``separate`` | ``Keystone/Scope/transient`` | resolve |
///
/// KOInject's `.shared` is a singleton; Resolver's `.shared`, a different library, is a weak
/// scope. This type keeps KOInject's meaning.
public enum KOIObjectLifeScopes: Sendable {
    /// One object, built at the first resolve and returned by every later one: Keystone's
    /// `.singleton`.
    case shared
    /// One object shared while something outside the container holds it strongly; then the
    /// next resolve builds a new one: Keystone's `.weak`. Register a class (or a protocol that
    /// classes adopt): a value cannot be held weakly.
    case weakShared
    /// A new object on every resolve: Keystone's `.transient`.
    case separate

    /// The Keystone scope with this meaning.
    public var keystoneScope: Scope {
        switch self {
        case .shared: .singleton
        case .weakShared: .weak
        case .separate: .transient
        }
    }
}

/// The scope of a registration: the name the scopes go by in KOInject's documentation.
public typealias KOIScope = KOIObjectLifeScopes
