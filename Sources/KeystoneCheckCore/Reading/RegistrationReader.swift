import KeystoneRules
import SwiftSyntax

/// Reads the registrations of one file: `register`, `registerMainActor`, `autoregister` and
/// `contribute` calls on a container, and the declarations inside `Module { }`.
final class RegistrationReader: SyntaxVisitor {
    private let declarations: Declarations
    private let source: SourceFile
    private let converter: SourceLocationConverter
    /// How the file's container variables are made: children, override containers, default scopes.
    private let containers: ContainerFinder

    private(set) var registrations: [Registration] = []
    /// Sites where registrations may be made that the check cannot see.
    private(set) var openings: [Opening] = []
    /// Registrations the check leaves out, with why.
    private(set) var skipped: [(Site, String)] = []
    /// The variables registrations are made on: the containers of the target.
    private(set) var receivers: Set<String> = []
    /// Each registration's call, by its site.
    private(set) var nodes: [Site: FunctionCallExprSyntax] = [:]

    /// The container an expression names, when this file makes it (see `ContainerFinder`).
    func containerIdentity(_ expression: ExprSyntax?) -> String? { containers.identity(expression) }

    init(declarations: Declarations, source: SourceFile) {
        self.declarations = declarations
        self.source = source
        self.converter = SourceLocationConverter(fileName: source.path, tree: source.tree)
        self.containers = ContainerFinder(declarations: declarations, path: source.path)
        containers.walk(source.tree)
        super.init(viewMode: .sourceAccurate)
    }

    func site(_ node: some SyntaxProtocol) -> Site {
        let location = node.startLocation(converter: converter)
        return Site(path: source.path, fileID: source.fileID, line: location.line, column: location.column)
    }

    /// The scope a registration on `node`'s receiver gets when it names none: the default of
    /// the container the receiver was made as, where this file makes it; `.graph` where no
    /// container of the target is made with another default; unknown otherwise.
    private func defaultScope(_ node: FunctionCallExprSyntax) -> Lifetime? {
        if let made = containers.made(node.receiver) { return made.defaultScope }
        return declarations.setsDefaultScope ? nil : .graph
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let callee = node.calleeName else { return .visitChildren }
        switch callee {
        case "register", "registerMainActor":
            readRegister(node)
        case "autoregister":
            readAutoregister(node)
        case "registerRequestValue":
            readRequestValue(node)
        case "contribute" where node.receiver != nil:
            readRegister(node, contribution: true)
        case "singleton", "transient", "weak", "graph", "scoped", "contribute":
            if node.receiver == nil, isInsideModule(node) { readModuleDeclaration(node, kind: callee) }
        case "load":
            readLoad(node)
        default:
            break
        }
        return .visitChildren
    }

    // MARK: Container registrations

