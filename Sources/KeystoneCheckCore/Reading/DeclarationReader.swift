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
        let type = node.name.text
        declarations.declaredIdentifiers.insert(type)
        let hasInit = node.memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
        let generics = Set(node.genericParameterClause?.parameters.map(\.name.text) ?? [])
        if !hasInit, let memberwise = Self.memberwise(node.memberBlock, type: type, generics: generics) {
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
            parameters: Self.parameters(node.signature.parameterClause, generics: generics),
            result: type,
            isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil
        )
        declarations.initializers[type, default: []].append(signature)
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let owner = Self.enclosingType(of: Syntax(node))
        var result = node.signature.returnClause.map { TypeSpelling.of($0.type) }
        if result == "Self" { result = owner }
        let isAsync = node.signature.effectSpecifiers?.asyncSpecifier != nil
        let parameters = Self.parameters(node.signature.parameterClause, generics: Self.genericNames(of: Syntax(node)))
        let signature = Declarations.Signature(parameters: parameters, result: result, isAsync: isAsync)
        if let owner {
            declarations.functions["\(owner).\(name)", default: []].append(signature)
        } else {
            declarations.functions[name, default: []].append(signature)
            declarations.declaredIdentifiers.insert(name)
        }
        let clause = node.signature.parameterClause.parameters
        if let first = clause.first, TypeSpelling.of(first.type) == "Resolver", let body = node.body {
            let inner = first.secondName ?? first.firstName
            declarations.factoryFunctions[name] = FactoryFunction(
                resolverName: inner.text == "_" ? nil : inner.text,
                argumentTypes: clause.dropFirst().map { TypeSpelling.of($0.type) },
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
            guard isStatic, let value = binding.initializer?.value else { continue }
            let annotated = binding.typeAnnotation.map { TypeSpelling.of($0.type) }
            if owner == "Name" || annotated == "Name", let name = Self.nameValue(value) {
                declarations.names[identifier] = name
            }
            if owner == "Scope" || annotated == "Scope", let scope = Self.scopeValue(value, constants: [:]) {
                declarations.scopes[identifier] = scope
            }
        }
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.typeAliases[node.name.text] = TypeSpelling.of(node.initializer.value)
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

    /// A scope written `.singleton`, `Scope.singleton`, `.cached("x")` or as a declared constant.
    static func scopeValue(_ expression: ExprSyntax, constants: [String: ScopeKind]) -> ScopeKind? {
        var expression = expression
        var argument: String?
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard call.arguments.count == 1, let first = call.arguments.first,
                let literal = first.expression.as(StringLiteralExprSyntax.self)
            else { return nil }
            argument = literal.representedLiteralValue
            expression = call.calledExpression
        }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "Scope" { return nil }
        switch (member.declName.baseName.text, argument) {
        case ("transient", nil): return .transient
        case ("graph", nil): return .graph
        case ("weak", nil): return .weak
        case ("singleton", nil): return .singleton
        case ("cached", let name?): return .cached(name)
        case (let other, nil): return constants[other]
        default: return nil
        }
    }

    /// The parameters of an initialiser or function; a type that mentions one of `generics`
    /// is not known.
    static func parameters(_ clause: FunctionParameterClauseSyntax, generics: Set<String>) -> [Declarations.Parameter] {
        clause.parameters.map { parameter in
            let type = TypeSpelling.of(parameter.type)
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

    /// The type (or extended type) a declaration is directly inside, if any.
    static func enclosingType(of node: Syntax) -> String? {
        var current = node.parent
        while let parent = current {
            if parent.is(CodeBlockSyntax.self) || parent.is(ClosureExprSyntax.self) { return nil }
            if let declaration = parent.as(StructDeclSyntax.self) { return declaration.name.text }
            if let declaration = parent.as(ClassDeclSyntax.self) { return declaration.name.text }
            if let declaration = parent.as(ActorDeclSyntax.self) { return declaration.name.text }
            if let declaration = parent.as(EnumDeclSyntax.self) { return declaration.name.text }
            if let declaration = parent.as(ExtensionDeclSyntax.self) {
                return TypeSpelling.of(declaration.extendedType)
            }
            current = parent.parent
        }
        return nil
    }

    /// The type or extension a node is anywhere inside, through function bodies.
    static func enclosingTypeOrExtension(of node: Syntax) -> String? {
        var current = node.parent
        while let parent = current {
            if let declaration = parent.as(ExtensionDeclSyntax.self) {
                return TypeSpelling.of(declaration.extendedType)
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
        generics: Set<String>
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
                        type: generics.isEmpty ? TypeSpelling.of(annotation.type) : nil,
                        hasDefault: binding.initializer != nil
                    )
                )
            }
        }
        return Declarations.Signature(parameters: parameters, result: type, isAsync: false)
    }
}
