import KeystoneRules

/// Graphviz and Mermaid renderings of a dependency graph.
extension DependencyGraph {
    /// The graph in Graphviz's DOT language: `dot -Tsvg graph.dot -o graph.svg`.
    ///
    /// Shapes and colours by scope: `.singleton` a double box, `.cached` a rounded box,
    /// `.weak` a dashed ellipse, `.graph` an ellipse, `.transient` a dotted ellipse, `.request`
    /// a parallelogram; a service that nothing provides is a red octagon. Problems are drawn in red, bound types point to
    /// the registration they convert with a dashed arrow, a dependency resolved later is a dashed
    /// arrow labelled "lazy", and not-checked registrations are grey. A legend box says so.
    /// Two registrations that would read the same (two contributions of one type) show where
    /// each is registered.
    public var dot: String {
        var lines = [
            "digraph Keystone {",
            "  rankdir=LR;",
            "  node [fontname=\"Helvetica\", fontsize=11, style=filled, fillcolor=\"#ffffff\"];",
            "  edge [color=\"#555555\", fontname=\"Helvetica\", fontsize=10];",
        ]
        let ambiguous = ambiguousNodes
        for node in nodes {
            let text = node.label + "\\n" + Self.scopeText(node, showingSite: ambiguous.contains(node.id))
            var attributes = ["label=\"\(Self.escaped(text))\""]
            attributes += Self.dotStyle(node)
            lines.append("  n\(node.id) [\(attributes.joined(separator: ", "))];")
        }
        for node in nodes {
            if let target = node.boundTo {
                lines.append("  n\(node.id) -> n\(target) [style=dashed, arrowhead=empty];")
            }
        }
        for edge in edges where !isBinding(edge) {
            var attributes: [String] = []
            if edge.isProblem { attributes += ["color=\"#d62728\"", "penwidth=2"] }
            if edge.isLazy { attributes += ["style=dashed", "label=\"lazy\""] }
            let style = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  n\(edge.from) -> n\(edge.to)\(style);")
        }
        lines += Self.dotLegend(showingRequest: hasRequestNodes)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The DOT legend: a box with one node per scope's shape (`.request` only in a graph that
    /// has one) and one arrow per kind of edge.
    private static func dotLegend(showingRequest: Bool) -> [String] {
        var lines = [
            "  subgraph cluster_legend {",
            "    label=\"Legend\"; fontname=\"Helvetica\"; fontsize=10; color=\"#bbbbbb\";",
        ]
        let scopes: [(String, Scope?)] =
            [("singleton", .singleton), ("cached", .cached("name")), ("weak", .weak), ("graph", .graph)]
            + (showingRequest ? [("request", .request)] : []) + [("transient", .transient), ("missing", nil)]
        for (key, scope) in scopes {
            let sample = Node(
                id: 0, service: "", name: nil, argumentTypes: nil, scope: scope, registeredAt: nil, containerDepth: 0,
                boundTo: nil, hasProblem: scope == nil, isUnchecked: false, isAsync: false, isMainActor: false)
            let label = scope.map(\.description) ?? "nothing provides it"
            lines.append(
                "    legend_\(key) [label=\"\(escaped(label))\", \(dotStyle(sample).joined(separator: ", "))];")
        }
        // In a row, not a column.
        lines.append("    " + scopes.map { "legend_\($0.0)" }.joined(separator: " -> ") + " [style=invis];")
        let arrows = [
            ("depends", "builds with", ""), ("lazy", "resolves later", " [style=dashed, label=\"lazy\"]"),
            ("bound", "bound type of", " [style=dashed, arrowhead=empty]"),
            ("problem", "problem", " [color=\"#d62728\", penwidth=2]"),
        ]
        for (key, text, style) in arrows {
            lines.append("    legend_\(key)_from [label=\"\(text)\", shape=plaintext, style=\"\"];")
            lines.append("    legend_\(key)_to [label=\"\", shape=point];")
            lines.append("    legend_\(key)_from -> legend_\(key)_to\(style);")
        }
        lines.append("  }")
        return lines
    }

    /// The nodes whose label and scope text another node has too (two contributions of one
    /// type): they also show where they are registered.
    private var ambiguousNodes: Set<Int> {
        var byText: [String: [Int]] = [:]
        for node in nodes { byText[node.label + "|" + Self.scopeText(node), default: []].append(node.id) }
        return Set(byText.values.filter { $0.count > 1 }.flatMap { $0 })
    }

    /// The graph as a Mermaid flowchart, to paste into Markdown inside a `mermaid` code block.
    ///
    /// Shapes by scope: `.singleton` a subroutine box `[[ ]]`, `.cached` a rounded box `( )`,
    /// `.weak` a circle `(( ))`, `.graph` a stadium `([ ])`, `.transient` an asymmetric box
    /// `> ]`, `.request` a parallelogram `[/ /]`, a missing service a hexagon `{{ }}`. Problems are red; bound types link to their
    /// registration with a dotted arrow, a dependency resolved later with a dotted arrow labelled
    /// "lazy". A legend subgraph says so.
    public var mermaid: String {
        var lines = ["flowchart LR"]
        let ambiguous = ambiguousNodes
        for node in nodes {
            let scope = Self.scopeText(node, showingSite: ambiguous.contains(node.id))
            let text = "\"\(Self.mermaidEscaped(node.label))<br/>\(Self.mermaidEscaped(scope))\""
            let shape: String
            switch Picture(node.scope) {
            case .container: shape = "[[\(text)]]"
            case .cache: shape = "(\(text))"
            case .containerWeakly: shape = "((\(text)))"
            case .resolution: shape = "([\(text)])"
            case .nobody: shape = ">\(text)]"
            case .requestScope: shape = "[/\(text)/]"
            case .missing: shape = "{{\(text)}}"
            }
            lines.append("  n\(node.id)\(shape)")
        }
        var problemLinks: [Int] = []
        var linkIndex = 0
        for node in nodes {
            if let target = node.boundTo {
                lines.append("  n\(node.id) -.-> n\(target)")
                linkIndex += 1
            }
        }
        for edge in edges where !isBinding(edge) {
            lines.append(edge.isLazy ? "  n\(edge.from) -. lazy .-> n\(edge.to)" : "  n\(edge.from) --> n\(edge.to)")
            if edge.isProblem { problemLinks.append(linkIndex) }
            linkIndex += 1
        }
        // The legend: one node per scope's shape, one link per kind of edge.
        lines += [
            "  subgraph legend [Legend]",
            "    legend_singleton[[\".singleton\"]]",
            "    legend_cached(\".cached(#quot;name#quot;)\")",
            "    legend_weak((\".weak\"))",
            "    legend_graph([\".graph\"])",
        ]
        if hasRequestNodes { lines.append("    legend_request[/\".request\"/]") }
        lines += [
            "    legend_transient>\".transient\"]",
            "    legend_missing{{\"nothing provides it\"}}",
            "    legend_depends[\"A\"] -- builds with --> legend_dependency[\"B\"]",
            "    legend_lazy[\"A\"] -. lazy .-> legend_later[\"B\"]",
            "  end",
        ]
        lines.append("  classDef problem fill:#fde0e0,stroke:#d62728,stroke-width:2px")
        lines.append("  classDef unchecked fill:#eeeeee,stroke:#999999,color:#666666")
        let problems = nodes.filter(\.hasProblem).map { "n\($0.id)" } + ["legend_missing"]
        if !problems.isEmpty { lines.append("  class \(problems.joined(separator: ",")) problem") }
        let unchecked = nodes.filter { $0.isUnchecked && !$0.hasProblem }.map { "n\($0.id)" }
        if !unchecked.isEmpty { lines.append("  class \(unchecked.joined(separator: ",")) unchecked") }
        if !problemLinks.isEmpty {
            let indices = problemLinks.map(String.init).joined(separator: ",")
            lines.append("  linkStyle \(indices) stroke:#d62728,stroke-width:2px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether `edge` is the conversion of a bound type (drawn as a binding, not a dependency).
    private func isBinding(_ edge: Edge) -> Bool {
        nodes.first { $0.id == edge.from }?.boundTo == edge.to
    }

    private static func scopeText(_ node: Node, showingSite: Bool = false) -> String {
        var text = node.scope.map(\.description) ?? "missing"
        if node.boundTo != nil { text = "bound, " + text }
        if let arguments = node.argumentTypes { text += " " + arguments }
        if node.containerDepth > 0 { text += " · parent\(node.containerDepth > 1 ? " \(node.containerDepth)" : "")" }
        if node.isAsync { text += " · async" }
        if node.isMainActor { text += " · main actor" }
        if node.isUnchecked { text += " · not checked" }
        if showingSite, let site = node.registeredAt {
            text += " · \(site.split(separator: "/").last ?? Substring(site))"
        }
        return text
    }

    private static func dotStyle(_ node: Node) -> [String] {
        var style: [String]
        switch Picture(node.scope) {
        case .container: style = ["shape=box", "peripheries=2", "fillcolor=\"#dbe9f6\""]
        case .cache: style = ["shape=box", "style=\"rounded,filled\"", "fillcolor=\"#e5f5e0\""]
        case .containerWeakly: style = ["shape=ellipse", "style=\"dashed,filled\"", "fillcolor=\"#fff7dc\""]
        case .resolution: style = ["shape=ellipse", "fillcolor=\"#f2f0f7\""]
        case .nobody: style = ["shape=ellipse", "style=\"dotted,filled\"", "fillcolor=\"#ffffff\""]
        case .requestScope: style = ["shape=parallelogram", "fillcolor=\"#fdebd0\""]
        case .missing: style = ["shape=octagon", "fillcolor=\"#fde0e0\""]
        }
        if node.hasProblem { style += ["color=\"#d62728\"", "penwidth=2", "fontcolor=\"#d62728\""] }
        if node.isUnchecked && !node.hasProblem { style += ["color=\"#999999\"", "fontcolor=\"#666666\""] }
        return style
    }

    /// Whether a node is a `.request` registration: its shape then joins the legend.
    private var hasRequestNodes: Bool {
        nodes.contains { $0.scope == .request }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingAll("\"", with: "\\\"")
    }

    private static func mermaidEscaped(_ text: String) -> String {
        text.replacingAll("\"", with: "#quot;").replacingAll("<", with: "#lt;").replacingAll(">", with: "#gt;")
    }
}

extension String {
    /// `self` with every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

/// What a node's shape shows: who holds the service's instances, as the engine acts on it
/// (``Holding``), with the container's instances that last until a reset of their cache apart
/// from those that last as long as the container. So a scope is drawn as its holding is, and a
/// new scope with a holding that exists needs no shape of its own.
private enum Picture {
    case container, cache, containerWeakly, resolution, nobody, requestScope
    /// Nothing provides the service.
    case missing

    init(_ scope: Scope?) {
        guard let scope else {
            self = .missing
            return
        }
        switch scope.holding {
        case .container: self = scope.kind.rule.lasts == .theContainer ? .container : .cache
        case .containerWeakly: self = .containerWeakly
        case .resolution: self = .resolution
        case .nobody: self = .nobody
        case .requestScope: self = .requestScope
        }
    }
}
