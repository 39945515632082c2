import KeystoneRules
import SwiftSyntax

/// What the target declares that the reading of registrations needs: initialisers and
/// functions (to fix the type of `r.resolve()` from the parameter it is passed to), `Name` and
/// `Scope` constants, and modules.
package struct Declarations: Sendable {
    /// A parameter of an initialiser or function.
    package struct Parameter: Sendable, Equatable {
        /// The argument label; nil for `_`.
        package var label: String?
        /// The type, spelled as at run time; nil when it is generic.
        package var type: String?
        /// Whether a call may leave it out.
        package var hasDefault: Bool
    }

    /// An initialiser or function.
    package struct Signature: Sendable {
        /// Its parameters, in order.
        package var parameters: [Parameter]
        /// What it returns; for an initialiser, its type.
        package var result: String?
        /// Whether it is `async`.
        package var isAsync: Bool
    }

    /// Initialisers by type, including a struct's memberwise one.
    package var initializers: [String: [Signature]] = [:]
    /// Functions and methods by base name; a method's is also filed as `Type.name`.
    package var functions: [String: [Signature]] = [:]
    /// The bodies of functions that take a `Resolver` first, by name, for `register(factory: f)`.
    package var factoryFunctions: [String: FactoryFunction] = [:]
    /// Type aliases by qualified name: `Billing.Client` → `APIClient`.
    package var typeAliases: [String: String] = [:]
    /// `Name` constants by the type that declares them: `Name.audit` → `"audit"`,
    /// `Billing.audit` → `"billing"`; a global constant by its name alone.
    package var names: [String: String] = [:]
    /// `Scope` constants by the type that declares them: `Scope.session` → `.cached("session")`.
    package var scopes: [String: Lifetime] = [:]
    /// Every identifier declared at file or type level (modules, lists of modules, functions).
    package var declaredIdentifiers: Set<String> = []
    /// Whether some container in the target is made with a default scope of its own.
    package var setsDefaultScope = false
    /// How types are spelled in keys: qualified by the types the target declares.
    var spelling = TypeSpelling()
    /// The declared types other modules can name (qualified).
    package var exportedTypes: Set<String> = []
    /// Every name the target refers to.
    package var referenced: Set<String> = []

    /// Whether `type` (qualified) is one that only this target can name: declared here and not
    /// public, so that no other module can register it unless the target hands it over.
    func isOwn(_ type: String) -> Bool {
        let base = String(type.prefix { $0 != "<" })
        return spelling.declared.contains(base) && !exportedTypes.contains(base)
    }

    /// An empty set.
    package init() {}

    /// The constant a `Name` or `Scope` argument refers to, looked up as Swift does: `.audit`
    /// among `owner`'s static members (`Name.audit`), `Billing.audit` in `Billing`, and a bare
    /// `audit` in the types around `node`, innermost first, then at the top level.
    func constant<Value>(_ expression: ExprSyntax, owner: String, in table: [String: Value]) -> Value? {
        if let access = expression.as(MemberAccessExprSyntax.self) {
            guard let base = access.base else { return table["\(owner).\(access.declName.baseName.text)"] }
            guard let type = spelling.of(expression: base) else { return nil }
            return table["\(type).\(access.declName.baseName.text)"]
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            var path = TypeSpelling.enclosingTypes(of: Syntax(expression))
            while true {
                if let value = table[(path + [reference.baseName.text]).joined(separator: ".")] { return value }
                guard !path.isEmpty else { return nil }
                path.removeLast()
            }
        }
        return nil
    }

    /// The type at each argument position of a call to `signatures` with these labels, when
    /// every signature that fits the labels agrees on it.
    static func parameterType(
        at index: Int,
        labels: [String?],
        hasTrailingClosure: Bool,
        in signatures: [Signature]
    ) -> String? {
        var found: Set<String> = []
        for signature in signatures {
            guard let mapping = match(labels: labels, hasTrailingClosure: hasTrailingClosure, to: signature) else {
                continue
            }
            found.insert(signature.parameters[mapping[index]].type ?? "")
        }
        guard found.count == 1, let only = found.first, !only.isEmpty else { return nil }
        return only
    }

    /// The parameter index of each argument, or nil when the labels do not fit.
    static func match(labels: [String?], hasTrailingClosure: Bool, to signature: Signature) -> [Int]? {
        var mapping: [Int] = []
        var parameter = 0
        for label in labels {
            while parameter < signature.parameters.count, signature.parameters[parameter].label != label {
                guard signature.parameters[parameter].hasDefault else { return nil }
                parameter += 1
            }
            guard parameter < signature.parameters.count else { return nil }
            mapping.append(parameter)
            parameter += 1
        }
        if !hasTrailingClosure {
            for rest in signature.parameters[parameter...] where !rest.hasDefault { return nil }
        }
        return mapping
    }
}

/// A function declared in the target whose first parameter is a `Resolver`:
/// `register(factory: makeNoteService)` uses it as the factory.
package struct FactoryFunction: Sendable {
    /// The resolver parameter's name inside the body.
    package var resolverName: String?
    /// Its other parameters' types: the runtime arguments.
    package var argumentTypes: [String]
    /// What it returns.
    package var result: String?
    /// Whether it is `async`.
    package var isAsync: Bool
    /// Its body.
    package var body: CodeBlockSyntax
}
