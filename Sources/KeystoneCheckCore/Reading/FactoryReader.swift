import SwiftSyntax

/// Reads one factory: what it resolves while it builds, and the type it returns.
struct FactoryReader {
    /// How resolves are spelled in this factory.
    enum Style {
        /// Through the resolver parameter: `r.resolve()`; nil when the factory ignores it (`_`).
        case resolver(String?)
        /// Inside a module declaration: `get()`.
        case moduleGet
    }

    let declarations: Declarations
    let style: Style
    /// The runtime arguments' names and types, for `arguments:` passed on.
    let argumentTypes: [String: String]
    let locate: (any SyntaxProtocol) -> Site

    /// Every resolve in `body`: those outside nested closures are what the factory builds with;
    /// those inside one may run later, so their key is not used.
    func dependencies(in body: some SyntaxProtocol) -> [Dependency] {
        let finder = ResolveFinder(style: style)
        finder.walk(body)
        return finder.found.map { call, nested in
            var dependency = dependency(for: call)
            if nested && dependency.undecided == nil {
                dependency.key = nil
                dependency.undecided = "this resolve is inside a closure in the factory, which may run later"
            }
            return dependency
        }
    }

    /// The dependency a resolve call asks for.
    func dependency(for call: FunctionCallExprSyntax) -> Dependency {
        var dependency = readDependency(call)
        dependency.condition = Condition.of(call)
        return dependency
    }

    private func readDependency(_ call: FunctionCallExprSyntax) -> Dependency {
        let site = locate(call)
        let failure: Dependency.Failure =
            Self.isInsideOptionalTry(call) ? .swallowed : call.calleeName == "resolveOptional" ? .missingIsNil : .throws
        var service: String?
        var rest = Array(call.arguments)
        if let first = rest.first, first.label == nil, let type = declarations.spelling.ofMetatype(first.expression) {
            service = type
            rest.removeFirst()
        }
        var name: String?
        var arguments: [String] = []
        var inArguments = false
        for argument in rest {
            switch argument.label?.text {
            case "name":
                guard let value = nameValue(argument.expression) else {
                    return Dependency(key: nil, site: site, undecided: "its name is not a literal or a `Name` constant")
                }
                name = value
            case "arguments":
                inArguments = true
                fallthrough
            case nil where inArguments:
                guard let type = literalType(argument.expression) else {
                    return Dependency(
                        key: nil, site: site,
                        undecided:
                            "the type of its argument `\(argument.expression.trimmedDescription)` is not fixed by the syntax"
                    )
                }
                arguments.append(type)
            default:
                return Dependency(key: nil, site: site, undecided: "its arguments are not read by the check")
            }
        }
        if service == nil {
            switch contextualType(of: call) {
            case .success(let type): service = failure == .throws ? type : Self.unwrapOptional(type)
            case .failure(let reason):
                return Dependency(key: nil, site: site, failure: failure, undecided: reason.reason)
            }
        }
        guard let service else { return Dependency(key: nil, site: site) }
        let generics = DeclarationReader.genericNames(of: Syntax(call))
        if let generic = ([service] + arguments).lazy.flatMap(TypePattern.tokens).first(where: generics.contains) {
            return Dependency(
                key: nil, site: site, failure: failure,
                undecided: "its type depends on the generic parameter `\(generic)`, which each call fixes")
        }
        return Dependency(
            key: ServiceKey(service: service, name: name, arguments: arguments), site: site, failure: failure)
    }

