import KeystoneRules
import SwiftSyntax

/// A registration read from the source: a `register`, `autoregister`, `registerMainActor`
/// call or a module declaration (`singleton { }`, `transient { }`, `contribute`, …).
package struct Registration: Sendable {
    /// How the registration was made.
    package enum Kind: Sendable, Equatable {
        /// `register`, `autoregister` or `registerMainActor` on a container.
        case container
        /// A declaration inside a `Module { }`.
        case module
        /// A contribution to a collection: reached through `resolveAll`, never by its key.
        case contribution
    }

    /// The key, when the syntax fixes all of it.
    package var key: ServiceKey?
    /// The service type, when the syntax fixes at least that.
    package var service: String?
    /// The scope, when the syntax fixes it.
    package var scope: Lifetime?
    /// Where the call is written: the line that `verify()` names.
    package var site: Site
    /// How it was made.
    package var kind: Kind
    /// What its factory resolves while it builds the instance.
    package var dependencies: [Dependency]
    /// Other types the instance is bound to (`bind(X.self)`), with the registration's name and
    /// arguments.
    package var boundTypes: [String]
    /// The factory is `async`: a synchronous resolve cannot build it.
    package var isAsync: Bool
    /// Registered with `registerMainActor`: built on the main actor only.
    package var isMainActor: Bool
    /// Why the analysis cannot use this registration fully, if it cannot.
    package var undecided: [String]
    /// The container it is made in, when the file makes that container itself (a variable set
    /// to `Container(…)`): registrations of another container never build its instances.
    package var container: String?
    /// Why the registration never runs, when the target shows it never does: it is declared in
    /// a module that is never loaded, or made in a helper that is never called.
    package var dormant: Dormant?
    /// The `#if` clauses it is in.
    package var condition = Condition.always
    /// The module it is declared in, by the name of what holds the module.
    package var module: String?
    /// The generic parameters its key mentions (`E` in `Repository<E>`, registered in a generic
    /// function): it provides every instantiation.
    package var genericParameters: Set<String> = []

    /// A registration at `site`, with nothing known yet.
    package init(site: Site, kind: Kind) {
        self.site = site
        self.kind = kind
        self.dependencies = []
        self.boundTypes = []
        self.isAsync = false
        self.isMainActor = false
        self.undecided = []
    }
}

/// A resolve inside a factory: `r.resolve()`, `r.resolve(X.self, name: .audit)`, `get()`.
package struct Dependency: Sendable {
    /// What is asked for, when the syntax fixes it.
    package var key: ServiceKey?
    /// Where the resolve is written.
    package var site: Site
    /// What a failure of this resolve does to the factory.
    package var failure: Failure
    /// Why the key is not known, when it is not.
    package var undecided: String?
    /// The `#if` clauses it is in, within its factory.
    package var condition = Condition.always

    /// What a failure of a resolve does to the factory that makes it.
    package enum Failure: Sendable, Equatable {
        /// `try r.resolve()`: every failure ends the factory.
        case `throws`
        /// `resolveOptional`: a missing registration is an answer (nil); other failures throw.
        case missingIsNil
        /// `try? r.resolve()`: every failure is nil.
        case swallowed
    }

    /// A resolve of `key` at `site`.
    package init(key: ServiceKey?, site: Site, failure: Failure = .throws, undecided: String? = nil) {
        self.key = key
        self.site = site
        self.failure = failure
        self.undecided = undecided
    }
}

/// Why registrations the target declares never run.
package struct Dormant: Sendable, Hashable {
    /// The module or helper that holds them, where it is declared.
    package var site: Site
    /// What it is: "the module `storage`", "the helper `registerNetworking`".
    package var what: String
    /// Why it never runs: "is never loaded", "is never called".
    package var why: String
}

/// A place where registrations may be made that the check cannot read: a container handed to
/// code of another module, or a module loaded from elsewhere.
package struct Opening: Sendable {
    /// Where.
    package var site: Site
    /// What happens there.
    package var reason: String
    /// The identifiers handed over there (its arguments' words): a type that only this target
    /// can name can be registered there only if it is handed over.
    package var mentions: Set<String>

    /// The identifiers written in `node`.
    static func words(in node: some SyntaxProtocol) -> Set<String> {
        Set(
            node.tokens(viewMode: .sourceAccurate).compactMap { token in
                if case .identifier(let text) = token.tokenKind { return text }
                return nil
            })
    }
}
