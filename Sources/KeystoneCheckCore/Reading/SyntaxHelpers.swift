import SwiftSyntax

extension ExprSyntax {
    /// The expression without `try`, `try?`, `await` in front.
    var unwrappingEffects: ExprSyntax {
        if let tryExpression = self.as(TryExprSyntax.self) { return tryExpression.expression.unwrappingEffects }
        if let awaitExpression = self.as(AwaitExprSyntax.self) { return awaitExpression.expression.unwrappingEffects }
        return self
    }
}

extension FunctionCallExprSyntax {
    /// The called function's base name: `register` for `container.register(…)` and `register(…)`.
    var calleeName: String? {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }

    /// The receiver: `container` in `container.register(…)`; nil for a bare call.
    var receiver: ExprSyntax? {
        calledExpression.as(MemberAccessExprSyntax.self)?.base
    }

    /// Whether the call is spelled `Name(…)` (no receiver).
    func isBareCall(to name: String) -> Bool {
        calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
    }

    /// The argument labelled `label`.
    func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    /// The labels of all arguments, nil for an unlabelled one.
    var labels: [String?] { arguments.map { $0.label?.text } }

    /// Whether the call has a trailing closure.
    var hasTrailingClosure: Bool { trailingClosure != nil || !additionalTrailingClosures.isEmpty }
}

extension SyntaxProtocol {
    /// Whether the node is inside a loop of the function or closure it is in: `for`, `while`,
    /// `repeat`, or a closure passed to `forEach`, `map` and the like.
    var isInLoop: Bool {
        var current = Syntax(self).parent
        while let node = current {
            if node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self) {
                return true
            }
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) { return false }
            if let closure = node.as(ClosureExprSyntax.self), let call = closure.enclosingCall,
                let name = call.calleeName, ["forEach", "map", "compactMap", "flatMap", "reduce"].contains(name)
            {
                return true
            }
            current = node.parent
        }
        return false
    }
}

extension ClosureExprSyntax {
    /// The call this closure is an argument or trailing closure of.
    var enclosingCall: FunctionCallExprSyntax? {
        if let call = parent?.as(FunctionCallExprSyntax.self) { return call }
        if let call = parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            parent?.is(LabeledExprSyntax.self) == true
        {
            return call
        }
        if let call = parent?.parent?.as(FunctionCallExprSyntax.self) { return call }  // additional trailing
        return nil
    }

    /// The names and declared types of the closure's parameters (nil type when not written).
    func parameters(_ spelling: TypeSpelling) -> [(name: String, type: String?)] {
        guard let clause = signature?.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let list):
            return list.map { ($0.name.text, nil) }
        case .parameterClause(let clause):
            return clause.parameters.map { parameter in
                ((parameter.secondName ?? parameter.firstName).text, parameter.type.map(spelling.of))
            }
        }
    }

    /// Whether the closure is `async`: declared so, or awaiting in its own body.
    var isAsync: Bool {
        if signature?.effectSpecifiers?.asyncSpecifier != nil { return true }
        return statements.containsOwnAwait
    }
}

extension SyntaxProtocol {
    /// Whether an `await` appears here outside nested closures and functions.
    var containsOwnAwait: Bool {
        let finder = AwaitFinder(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.found
    }
}

/// Finds an `await` outside nested closures and functions.
private final class AwaitFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