    /// Whether the factory turns every failure of the call into something else: a `try?`
    /// around it, or a `do` with a `catch` (up to the closure or function it is in).
    static func isInsideOptionalTry(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent {
            if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self)
                || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self)
            {
                return false
            }
            if let tryExpression = parent.as(TryExprSyntax.self),
                tryExpression.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
            {
                return true
            }
            if let doStatement = parent.as(DoStmtSyntax.self), !doStatement.catchClauses.isEmpty,
                doStatement.body.id == node.id
            {
                return true
            }
            node = parent
        }
        return false
    }

    /// A registration's name: the value, or nil when the syntax does not fix it.
    static func nameOf(_ expression: ExprSyntax, _ declarations: Declarations) -> String? {
        FactoryReader(
            declarations: declarations, style: .moduleGet, argumentTypes: [:],
            locate: { _ in
                Site(path: "", fileID: "", line: 0, column: 0)
            }
        ).nameValue(expression)
    }

    /// A name written as a literal, or a constant declared in the target: `.audit`, `Name.audit`,
    /// `Billing.audit`, `audit`.
    func nameValue(_ expression: ExprSyntax) -> String? {
        if let value = DeclarationReader.nameValue(expression) { return value }
        return declarations.constant(expression, owner: "Name", in: declarations.names)
    }

    /// The type of a runtime argument passed on: a literal's, or a factory argument's.
    private func literalType(_ expression: ExprSyntax) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return argumentTypes[reference.baseName.text] }
        return nil
    }

    /// `Optional<X>` → `X`: `resolveOptional` returns an optional of the service.
    static func unwrapOptional(_ type: String) -> String {
        guard type.hasPrefix("Optional<"), type.hasSuffix(">") else { return type }
        return String(type.dropFirst("Optional<".count).dropLast())
    }

    /// The type a `resolve()` without a type must produce: fixed by the parameter it is passed
    /// to, or by a variable's type annotation.
    func contextualType(of call: FunctionCallExprSyntax) -> Result<String, Undecided> {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            node = parent
        }
        guard let parent = node.parent else { return .failure(Undecided("its type is not written")) }
        if let binding = parent.parent?.as(PatternBindingSyntax.self), parent.is(InitializerClauseSyntax.self) {
            if let annotation = binding.typeAnnotation { return .success(declarations.spelling.of(annotation.type)) }
            return .failure(Undecided("its type is not written"))
        }
        guard let labeled = parent.as(LabeledExprSyntax.self),
            let list = labeled.parent?.as(LabeledExprListSyntax.self),
            let outer = list.parent?.as(FunctionCallExprSyntax.self),
            let index = list.firstIndex(where: { $0.id == labeled.id }).map({
                list.distance(from: list.startIndex, to: $0)
            })
        else {
            return .failure(Undecided("its type is not fixed by the syntax (write `r.resolve(X.self)`)"))
        }
        let (signatures, callee) = self.signatures(of: outer)
        guard let signatures, !signatures.isEmpty else {
            return .failure(Undecided("it is passed to `\(callee)`, which is not declared in this target"))
        }
        guard
            let type = Declarations.parameterType(
                at: index, labels: outer.labels, hasTrailingClosure: outer.hasTrailingClosure, in: signatures)
        else {
            return .failure(Undecided("`\(callee)` has no single declaration that fixes this parameter's type"))
        }
        return .success(type)
    }

    /// The declarations a call may be to, and how to name it in a note.
    private func signatures(of call: FunctionCallExprSyntax) -> ([Declarations.Signature]?, String) {
        let callee = call.calledExpression
        let spelling = declarations.spelling
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if TypeSpelling.looksLikeType(name), let type = spelling.of(expression: callee) {
                return (declarations.initializers[type], "\(TypeSpelling.displayed(type)).init")
            }
            return (declarations.functions[name], name)
        }
        if let specialised = callee.as(GenericSpecializationExprSyntax.self),
            let type = spelling.of(expression: specialised.expression)
        {
            return (declarations.initializers[type], "\(TypeSpelling.displayed(type)).init")
        }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
            let type = spelling.of(expression: base), TypeSpelling.looksLikeType(type)
        {
            if declarations.initializers[type] == nil,
                declarations.functions["\(type).\(member.declName.baseName.text)"] == nil,
                let nested = spelling.of(expression: callee), declarations.initializers[nested] != nil
            {
                // `Billing.Client(…)`: a nested type's initialiser.
                return (declarations.initializers[nested], "\(TypeSpelling.displayed(nested)).init")
            }
            let name = member.declName.baseName.text
            let shown = TypeSpelling.displayed(type)
            if name == "init" { return (declarations.initializers[type], "\(shown).init") }
            return (declarations.functions["\(type).\(name)"], "\(shown).\(name)")
        }
        return (nil, callee.trimmedDescription)
    }

    /// The type a factory returns, when the syntax fixes it: its declared result, or the type
    /// of what it returns (`Foo(…)`, `Foo.make(…)`, a function declared in the target).
    func resultType(of closure: ClosureExprSyntax) -> String? {
        if let written = closure.signature?.returnClause?.type { return declarations.spelling.of(written) }
        let statements = Array(closure.statements)
        if statements.count == 1, let expression = statements[0].item.as(ExprSyntax.self) {
            return type(of: expression)
        }
        let returns = ReturnFinder()
        returns.walk(closure.statements)
        let types = Set(returns.values.map { type(of: $0) })
        guard types.count == 1, let only = types.first else { return nil }
        return only
    }

    /// The type of an expression that builds a value, when the syntax fixes it.
    func type(of expression: ExprSyntax?) -> String? {
        guard let expression = expression?.unwrappingEffects else { return nil }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self),
                elements[1].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark == nil,
                let type = elements[2].as(TypeExprSyntax.self)
            {
                return declarations.spelling.of(type.type)
            }
            return nil
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression
        let spelling = declarations.spelling
        if let name = spelling.of(expression: callee), TypeSpelling.looksLikeType(name),
            !callee.is(MemberAccessExprSyntax.self)
        {
            return name
        }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
            let type = spelling.of(expression: base), TypeSpelling.looksLikeType(type)
        {
            let name = member.declName.baseName.text
            if name == "init" { return type }
            // `Billing.Client(…)`: a nested type's initialiser.
            if let nested = spelling.of(expression: callee), spelling.declared.contains(nested) { return nested }
            let results = Set((declarations.functions["\(type).\(name)"] ?? []).compactMap(\.result))
            return results.count == 1 ? results.first : nil
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let results = Set((declarations.functions[reference.baseName.text] ?? []).compactMap(\.result))
            return results.count == 1 ? results.first : nil
        }
        return nil
    }
}

/// Why a key cannot be read from the syntax.
struct Undecided: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Finds the resolve calls of a factory, and whether each is inside a nested closure.
private final class ResolveFinder: SyntaxVisitor {
    let style: FactoryReader.Style
    var found: [(FunctionCallExprSyntax, Bool)] = []
    private var depth = 0

    init(style: FactoryReader.Style) {
        self.style = style
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        depth += 1
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        depth -= 1
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        switch style {
        case .resolver(let name?):
            if let base = node.receiver?.as(DeclReferenceExprSyntax.self), base.baseName.text == name,
                let callee = node.calleeName, callee == "resolve" || callee == "resolveOptional"
            {
                found.append((node, depth > 0))
            }
        case .resolver(nil):
            break
        case .moduleGet:
            if node.isBareCall(to: "get") { found.append((node, depth > 0)) }
        }
        return .visitChildren
    }
}

/// The values a closure returns with `return`, outside nested closures and functions.
private final class ReturnFinder: SyntaxVisitor {
    var values: [ExprSyntax?] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        values.append(node.expression)
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