    private func readRegister(_ node: FunctionCallExprSyntax, contribution: Bool = false) {
        let allowed: Set<String?> = [nil, "name", "scope", "file", "line", "factory"]
        guard isContainerReceiver(node) else { return }
        if let unknown = node.labels.first(where: { !allowed.contains($0) }) {
            // Not a registration the check knows how to read: said, never silently dropped.
            skipped.append(
                (
                    site(node),
                    "its argument `\(unknown ?? "_"):` is not one of `register`'s, so the check does not read it"
                ))
            return
        }
        var registration = Registration(site: site(node), kind: contribution ? .contribution : .container)
        var explicitService: String?
        var unreadService = false
        if let first = node.arguments.first, first.label == nil {
            explicitService = declarations.spelling.ofMetatype(first.expression)
            unreadService = explicitService == nil
        }
        if isOverride(node) {
            skipped.append((registration.site, "it is made in an override container, which replaces what it copies"))
            return
        }
        let nameExpression = node.argument("name")
        let name = nameExpression.map { FactoryReader.nameOf($0, declarations) }
        registration.scope =
            node.argument("scope").map { DeclarationReader.scopeValue($0, declarations: declarations) }
            ?? defaultScope(node)
        if node.argument("scope") == nil, registration.scope == nil {
            registration.undecided.append(
                "its scope is its container's default, which the check cannot tell (a container of this target is made with `defaultScope:`)"
            )
        }

        var argumentTypes: [String]? = []
        var resultType: String?
        if let closure = node.trailingClosure ?? node.argument("factory")?.as(ClosureExprSyntax.self) {
            let parameters = closure.parameters(declarations.spelling)
            let resolverName = parameters.first.map { $0.name == "_" ? nil : $0.name } ?? nil
            let rest = parameters.dropFirst()
            argumentTypes = rest.allSatisfy({ $0.type != nil }) ? rest.map { $0.type! } : nil
            let reader = factoryReader(.resolver(resolverName), arguments: rest)
            registration.dependencies = reader.dependencies(in: closure.statements)
            registration.isAsync = closure.isAsync
            resultType = reader.resultType(of: closure)
        } else if let reference = node.argument("factory")?.as(DeclReferenceExprSyntax.self),
            let function = declarations.factoryFunctions[reference.baseName.text]
        {
            argumentTypes = function.argumentTypes
            let reader = factoryReader(.resolver(function.resolverName), arguments: [])
            registration.dependencies = reader.dependencies(in: function.body)
            registration.isAsync = function.isAsync
            resultType = function.result
        } else {
            registration.undecided.append("its factory is not a closure or a function declared in this target")
        }
        finish(
            &registration, service: unreadService ? nil : explicitService ?? resultType, name: name,
            arguments: argumentTypes, node: node)
    }

    /// `registerRequestValue(T.self)`: each request scope provides a `T`; it depends on nothing.
    private func readRequestValue(_ node: FunctionCallExprSyntax) {
        guard isContainerReceiver(node) else { return }
        var registration = Registration(site: site(node), kind: .container)
        if isOverride(node) {
            skipped.append((registration.site, "it is made in an override container, which replaces what it copies"))
            return
        }
        guard let first = node.arguments.first, first.label == nil,
            let service = declarations.spelling.ofMetatype(first.expression)
        else {
            skipped.append((registration.site, "its type is not written as `Type.self`, so the check does not read it"))
            return
        }
        registration.scope = .request
        finish(&registration, service: service, name: nil, arguments: [], node: node)
    }

    private func readAutoregister(_ node: FunctionCallExprSyntax) {
        guard isContainerReceiver(node) else { return }
        var registration = Registration(site: site(node), kind: .container)
        if isOverride(node) {
            skipped.append((registration.site, "it is made in an override container, which replaces what it copies"))
            return
        }
        let unlabeled = node.arguments.filter { $0.label == nil }.map(\.expression)
        var explicitService: String?
        var initializer: ExprSyntax?
        for expression in unlabeled {
            if let type = declarations.spelling.ofMetatype(expression) {
                explicitService = type
            } else {
                initializer = expression
            }
        }
        let name = node.argument("name").map { FactoryReader.nameOf($0, declarations) }
        registration.scope =
            node.argument("scope").map { DeclarationReader.scopeValue($0, declarations: declarations) }
            ?? defaultScope(node)
        let hasArgument = node.argument("argument") != nil
        var argumentTypes: [String]? = []
        var resultType: String?
        if let member = initializer?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
            let base = member.base, let type = declarations.spelling.of(expression: base),
            let signature = uniqueInitializer(
                of: type, labels: member.declName.argumentNames?.arguments.map { $0.name.text })
        {
            resultType = type
            var parameters = signature.parameters
            if hasArgument {
                guard !parameters.isEmpty else {
                    skipped.append((registration.site, "it takes an `argument:` but its initialiser has no parameter"))
                    return
                }
                argumentTypes = parameters.removeFirst().type.map { [$0] }
            }
            registration.dependencies = parameters.map { parameter in
                guard let type = parameter.type else {
                    return Dependency(key: nil, site: registration.site, undecided: "a parameter's type is generic")
                }
                return Dependency(key: ServiceKey(service: type), site: registration.site)
            }
        } else {
            argumentTypes = nil
            registration.undecided.append("its initialiser is not one declared, unambiguously, in this target")
        }
        finish(&registration, service: explicitService ?? resultType, name: name, arguments: argumentTypes, node: node)
    }

