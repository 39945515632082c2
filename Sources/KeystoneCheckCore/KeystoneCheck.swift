/// The build-time check of a target's registrations: reads the target's Swift files and
/// reports, at each registration, what `verify()` would report at run time, where the syntax
/// settles it.
///
/// ```swift
/// let files = [SourceFile(path: "Sources/App/Wiring.swift", module: "App", text: text)]
/// for finding in KeystoneCheck.run(files).findings { print(finding.diagnostic) }
/// ```
package enum KeystoneCheck {
    /// The comment that silences every finding at the registration on its line or the next.
    package static let ignoreDirective = "keystone-check:ignore"
    /// The comment, anywhere in the target, that leaves out the notes about what the check
    /// cannot decide.
    package static let noNotesDirective = "keystone-check:no-notes"

    /// What the check found in a target.
    package struct Report: Sendable {
        /// Everything found, in file and line order.
        package var findings: [Finding]
        /// How many registrations the check read.
        package var registrationCount: Int

        /// Whether the build must fail.
        package var hasErrors: Bool { findings.contains { $0.severity == .error } }
    }

    /// Checks the registrations in `files`, the Swift files of one target.
    package static func run(_ files: [SourceFile]) -> Report {
        var declarations = Declarations()
        let index = TargetIndex.index(files)
        declarations.spelling.declared = index.types
        declarations.exportedTypes = index.exported
        declarations.referenced = index.referenced
        for file in files {
            let reader = DeclarationReader(into: declarations)
            reader.walk(file.tree)
            declarations = reader.declarations
        }
        var registrations: [Registration] = []
        var openings: [Opening] = []
        var skipped: [(Site, String)] = []
        var readers: [RegistrationReader] = []
        var receivers: Set<String> = []
        var parents: [String: String?] = [:]
        for file in files {
            let reader = RegistrationReader(declarations: declarations, source: file)
            reader.walk(file.tree)
            registrations += reader.registrations
            openings += reader.openings
            skipped += reader.skipped
            receivers.formUnion(reader.receivers)
            parents.merge(reader.parents) { first, _ in first }
            readers.append(reader)
        }
        for (index, file) in files.enumerated() {
            let reader = ContainerUseReader(
                receivers: receivers, declarations: declarations, path: file.path, locate: { readers[index].site($0) })
            reader.walk(file.tree)
            openings += reader.openings
        }

        registrations = registrations.map { resolvingAliases($0, declarations.typeAliases) }
        registrations = wired(
            registrations, WiringReader(files: files, readers: readers, registrations: registrations).read())
        // What never runs is no part of the graph, here as in `verify()`: said once, in a note.
        var dormant: [Dormant: Int] = [:]
        for registration in registrations { if let holder = registration.dormant { dormant[holder, default: 0] += 1 } }
        registrations.removeAll { $0.dormant != nil }
        var findings = graphFindings(
            registrations, context: GraphCheck.Context(openings: openings, declarations: declarations, parents: parents)
        )
        findings += notes(registrations: registrations, openings: openings, skipped: skipped)
        for (holder, count) in dormant {
            findings.append(
                Finding(
                    severity: .note, kind: .undecided, site: holder.site,
                    message:
                        "Keystone check: \(holder.what) \(holder.why) in this target, so \(count == 1 ? "its registration is" : "none of its \(count) registrations is") part of a container's graph, here or in `verify()`.",
                    subject: []))
        }

        // A registration made in several containers is read once in each: one finding each time.
        var said: Set<String> = []
        findings = findings.filter { said.insert("\($0.severity)|\($0.diagnostic)|\($0.applicability)").inserted }
        let quiet = files.contains { file in file.lines.contains { $0.contains(noNotesDirective) } }
        findings = findings.filter { finding in
            !(quiet && finding.severity == .note) && !isSilenced(finding.site, in: files)
                && !isSilenced(finding.registration, in: files)
        }
        findings.sort { ($0.site, $0.kind.rawValue, $0.message) < ($1.site, $1.kind.rawValue, $1.message) }
        return Report(findings: findings, registrationCount: Set(registrations.map(\.site)).count)
    }

    /// The registrations in the order the composition root makes them, each in the container
    /// it is made in: a registration in a helper called with two containers is one in each.
    private static func wired(_ registrations: [Registration], _ wiring: WiringReader.Result) -> [Registration] {
        var rank: [Site: Int] = [:]
        for (index, site) in wiring.order.enumerated() { rank[site] = index }
        let ordered = registrations.enumerated().sorted { a, b in
            (rank[a.element.site] ?? Int.max, a.offset) < (rank[b.element.site] ?? Int.max, b.offset)
        }
        return ordered.flatMap { _, registration -> [Registration] in
            guard let containers = wiring.containers[registration.site], !containers.isEmpty else {
                return [registration]
            }
            return containers.sorted().map { container in
                var registration = registration
                registration.container = container
                return registration
            }
        }
    }

    /// The most `#if` conditions the check reads the graph under every assignment of (2ⁿ runs).
    static let maximumConditions = 8

    /// The graph's problems under every assignment of the `#if` conditions that registrations
    /// and resolves are in, each with the conditions under which it applies: the compiler, which
    /// knows the build's flags, then decides (see ``generatedSwift(_:)``).
    private static func graphFindings(_ registrations: [Registration], context: GraphCheck.Context) -> [Finding] {
        let atoms = Set(
            registrations.flatMap { registration in
                registration.condition.literals.map(\.atom)
                    + registration.dependencies.flatMap { $0.condition.literals.map(\.atom) }
            }
        ).sorted()
        guard !atoms.isEmpty else {
            return GraphCheck(registrations: registrations, context: context).run()
        }
        guard atoms.count <= maximumConditions else {
            // Too many to read under each: every branch at once, and nothing it finds is sure.
            let all = GraphCheck(registrations: registrations, context: context).run()
            return all.map { finding in
                var finding = finding
                if finding.severity == .error {
                    finding.severity = .warning
                    finding.message +=
                        " (Not an error: the target has more than \(maximumConditions) `#if` conditions around registrations, and the check reads them all as compiled.)"
                }
                return finding
            }
        }
        var found: [String: (finding: Finding, under: Set<[String: Bool]>)] = [:]
        var order: [String] = []
        for bits in 0..<(1 << atoms.count) {
            var assignment: [String: Bool] = [:]
            for (index, atom) in atoms.enumerated() { assignment[atom] = bits & (1 << index) != 0 }
            let compiled = registrations.filter { $0.condition.holds(under: assignment) }.map { registration in
                var registration = registration
                registration.dependencies.removeAll { !$0.condition.holds(under: assignment) }
                return registration
            }
            for finding in GraphCheck(registrations: compiled, context: context).run() {
                let key = "\(finding.severity)|\(finding.diagnostic)"
                if found[key] == nil {
                    found[key] = (finding, [])
                    order.append(key)
                }
                found[key]?.under.insert(assignment)
            }
        }
        return order.compactMap { key in
            guard let entry = found[key] else { return nil }
            var finding = entry.finding
            finding.applicability = Applicability.of(found: entry.under, atoms: atoms)
            return finding
        }
    }

    /// The check's errors and warnings as Swift the target compiles: an `#error` or `#warning`
    /// at each finding's place (`#sourceLocation`), inside the `#if` conditions under which it
    /// applies, so that the compiler reports exactly those of the build at hand.
    package static func generatedSwift(_ report: Report) -> String {
        var lines = [
            "// Written by keystone-check: \(report.registrationCount) registrations checked.",
            "// Each problem is an #error (or #warning) at its place, inside the #if conditions it needs.",
            "",
        ]
        for finding in report.findings where finding.severity != .note {
            let directive = finding.severity == .error ? "#error" : "#warning"
            let conditional = !finding.applicability.anyOf.isEmpty
            if conditional { lines.append("#if \(finding.applicability)") }
            lines.append("#sourceLocation(file: \(swiftLiteral(finding.site.path)), line: \(finding.site.line))")
            lines.append(
                String(repeating: " ", count: max(0, finding.site.column - 1))
                    + "\(directive)(\(swiftLiteral(finding.message)))")
            lines.append("#sourceLocation()")
            if conditional { lines.append("#endif") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a Swift string literal.
    private static func swiftLiteral(_ text: String) -> String {
        var literal = "\""
        for character in text {
            switch character {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            default: literal.append(character)
            }
        }
        return literal + "\""
    }

    /// The registration with every type alias declared in the target replaced by its type, as
    /// `String(describing:)` prints it.
    private static func resolvingAliases(_ registration: Registration, _ aliases: [String: String]) -> Registration {
        guard !aliases.isEmpty else { return registration }
        func resolve(_ type: String) -> String {
            // Every name the spelling mentions, generic arguments included.
            TypeSpelling.mapNames(type) { name in
                var name = name
                var steps = 0
                while let next = aliases[name], steps < 10 {
                    name = next
                    steps += 1
                }
                return name
            }
        }
        func resolve(_ key: ServiceKey?) -> ServiceKey? {
            key.map { ServiceKey(service: resolve($0.service), name: $0.name, arguments: $0.arguments.map(resolve)) }
        }
        var registration = registration
        registration.service = registration.service.map(resolve)
        registration.key = resolve(registration.key)
        registration.boundTypes = registration.boundTypes.map(resolve)
        for index in registration.dependencies.indices {
            registration.dependencies[index].key = resolve(registration.dependencies[index].key)
        }
        return registration
    }

    /// One note for each thing the check could not decide.
    private static func notes(
        registrations: [Registration],
        openings: [Opening],
        skipped: [(Site, String)]
    ) -> [Finding] {
        var notes: [Finding] = []
        func note(_ site: Site, _ text: String) {
            notes.append(Finding(severity: .note, kind: .undecided, site: site, message: text, subject: []))
        }
        for registration in registrations where !registration.undecided.isEmpty {
            let what = registration.service.map { "of `\(TypeSpelling.displayed($0))`" } ?? "here"
            note(
                registration.site,
                "Keystone check: the registration \(what) is not checked: \(registration.undecided.joined(separator: "; "))."
            )
        }
        for registration in registrations {
            for dependency in registration.dependencies {
                guard let reason = dependency.undecided else { continue }
                note(dependency.site, "Keystone check: this resolve is not checked: \(reason).")
            }
        }
        for opening in openings {
            note(
                opening.site,
                "Keystone check: missing registrations of types other modules can name are warnings, not errors: \(opening.reason)."
            )
        }
        for (site, reason) in skipped {
            note(site, "Keystone check: this registration is not checked: \(reason).")
        }
        return notes
    }

    /// Whether a silencing comment is on the site's line or the line before.
    private static func isSilenced(_ site: Site, in files: [SourceFile]) -> Bool {
        guard let file = files.first(where: { $0.path == site.path }) else { return false }
        let lines = [site.line - 1, site.line - 2].filter { $0 >= 0 && $0 < file.lines.count }
        return lines.contains { file.lines[$0].contains("//") && file.lines[$0].contains(ignoreDirective) }
    }
}
