import SwiftSyntax

/// Spells a type written in source as the check keys it: every name the target declares is
/// qualified as Swift's lookup finds it from where it is written (`Client` inside
/// `enum Billing` is `Billing.Client`), and the rest is spelled as `String(describing:)` spells
/// it (`any Store` → `Store`, `Store?` → `Optional<Store>`, `[Int]` → `Array<Int>`).
///
/// Keys compare by the qualified spelling, so that two nested types of one simple name stay
/// apart; messages print ``displayed(_:)``, the spelling `verify()` prints.
struct TypeSpelling: Sendable {
    /// The qualified names of the types (and type aliases) the target declares.
    var declared: Set<String> = []

    /// The type as written at its place in the tree.
    func of(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return qualified(identifier.name.text, at: Syntax(type)) + generics(identifier.genericArgumentClause)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return "\(of(member.baseType)).\(member.name.text)" + generics(member.genericArgumentClause)
        }
        if let some = type.as(SomeOrAnyTypeSyntax.self) {
            return of(some.constraint)
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            return "Optional<\(of(optional.wrappedType))>"
        }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return "Optional<\(of(unwrapped.wrappedType))>"
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            return "Array<\(of(array.element))>"
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return "Dictionary<\(of(dictionary.key)), \(of(dictionary.value))>"
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return of(attributed.baseType)
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            let elements = tuple.elements.map { of($0.type) }
            return elements.count == 1 ? elements[0] : "(\(elements.joined(separator: ", ")))"
        }
        return type.trimmedDescription
    }

    /// The type named by an expression such as `APIClient.self`'s base or `Box<Int>`.
    func of(expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return qualified(reference.baseName.text, at: Syntax(expression))
        }
        if let specialised = expression.as(GenericSpecializationExprSyntax.self),
            let base = of(expression: specialised.expression)
        {
            return base + generics(specialised.genericArgumentClause)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base,
            let baseType = of(expression: base)
        {
            return "\(baseType).\(access.declName.baseName.text)"
        }
        if let typeExpression = expression.as(TypeExprSyntax.self) {
            return of(typeExpression.type)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return of(expression: only.expression)
        }
        if let optional = expression.as(OptionalChainingExprSyntax.self), let base = of(expression: optional.expression)
        {
            return "Optional<\(base)>"
        }
        return nil
    }

    /// The type of `X.self`, or nil when `expression` is not a metatype literal.
    func ofMetatype(_ expression: ExprSyntax) -> String? {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "self",
            let base = access.base
        else { return nil }
        return of(expression: base)
    }

    /// `name` as Swift's unqualified lookup finds it from `node`: in the types around it,
    /// innermost first, then at the top level; a name the target does not declare stays as it is.
    func qualified(_ name: String, at node: Syntax) -> String {
        guard !declared.isEmpty else { return name }
        var path = Self.enclosingTypes(of: node)
        while !path.isEmpty {
            let candidate = (path + [name]).joined(separator: ".")
            if declared.contains(candidate) { return candidate }
            path.removeLast()
        }
        return name
    }

    private func generics(_ clause: GenericArgumentClauseSyntax?) -> String {
        guard let clause else { return "" }
        let arguments = clause.arguments.map { argument -> String in
            switch argument.argument {
            case .type(let type): of(type)
            case .expr(let expression): expression.trimmedDescription
            }
        }
        return "<\(arguments.joined(separator: ", "))>"
    }

    /// Whether `text` names a type by Swift's conventions: an upper-case first letter (of its
    /// last component).
    static func looksLikeType(_ text: String) -> Bool {
        let last = text.split(separator: ".").last ?? Substring(text)
        return last.first.map { $0.isUppercase } ?? false
    }

    /// The names of the types (and extensions) a node is written in, outermost first: the
    /// context of Swift's unqualified lookup. An extension of `Billing.Client` counts as both.
    static func enclosingTypes(of node: Syntax) -> [String] {
        var path: [String] = []
        var current = node.parent
        while let parent = current {
            if let name = declaredName(of: parent) {
                path.insert(name, at: 0)
            } else if let declaration = parent.as(ExtensionDeclSyntax.self) {
                let extended = declaration.extendedType.trimmedDescription.filter { !$0.isWhitespace }
                let base = extended.split(separator: "<").first.map(String.init) ?? extended
                path.insert(contentsOf: base.split(separator: ".").map(String.init), at: 0)
            }
            current = parent.parent
        }
        return path
    }

    /// The name a type declaration (struct, class, enum, actor, protocol) declares.
    static func declaredName(of node: Syntax) -> String? {
        if let declaration = node.as(StructDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ClassDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(EnumDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ActorDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ProtocolDeclSyntax.self) { return declaration.name.text }
        return nil
    }

    // MARK: Spellings as text

    /// The spelling `String(describing:)` prints for a qualified one: every name without the
    /// types it is nested in (`Billing.Client` → `Client`, `Array<Billing.Client>` → `Array<Client>`).
    static func displayed(_ qualified: String) -> String {
        mapNames(qualified) { path in String(path.split(separator: ".").last ?? Substring(path)) }
    }

    /// `text` with each dotted name (`Billing.Client`, `Int`) replaced by `transform`'s answer;
    /// brackets, commas and spaces are kept.
    static func mapNames(_ text: String, _ transform: (String) -> String) -> String {
        var result = ""
        var name = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                name.append(character)
            } else {
                if !name.isEmpty { result += transform(name) }
                name = ""
                result.append(character)
            }
        }
        if !name.isEmpty { result += transform(name) }
        return result
    }
}

/// Reads what the rest of the reading needs from the whole target first: the qualified names
/// of the types and type aliases it declares (lookup needs all of them), which of them other
/// modules can name, and every identifier the target refers to.
final class TargetIndex: SyntaxVisitor {
    /// Qualified names of the declared types and type aliases.
    private(set) var types: Set<String> = []
    /// The declared types that other modules can name: public or open, in public or open types.
    private(set) var exported: Set<String> = []
    /// Every name the target refers to (`load(storage)`, `container.registerNetworking()`).
    private(set) var referenced: Set<String> = []

    static func index(_ files: [SourceFile]) -> TargetIndex {
        let index = TargetIndex(viewMode: .sourceAccurate)
        for file in files { index.walk(file.tree) }
        return index
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { add(Syntax(node), node.modifiers) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { add(Syntax(node), node.modifiers) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { add(Syntax(node), node.modifiers) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { add(Syntax(node), node.modifiers) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { add(Syntax(node), node.modifiers) }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        types.insert((TypeSpelling.enclosingTypes(of: Syntax(node)) + [node.name.text]).joined(separator: "."))
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        referenced.insert(node.baseName.text)
        return .visitChildren
    }

    /// Types declared inside a function body are local to it; they are still named, nested in
    /// nothing, which is how a factory in that body refers to them.
    private func add(_ node: Syntax, _ modifiers: DeclModifierListSyntax) -> SyntaxVisitorContinueKind {
        guard let name = TypeSpelling.declaredName(of: node) else { return .visitChildren }
        let outer = TypeSpelling.enclosingTypes(of: node)
        let qualified = (outer + [name]).joined(separator: ".")
        types.insert(qualified)
        if Self.isPublic(modifiers), outer.isEmpty || exported.contains(outer.joined(separator: ".")) {
            exported.insert(qualified)
        }
        return .visitChildren
    }

    /// Whether the modifiers make a declaration visible to other modules.
    static func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { [.keyword(.public), .keyword(.open)].contains($0.name.tokenKind) }
    }
}