    private func uniqueInitializer(of type: String, labels: [String]?) -> Declarations.Signature? {
        let candidates = (declarations.initializers[type] ?? []).filter { signature in
            guard let labels else { return true }
            return signature.parameters.map { $0.label ?? "_" } == labels
        }
        return candidates.count == 1 ? candidates[0] : nil
    }

    // MARK: Modules

    private func readModuleDeclaration(_ node: FunctionCallExprSyntax, kind: String) {
        var registration = Registration(site: site(node), kind: kind == "contribute" ? .contribution : .module)
        var unlabeled = node.arguments.filter { $0.label == nil }.map(\.expression)
        switch kind {
        case "singleton": registration.scope = .singleton
        case "transient": registration.scope = .transient
        case "weak": registration.scope = .weak
        case "graph": registration.scope = .graph
        case "scoped":
            guard !unlabeled.isEmpty else {
                skipped.append((registration.site, "its scope is not written where `scoped` expects it"))
                return
            }
            registration.scope = DeclarationReader.scopeValue(unlabeled.removeFirst(), declarations: declarations)
        default:
            registration.scope =
                node.argument("scope").map { DeclarationReader.scopeValue($0, declarations: declarations) }
                ?? (declarations.setsDefaultScope ? nil : .graph)
        }
        let explicitService = unlabeled.lazy.compactMap { self.declarations.spelling.ofMetatype($0) }.first
        let name = node.argument("name").map { FactoryReader.nameOf($0, declarations) }
        var resultType: String?
        if let closure = node.trailingClosure ?? unlabeled.last?.as(ClosureExprSyntax.self) {
            let reader = factoryReader(.moduleGet, arguments: [])
            registration.dependencies = reader.dependencies(in: closure.statements)
            resultType = reader.resultType(of: closure)
        }
        finish(&registration, service: explicitService ?? resultType, name: name, arguments: [], node: node)
    }

