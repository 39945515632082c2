import KeystoneRules
import SwiftSyntax

/// Collects what a file declares into ``Declarations``: initialisers (and a struct's memberwise
/// one), functions, `Name` and `Scope` constants, and the top-level identifiers.
final class DeclarationReader: SyntaxVisitor {
    private(set) var declarations: Declarations

    init(into declarations: Declarations) {
        self.declarations = declarations
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Types

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.declaredIdentifiers.insert(node.name.text)
        let type = (TypeSpelling.enclosingTypes(of: Syntax(node)) + [node.name.text]).joined(separator: ".")
        let hasInit = node.memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
        let generics = Set(node.genericParameterClause?.parameters.map(\.name.text) ?? [])
        if !hasInit,
            let memberwise = Self.memberwise(
                node.memberBlock, type: type, generics: generics, spelling: declarations.spelling)
        {
            declarations.initializers[type, default: []].append(memberwise)
        }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.declaredIdentifiers.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.declaredIdentifiers.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.declaredIdentifiers.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let type = Self.enclosingType(of: Syntax(node)) else { return .skipChildren }
        let generics = Self.genericNames(of: Syntax(node))
        let signature = Declarations.Signature(
            parameters: Self.parameters(
                node.signature.parameterClause, generics: generics, spelling: declarations.spelling),
            result: type,
            isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil
        )
        declarations.initializers[type, default: []].append(signature)
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let owner = Self.enclosingType(of: Syntax(node))
        let spelling = declarations.spelling
        var result = node.signature.returnClause.map { spelling.of($0.type) }
        if result == "Self" { result = owner }
        let isAsync = node.signature.effectSpecifiers?.asyncSpecifier != nil
        let parameters = Self.parameters(
            node.signature.parameterClause, generics: Self.genericNames(of: Syntax(node)), spelling: spelling)
        let signature = Declarations.Signature(parameters: parameters, result: result, isAsync: isAsync)
        if let owner {
            declarations.functions["\(owner).\(name)", default: []].append(signature)
        } else {
            declarations.functions[name, default: []].append(signature)
            declarations.declaredIdentifiers.insert(name)
        }
        let clause = node.signature.parameterClause.parameters
        if let first = clause.first, spelling.of(first.type) == "Resolver", let body = node.body {
            let inner = first.secondName ?? first.firstName
            declarations.factoryFunctions[name] = FactoryFunction(
                resolverName: inner.text == "_" ? nil : inner.text,
                argumentTypes: clause.dropFirst().map { spelling.of($0.type) },
                result: result,
                isAsync: isAsync,
                body: body
            )
        }
        return .skipChildren
    }

