import SwiftSyntax

/// Spells a type written in source as `String(describing:)` prints it at run time, so that
/// a key read from syntax compares with, and prints like, the key `Container` builds.
enum TypeSpelling {
    /// `any Store` → `Store`, `Store?` → `Optional<Store>`, `[Int]` → `Array<Int>`.
    static func of(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.text + generics(identifier.genericArgumentClause)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return of(member.baseType) + "." + member.name.text + generics(member.genericArgumentClause)
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
    static func of(expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text
        }
        if let specialised = expression.as(GenericSpecializationExprSyntax.self),
            let base = of(expression: specialised.expression)
        {
            return base + generics(specialised.genericArgumentClause)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let baseType = of(expression: base)
        {
            return baseType + "." + member.declName.baseName.text
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
    static func ofMetatype(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base
        else { return nil }
        return of(expression: base)
    }

    /// Whether `text` names a type by Swift's conventions: an upper-case first letter.
    static func looksLikeType(_ text: String) -> Bool {
        text.first.map { $0.isUppercase } ?? false
    }

    private static func generics(_ clause: GenericArgumentClauseSyntax?) -> String {
        guard let clause else { return "" }
        let arguments = clause.arguments.map { argument -> String in
            switch argument.argument {
            case .type(let type): of(type)
            case .expr(let expression): expression.trimmedDescription
            }
        }
        return "<\(arguments.joined(separator: ", "))>"
    }
}