    private func isInsideModule(_ node: FunctionCallExprSyntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if let closure = parent.as(ClosureExprSyntax.self) {
                return closure.enclosingCall?.isBareCall(to: "Module") ?? false
            }
            current = parent.parent
        }
        return false
    }

    private func readLoad(_ node: FunctionCallExprSyntax) {
        guard node.receiver != nil else { return }
        for argument in node.arguments {
            guard let reference = argument.expression.as(DeclReferenceExprSyntax.self) else {
                openings.append(
                    Opening(
                        site: site(argument),
                        reason: "modules loaded here are not named by identifiers the check can follow",
                        mentions: Opening.words(in: argument)))
                continue
            }
            if !declarations.declaredIdentifiers.contains(reference.baseName.text) {
                openings.append(
                    Opening(
                        site: site(argument),
                        reason:
                            "the module `\(reference.baseName.text)` is not declared in this target, so its registrations are not read",
                        mentions: []))
            }
        }
    }

    // MARK: What never runs

    /// The module a declaration is in, when the target never refers to it: declared as a
    /// variable, a property or a function that nothing names, so no `load` ever takes it.
    private func unloadedModule(of node: FunctionCallExprSyntax) -> Dormant? {
        guard let holder = moduleHolder(of: node), !holder.isPublic, !declarations.referenced.contains(holder.name)
        else { return nil }
        return Dormant(site: holder.site, what: "the module `\(holder.shown)`", why: "is never loaded")
    }

    /// What holds the module a declaration is in: a variable, a property or a function, by
    /// name; nil outside a module, or for a module handed on where it is made (`load(Module { … })`).
    func moduleHolder(of node: some SyntaxProtocol) -> (name: String, shown: String, site: Site, isPublic: Bool)? {
        var current = Syntax(node).parent
        var module: FunctionCallExprSyntax?
        while let parent = current {
            if let closure = parent.as(ClosureExprSyntax.self), let call = closure.enclosingCall,
                call.isBareCall(to: "Module")
            {
                module = call
                break
            }
            current = parent.parent
        }
        guard let module else { return nil }
        current = Syntax(module).parent
        while let parent = current {
            if parent.is(LabeledExprSyntax.self) || parent.is(ClosureExprSyntax.self) { return nil }  // handed on
            if let binding = parent.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            {
                let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self)
                return (name, name, site(binding), declaration.map { TargetIndex.isPublic($0.modifiers) } ?? true)
            }
            if let function = parent.as(FunctionDeclSyntax.self) {
                let name = function.name.text
                return (name, "\(name)()", site(function.name), TargetIndex.isPublic(function.modifiers))
            }
            current = parent.parent
        }
        return nil
    }

    /// The helper a registration is made in, when nothing in the target calls it: a function
    /// that registers in the container it is given (a parameter, or `self` in an extension of
    /// `Container`), not public, whose name the target never refers to.
    private func uncalledHelper(of node: FunctionCallExprSyntax) -> Dormant? {
        var current = Syntax(node).parent
        while let parent = current {
            if let function = parent.as(FunctionDeclSyntax.self) {
                let parameters = function.signature.parameterClause.parameters.map {
                    ($0.secondName ?? $0.firstName).text
                }
                let receiver = node.receiver?.as(DeclReferenceExprSyntax.self)?.baseName
                let onGiven =
                    receiver.map { $0.tokenKind == .keyword(.self) || parameters.contains($0.text) }
                    ?? (DeclarationReader.enclosingTypeOrExtension(of: Syntax(node)) == "Container")
                let name = function.name.text
                guard onGiven, !TargetIndex.isPublic(function.modifiers), !declarations.referenced.contains(name)
                else { return nil }
                return Dormant(site: site(function.name), what: "the helper `\(name)`", why: "is never called")
            }
            current = parent.parent
        }
        return nil
    }

    // MARK: Shared

    private func finish(
        _ registration: inout Registration,
        service: String?,
        name: String??,
        arguments: [String]?,
        node: FunctionCallExprSyntax
    ) {
        registration.service = service
        if service == nil { registration.undecided.append("its service type is not fixed by the syntax") }
        if case .some(nil) = name { registration.undecided.append("its name is not a literal or a `Name` constant") }
        if arguments == nil { registration.undecided.append("the types of its runtime arguments are not written") }
        if registration.scope == nil, registration.undecided.isEmpty {
            registration.undecided.append("its scope is not fixed by the syntax")
        }
        if node.isInLoop { registration.undecided.append("it is made in a loop") }
        if let service, let arguments, name != .some(nil), !node.isInLoop {
            registration.key = ServiceKey(service: service, name: name ?? nil, arguments: arguments)
            let generics = DeclarationReader.genericNames(of: Syntax(node))
            registration.genericParameters = Set(([service] + arguments).flatMap(TypePattern.tokens)).intersection(
                generics)
        }
        registration.boundTypes = boundTypes(after: node)
        registration.container = containers.identity(node.receiver)
        registration.dormant = unloadedModule(of: node) ?? uncalledHelper(of: node)
        registration.module = moduleHolder(of: node)?.name
        nodes[registration.site] = node
        registration.condition = Condition.of(node)
        if let receiver = node.receiver?.as(DeclReferenceExprSyntax.self) {
            receivers.insert(ContainerUseReader.scoped(receiver.baseName.text, at: Syntax(node), in: source.path))
        }
        if node.calleeName == "registerMainActor" { registration.isMainActor = true }
        registrations.append(registration)
    }

    /// The types of `.bind(X.self)` calls chained after the registration.
    private func boundTypes(after node: FunctionCallExprSyntax) -> [String] {
        var types: [String] = []
        var current = Syntax(node)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
            let call = member.parent?.as(FunctionCallExprSyntax.self)
        {
            if member.declName.baseName.text == "bind", let first = call.arguments.first,
                let type = declarations.spelling.ofMetatype(first.expression)
            {
                types.append(type)
            }
            current = Syntax(call)
        }
        return types
    }

    private func factoryReader(_ style: FactoryReader.Style, arguments: ArraySlice<(name: String, type: String?)>)
        -> FactoryReader
    {
        var types: [String: String] = [:]
        for argument in arguments { if let type = argument.type { types[argument.name] = type } }
        return FactoryReader(declarations: declarations, style: style, argumentTypes: types, locate: { self.site($0) })
    }

    /// A receiver that can be a container: an expression that is not a type of the target's
    /// (`Billing.register(in:)` is the app's own), or `self` inside `extension Container`.
    private func isContainerReceiver(_ node: FunctionCallExprSyntax) -> Bool {
        if let receiver = node.receiver {
            guard let type = declarations.spelling.of(expression: receiver) else { return true }
            return !declarations.spelling.declared.contains(type)
        }
        return DeclarationReader.enclosingTypeOrExtension(of: Syntax(node)) == "Container"
    }

    private func isOverride(_ node: FunctionCallExprSyntax) -> Bool {
        containers.made(node.receiver)?.isOverride ?? false
    }

    /// The parent of each child container this file makes: its identity, or nil when the file
    /// does not make the parent (a parameter, another file's).
    var parents: [String: String?] { containers.parents }
}