    // MARK: Constants

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let owner = Self.enclosingType(of: Syntax(node))
        let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
        for binding in node.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if owner == nil || isStatic { declarations.declaredIdentifiers.insert(identifier) }
            // A constant: static in a type, or global (not a local variable of a body).
            let isGlobal = owner == nil && !Self.isInBody(Syntax(node))
            guard isStatic || isGlobal, let value = binding.initializer?.value else { continue }
            let annotated = binding.typeAnnotation.map { declarations.spelling.of($0.type) }
            // Filed by the type that declares it, so that one type's `audit` never shadows another's.
            let key = owner.map { "\($0).\(identifier)" } ?? identifier
            if owner == "Name" || annotated == "Name", let name = Self.nameValue(value) {
                declarations.names[key] = name
            }
            if owner == "Scope" || annotated == "Scope", let scope = Self.scopeValue(value, declarations: nil) {
                declarations.scopes[key] = scope
            }
        }
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = (TypeSpelling.enclosingTypes(of: Syntax(node)) + [node.name.text]).joined(separator: ".")
        declarations.typeAliases[name] = declarations.spelling.of(node.initializer.value)
        return .skipChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if node.label?.text == "defaultScope" { declarations.setsDefaultScope = true }
        return .visitChildren
    }

    // MARK: Helpers

    /// The raw value of a `Name` written as `"audit"` or `Name("audit")`.
    static func nameValue(_ expression: ExprSyntax) -> String? {
        if let literal = expression.as(StringLiteralExprSyntax.self) { return literal.representedLiteralValue }
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Name",
            call.arguments.count == 1, let first = call.arguments.first,
            let literal = first.expression.as(StringLiteralExprSyntax.self)
        {
            return literal.representedLiteralValue
        }
        return nil
    }

    /// A scope written `.singleton`, `Scope.singleton`, `.cached("x")` or as a constant that
    /// `declarations` hold.
    static func scopeValue(_ expression: ExprSyntax, declarations: Declarations?) -> Lifetime? {
        var expression = expression
        var argument: String?
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard call.arguments.count == 1, let first = call.arguments.first,
                let literal = first.expression.as(StringLiteralExprSyntax.self)
            else { return nil }
            argument = literal.representedLiteralValue
            expression = call.calledExpression
        }
        let member = expression.as(MemberAccessExprSyntax.self)
        let onScope = member.map {
            $0.base == nil || $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Scope"
        }
        if onScope == true, let name = member?.declName.baseName.text,
            let lifetime = Lifetime(member: name, argument: argument)
        {
            return lifetime
        }
        guard argument == nil else { return nil }
        return declarations?.constant(expression, owner: "Scope", in: declarations?.scopes ?? [:])
    }

    /// The parameters of an initialiser or function; a type that mentions one of `generics`
    /// is not known.
    static func parameters(
        _ clause: FunctionParameterClauseSyntax,
        generics: Set<String>,
        spelling: TypeSpelling
    ) -> [Declarations.Parameter] {
        clause.parameters.map { parameter in
            let type = spelling.of(parameter.type)
            let mentionsGeneric = generics.contains { generic in
                type.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains { $0 == generic }
            }
            return Declarations.Parameter(
                label: parameter.firstName.text == "_" ? nil : parameter.firstName.text,
                type: mentionsGeneric || parameter.ellipsis != nil ? nil : type,
                hasDefault: parameter.defaultValue != nil
            )
        }
    }

    /// The generic parameter names in scope at a declaration: its own and its types'.
    static func genericNames(of node: Syntax) -> Set<String> {
        var names: Set<String> = []
        var current: Syntax? = node
        while let syntax = current {
            let clause: GenericParameterClauseSyntax? =
                syntax.as(FunctionDeclSyntax.self)?.genericParameterClause
                ?? syntax.as(InitializerDeclSyntax.self)?.genericParameterClause
                ?? syntax.as(StructDeclSyntax.self)?.genericParameterClause
                ?? syntax.as(ClassDeclSyntax.self)?.genericParameterClause
                ?? syntax.as(EnumDeclSyntax.self)?.genericParameterClause
                ?? syntax.as(ActorDeclSyntax.self)?.genericParameterClause
            for parameter in clause?.parameters ?? [] { names.insert(parameter.name.text) }
            current = syntax.parent
        }
        return names
    }

    /// The type (or extended type) a declaration is directly inside, qualified by the types
    /// around it (`Billing.Client`), if any.
    static func enclosingType(of node: Syntax) -> String? {
        guard !isInBody(node) else { return nil }
        let path = TypeSpelling.enclosingTypes(of: node)
        return path.isEmpty ? nil : path.joined(separator: ".")
    }

    /// Whether a declaration is inside a function body or a closure rather than directly in a
    /// type or at the top level.
    static func isInBody(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.is(CodeBlockSyntax.self) || parent.is(ClosureExprSyntax.self) { return true }
            if TypeSpelling.declaredName(of: parent) != nil || parent.is(ExtensionDeclSyntax.self) { return false }
            current = parent.parent
        }
        return false
    }

    /// The type or extension a node is anywhere inside, through function bodies.
    static func enclosingTypeOrExtension(of node: Syntax) -> String? {
        var current = node.parent
        while let parent = current {
            if let declaration = parent.as(ExtensionDeclSyntax.self) {
                return declaration.extendedType.trimmedDescription
            }
            if let declaration = parent.as(ClassDeclSyntax.self) { return declaration.name.text }
            if let declaration = parent.as(StructDeclSyntax.self) { return declaration.name.text }
            current = parent.parent
        }
        return nil
    }

    /// A struct's memberwise initialiser: its stored instance properties in order.
    private static func memberwise(
        _ members: MemberBlockSyntax,
        type: String,
        generics: Set<String>,
        spelling: TypeSpelling
    ) -> Declarations.Signature? {
        var parameters: [Declarations.Parameter] = []
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: {
                    $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.lazy)
                })
            else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            for binding in variable.bindings {
                if let accessors = binding.accessorBlock {
                    // A computed property is not stored; observers are.
                    if case .getter = accessors.accessors { continue }
                    if case .accessors(let list) = accessors.accessors,
                        list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })
                    {
                        continue
                    }
                }
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                if isLet && binding.initializer != nil { continue }
                guard let annotation = binding.typeAnnotation else { return nil }
                parameters.append(
                    Declarations.Parameter(
                        label: name,
                        type: generics.isEmpty ? spelling.of(annotation.type) : nil,
                        hasDefault: binding.initializer != nil
                    )
                )
            }
        }
        return Declarations.Signature(parameters: parameters, result: type, isAsync: false)
    }
}
