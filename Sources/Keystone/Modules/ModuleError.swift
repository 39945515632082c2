/// Why modules could not be loaded: two declarations of the same key, or a module that is
/// already loaded. Loading that fails changes nothing in the container.
///
/// ```swift
/// do {
///     try container.load(appModule, testModule)
/// } catch {
///     print(error)   // names every conflicting registration and where it was made
/// }
/// ```
public struct ModuleError: Error, CustomStringConvertible, Sendable {
    /// What went wrong. Compare with `==`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let rawValue: String

        /// Two declarations (in the modules being loaded, or one of them and a registration
        /// already in the container) register the same service type, name and arguments.
        public static let duplicateRegistration = Kind(rawValue: "duplicate registration")
        /// A module being loaded is loaded in this container already.
        public static let alreadyLoaded = Kind(rawValue: "already loaded")

        /// The kind in words.
        public var description: String { rawValue }
    }

    /// One key registered more than once.
    public struct Conflict: Sendable, CustomStringConvertible {
        /// The service, as written in Swift.
        public let service: String
        /// Its name, if any.
        public let name: String?
        /// Every place that registers it (`File.swift:12`), in load order: the first one is
        /// the registration already in the container, if there is one.
        public let registeredAt: [String]

        /// The service, its name and its registration sites.
        public var description: String {
            let what = "`\(service)`" + (name.map { " (name: \"\($0)\")" } ?? "")
            return "\(what) is registered at \(registeredAt.joined(separator: " and at "))"
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// For ``Kind/duplicateRegistration``: every key registered more than once.
    public let conflicts: [Conflict]

    /// A message a person can act on.
    public var description: String {
        switch kind {
        case .alreadyLoaded:
            return
                "Cannot load the modules: one of them is already loaded in this container. Nothing was loaded. To fix, load each module once, or unload it first."
        default:
            return
                "Cannot load the modules: \(conflicts.map(\.description).joined(separator: "; ")). Nothing was loaded. To fix, keep one registration of each key, give the others a name, or make an override in a child container (`Container(parent:)`), which resolves its own registrations first."
        }
    }
}