/// How the container variables of a file are made: `Container(parent:)` (a child), the override
/// container of `withOverrides { overrides in … }`, and `Container(defaultScope:)`.
private final class ContainerFinder: SyntaxVisitor {
    /// How one variable's container is made.
    struct Made {
        /// The override container of `withOverrides`, a copy whose registrations replace.
        var isOverride = false
        /// For a child (`Container(parent: p)`), its parent's identity when this file makes
        /// it; `.some(nil)` for a parent the file does not make.
        var parent: String?? = nil
        /// The scope of registrations that name none; nil when the syntax does not fix it.
        var defaultScope: Lifetime?
    }

    /// The parent of each child container.
    var parents: [String: String?] {
        var parents: [String: String?] = [:]
        for (identity, made) in made { if let parent = made.parent { parents[identity] = parent } }
        return parents
    }

    private let declarations: Declarations
    private let path: String
    /// By the variable's name scoped to its function (see `ContainerUseReader.scoped`).
    private var made: [String: Made] = [:]

    init(declarations: Declarations, path: String) {
        self.declarations = declarations
        self.path = path
        super.init(viewMode: .sourceAccurate)
    }

    /// How the container `receiver` names was made, when this file says: a variable of the same
    /// function, or a property or global of the file.
    func made(_ receiver: ExprSyntax?) -> Made? {
        identity(receiver).flatMap { made[$0] }
    }

    /// The container `receiver` names, when this file makes it: the variable, scoped to its
    /// function.
    func identity(_ receiver: ExprSyntax?) -> String? {
        // `self.container`: a property of the file.
        if let access = receiver?.as(MemberAccessExprSyntax.self),
            access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            let key = "\(access.declName.baseName.text)@\(path)"
            return made[key] != nil ? key : nil
        }
        guard let reference = receiver?.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        return [ContainerUseReader.scoped(name, at: Syntax(reference), in: path), "\(name)@\(path)"].first {
            made[$0] != nil
        }
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let call = node.initializer?.value.unwrappingEffects.as(FunctionCallExprSyntax.self),
            call.isBareCall(to: "Container"),
            let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return .visitChildren }
        let defaultScope = call.argument("defaultScope").map {
            DeclarationReader.scopeValue($0, declarations: declarations)
        }
        var made = Made(defaultScope: defaultScope ?? .graph)
        if let parent = call.argument("parent") {
            let parentIdentity = identity(parent)
            made.parent = .some(parentIdentity)
            // A child's default is its parent's, unless it names one.
            if defaultScope == nil {
                made.defaultScope =
                    parentIdentity.flatMap { self.made[$0]?.defaultScope }
                    ?? (declarations.setsDefaultScope ? nil : .graph)
            }
        }
        self.made[ContainerUseReader.scoped(name, at: Syntax(node), in: path)] = made
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if let call = node.enclosingCall, call.calleeName == "withOverrides",
            let first = node.parameters(TypeSpelling()).first
        {
            made[ContainerUseReader.scoped(first.name, at: Syntax(node.statements), in: path)] = Made(
                isOverride: true, defaultScope: nil)
        }
        return .visitChildren
    }
}
