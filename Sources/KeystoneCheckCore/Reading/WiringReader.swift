import SwiftSyntax

/// Follows the composition root as it runs: from the code nothing else calls (top-level code,
/// functions no other function of the target calls), statement by statement, into the helpers
/// it calls and the modules it loads. That gives each registration the container it is made in,
/// where a helper receives it as a parameter or a module is loaded into it, and the order the
/// registrations are made in, which is the order `verify()` checks them in.
struct WiringReader {
    /// One thing a body does that the wiring depends on, in source order.
    private enum Event {
        /// A registration, by its site, made on `receiver` (nil: `self`).
        case registration(Site, receiver: ExprSyntax?)
        /// A call to a function of the target that may register: its name, its arguments and
        /// its receiver.
        case call(String, arguments: LabeledExprListSyntax, receiver: ExprSyntax?)
        /// `receiver.load(a, b)`: the modules named.
        case load(receiver: ExprSyntax?, modules: [String])
    }

    /// A function of the target: its parameters and its body.
    private struct Function {
        let declaration: FunctionDeclSyntax
        let file: Int
        /// Whether it is declared in `extension Container`, where `self` is a container.
        let onContainer: Bool
    }

    /// The order the registrations are made in, by site, and the containers each is made in
    /// (several when a helper is called with several containers).
    struct Result {
        var order: [Site] = []
        var containers: [Site: Set<String>] = [:]
    }

    let files: [SourceFile]
    let readers: [RegistrationReader]
    let registrations: [Registration]
    private let moduleSites: Set<Site>

    init(files: [SourceFile], readers: [RegistrationReader], registrations: [Registration]) {
        self.files = files
        self.readers = readers
        self.registrations = registrations
        self.moduleSites = Set(registrations.filter { $0.module != nil }.map(\.site))
    }

    func read() -> Result {
        var functions: [String: [Function]] = [:]
        var called: Set<String> = []
        for (index, file) in files.enumerated() {
            let finder = FunctionFinder(viewMode: .sourceAccurate)
            finder.walk(file.tree)
            for declaration in finder.functions {
                let onContainer = DeclarationReader.enclosingTypeOrExtension(of: Syntax(declaration)) == "Container"
                functions[declaration.name.text, default: []].append(
                    Function(declaration: declaration, file: index, onContainer: onContainer))
            }
        }
        var bodies: [(file: Int, events: [Event], function: Function?)] = []
        for (name, overloads) in functions {
            for function in overloads {
                guard let body = function.declaration.body else { continue }
                let events = self.events(in: Syntax(body), file: function.file)
                for case .call(let callee, _, _) in events where callee != name { called.insert(callee) }
                bodies.append((function.file, events, function))
            }
        }
        for (index, file) in files.enumerated() {
            bodies.append((index, events(in: Syntax(file.tree), file: index, topLevelOnly: true), nil))
        }

        var result = Result()
        var seen: Set<Site> = []
        let modules = Dictionary(grouping: registrations.filter { $0.module != nil }, by: { $0.module! })

        func record(_ site: Site, in container: String?) {
            if seen.insert(site).inserted { result.order.append(site) }
            if let container { result.containers[site, default: []].insert(container) }
        }

        func run(_ events: [Event], file: Int, environment: [String: String], stack: [String]) {
            func identity(_ expression: ExprSyntax?) -> String? {
                guard let expression else { return environment["self"] }
                if let reference = expression.as(DeclReferenceExprSyntax.self) {
                    if reference.baseName.tokenKind == .keyword(.self) { return environment["self"] }
                    if let bound = environment[reference.baseName.text] { return bound }
                }
                return readers[file].containerIdentity(expression)
            }
            for event in events {
                switch event {
                case .registration(let site, let receiver):
                    record(site, in: identity(receiver))
                case .load(let receiver, let names):
                    let container = identity(receiver)
                    for name in names {
                        for registration in modules[name] ?? [] { record(registration.site, in: container) }
                    }
                case .call(let name, let arguments, let receiver):
                    guard !stack.contains(name) else { continue }
                    for function in functions[name] ?? [] {
                        guard let body = bodies.first(where: { $0.function?.declaration.id == function.declaration.id })
                        else { continue }
                        var bound: [String: String] = [:]
                        if function.onContainer, let container = identity(receiver) { bound["self"] = container }
                        let parameters = Array(function.declaration.signature.parameterClause.parameters)
                        let labels = parameters.map { $0.firstName.text == "_" ? nil : $0.firstName.text }
                        var next = 0
                        for argument in arguments {
                            // The parameter this argument is passed to: the next one with its label.
                            while next < parameters.count, labels[next] != argument.label?.text { next += 1 }
                            guard next < parameters.count else { break }
                            if let container = identity(argument.expression) {
                                bound[(parameters[next].secondName ?? parameters[next].firstName).text] = container
                            }
                            next += 1
                        }
                        run(body.events, file: body.file, environment: bound, stack: stack + [name])
                    }
                }
            }
        }

        // Top-level code first, then the functions nothing in the target calls, in file order.
        for body in bodies where body.function == nil {
            run(body.events, file: body.file, environment: [:], stack: [])
        }
        let roots = bodies.filter { body in
            guard let function = body.function else { return false }
            return !called.contains(function.declaration.name.text)
        }
        .sorted { ($0.file, $0.function!.declaration.position) < ($1.file, $1.function!.declaration.position) }
        for body in roots {
            run(body.events, file: body.file, environment: [:], stack: [body.function!.declaration.name.text])
        }
        return result
    }

    /// What `node` does, in source order: registrations, calls of the target's functions and
    /// loads of modules; not inside nested functions, nor (with `topLevelOnly`) in any function.
    private func events(in node: Syntax, file: Int, topLevelOnly: Bool = false) -> [Event] {
        let finder = EventFinder(viewMode: .sourceAccurate)
        finder.topLevelOnly = topLevelOnly
        finder.walk(node)
        return finder.calls.compactMap { call in
            let site = readers[file].site(call)
            if readers[file].nodes[site] != nil {
                // A module's declarations are made where the module is loaded, not where written.
                return moduleSites.contains(site) ? nil : .registration(site, receiver: call.receiver)
            }
            guard let name = call.calleeName else { return nil }
            if name == "load", call.receiver != nil {
                let modules = call.arguments.compactMap {
                    $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
                }
                return .load(receiver: call.receiver, modules: modules)
            }
            return .call(name, arguments: call.arguments, receiver: call.receiver)
        }
    }
}

/// The function declarations of a file, at any depth.
private final class FunctionFinder: SyntaxVisitor {
    var functions: [FunctionDeclSyntax] = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functions.append(node)
        return .visitChildren
    }
}

/// The calls of a body, in source order, outside nested functions; for top-level code, outside
/// every declaration that does not run where it is written (functions, types, extensions).
private final class EventFinder: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    var topLevelOnly = false

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { topLevel() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { topLevel() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { topLevel() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { topLevel() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { topLevel() }

    private func topLevel() -> SyntaxVisitorContinueKind { topLevelOnly ? .skipChildren : .visitChildren }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}
