import SwiftSyntax

/// Finds where a container of the target is handed to code the check cannot read: a method
/// called on it that is neither Keystone's nor declared in the target
/// (`container.registerNetworking()` from another module), or a function from elsewhere that
/// receives it. Registrations made there are invisible to the check, so a missing dependency
/// can only be a warning.
final class ContainerUseReader: SyntaxVisitor {
    /// Keystone's own `Container` methods.
    static let keystoneMethods: Set<String> = [
        "register", "registerMainActor", "autoregister", "contribute", "load", "unload", "resolve",
        "resolveOptional", "tryResolve", "resolveAll", "tryResolveAll", "resolveAsync", "reset", "dispose",
        "verify", "withOverrides", "registerRequestValue", "beginRequest", "withRequest", "registration",
        "isRegistered", "registrations",
    ]
    /// Functions that take a container and register nothing in it.
    static let harmless: Set<String> = ["Container", "print", "expectValidGraph", "withExtendedLifetime"]

    /// A variable's name with the function it is in, so that an `app` that is a container in
    /// one function is not taken for the `app` of another.
    static func scoped(_ name: String, at node: Syntax, in path: String) -> String {
        var current = node.parent
        while let parent = current {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
                || parent.is(AccessorDeclSyntax.self)
            {
                return "\(name)@\(path)#\(parent.position.utf8Offset)"
            }
            current = parent.parent
        }
        return "\(name)@\(path)"
    }

    private let receivers: Set<String>
    private let path: String
    private let declarations: Declarations
    private let locate: (any SyntaxProtocol) -> Site
    private(set) var openings: [Opening] = []

    init(
        receivers: Set<String>,
        declarations: Declarations,
        path: String,
        locate: @escaping (any SyntaxProtocol) -> Site
    ) {
        self.receivers = receivers
        self.path = path
        self.declarations = declarations
        self.locate = locate
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let callee = node.calleeName else { return .visitChildren }
        if let receiver = node.receiver?.as(DeclReferenceExprSyntax.self), isContainer(receiver),
            !Self.keystoneMethods.contains(callee), declarations.functions["Container.\(callee)"] == nil
        {
            openings.append(
                Opening(
                    site: locate(node),
                    reason:
                        "`\(receiver.baseName.text).\(callee)(…)` is not declared in this target and may register services",
                    mentions: Opening.words(in: node.arguments)))
        }
        let handsContainer = node.arguments.contains { argument in
            argument.expression.as(DeclReferenceExprSyntax.self).map(isContainer) ?? false
        }
        let onContainerType = node.receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Container"
        if handsContainer, !onContainerType, !Self.harmless.contains(callee), !isDeclared(node) {
            openings.append(
                Opening(
                    site: locate(node),
                    reason: "the container is given to `\(callee)`, which is not declared in this target",
                    mentions: Opening.words(in: node.arguments)))
        }
        return .visitChildren
    }

    private func isContainer(_ reference: DeclReferenceExprSyntax) -> Bool {
        receivers.contains(Self.scoped(reference.baseName.text, at: Syntax(reference), in: path))
    }

    private func isDeclared(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calleeName else { return false }
        if call.receiver == nil { return declarations.functions[name] != nil || declarations.initializers[name] != nil }
        return declarations.functions.keys.contains { $0.hasSuffix(".\(name)") }
    }
}
