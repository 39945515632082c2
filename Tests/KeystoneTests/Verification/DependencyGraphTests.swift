import Testing

@testable import Keystone

@Suite("Dependency graph")
struct DependencyGraphTests {
    /// A graph with every scope, a binding, a captive dependency and a missing service.
    func sampleReport() -> VerificationReport {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self, scope: .cached("session")) { r in try DiskStorage(client: r.resolve()) }
        container.register(scope: .transient) { _ in RequestContext() }
        container.register(scope: .singleton) { r in try ResponseCache(context: r.resolve()) }
        container.register(scope: .weak) { r in try Session(client: r.resolve(APIClient.self, name: "missing")) }
        container.register { _ in GraphD() }.bind(AnyObject.self)
        return container.verify()
    }

    @Test("Nodes carry the scope, and problems mark the nodes and edges involved")
    func nodesAndEdges() throws {
        let graph = sampleReport().graph
        let labels = graph.nodes.map(\.label)
        #expect(labels.contains("APIClient (\"missing\")"))
        let missing = try #require(graph.nodes.first { $0.scope == nil })
        #expect(missing.hasProblem)
        let cache = try #require(graph.nodes.first { $0.service == "ResponseCache" })
        let context = try #require(graph.nodes.first { $0.service == "RequestContext" })
        #expect(cache.scope == .singleton && cache.hasProblem)
        #expect(graph.edges.contains { $0.from == cache.id && $0.to == context.id && $0.isProblem })
        let storage = try #require(graph.nodes.first { $0.service == "Storage" })
        let client = try #require(graph.nodes.first { $0.service == "APIClient" && $0.scope != nil })
        #expect(graph.edges.contains { $0.from == storage.id && $0.to == client.id && !$0.isProblem })
        let bound = try #require(graph.nodes.first { $0.service == "AnyObject" })
        #expect(bound.boundTo == graph.nodes.first { $0.service == "GraphD" }?.id)
    }

    @Test("An async registration is marked as such in the nodes and both renderings")
    func asyncNodes() throws {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(scope: .singleton) { _ async in RequestContext() }

        let graph = container.verify().graph

        let context = try #require(graph.nodes.first { $0.service == "RequestContext" })
        let client = try #require(graph.nodes.first { $0.service == "APIClient" })
        #expect(context.isAsync && !context.isMainActor)
        #expect(!client.isAsync)
        #expect(graph.dot.contains("RequestContext\\n.singleton · async · not checked"))
        #expect(graph.mermaid.contains("RequestContext<br/>.singleton · async · not checked"))
    }

    @Test("DOT shows each scope by its shape and problems in red")
    func dot() throws {
        let graph = sampleReport().graph
        let dot = graph.dot
        #expect(dot.hasPrefix("digraph Keystone {"))
        #expect(dot.hasSuffix("}\n"))
        let cache = try #require(graph.nodes.first { $0.service == "ResponseCache" })
        let context = try #require(graph.nodes.first { $0.service == "RequestContext" })
        #expect(dot.contains("n\(cache.id) [label=\"ResponseCache\\n.singleton\", shape=box, peripheries=2"))
        #expect(
            dot.contains(
                "n\(context.id) [label=\"RequestContext\\n.transient\", shape=ellipse, style=\"dotted,filled\""))
        #expect(dot.contains("n\(cache.id) -> n\(context.id) [color=\"#d62728\", penwidth=2];"))
        #expect(dot.contains("shape=octagon"))
        #expect(dot.contains("style=dashed, arrowhead=empty"))
        #expect(dot.contains("label=\"Storage\\n.cached(\\\"session\\\")\""))
    }

    @Test("Mermaid shows each scope by its shape and problems in red")
    func mermaid() throws {
        let graph = sampleReport().graph
        let mermaid = graph.mermaid
        #expect(mermaid.hasPrefix("flowchart LR\n"))
        let cache = try #require(graph.nodes.first { $0.service == "ResponseCache" })
        let context = try #require(graph.nodes.first { $0.service == "RequestContext" })
        #expect(mermaid.contains("  n\(cache.id)[[\"ResponseCache<br/>.singleton\"]]"))
        #expect(mermaid.contains("  n\(context.id)>\"RequestContext<br/>.transient\"]"))
        #expect(mermaid.contains("  n\(cache.id) --> n\(context.id)"))
        #expect(mermaid.contains("classDef problem"))
        #expect(mermaid.contains("linkStyle"))
        #expect(mermaid.contains("#quot;session#quot;"))
    }

    @Test("The report prints the problems, numbered, and what was not checked")
    func reportText() {
        let report = sampleReport()
        let text = report.description
        #expect(text.hasPrefix("Keystone verification: 2 problems in 7 registrations (7 checked, 0 not checked)."))
        #expect(text.contains("\n\nProblems:\n  1. "))
        #expect(text.contains("Captive dependency: ResponseCache → RequestContext"))
    }

    @Test("Both renderings carry a legend, and two registrations that would read the same show their sites")
    func legendAndAmbiguousNodes() throws {
        let container = Container()
        container.contribute(scope: .singleton) { _ in GraphD() }
        container.contribute(scope: .singleton) { _ in GraphD() }
        let graph = container.verify().graph
        let dot = graph.dot
        #expect(dot.contains("subgraph cluster_legend {"))
        #expect(dot.contains("legend_singleton [label=\".singleton\", shape=box, peripheries=2"))
        #expect(dot.contains("legend_lazy_from -> legend_lazy_to [style=dashed, label=\"lazy\"];"))
        #expect(graph.mermaid.contains("  subgraph legend [Legend]"))
        // Two contributions of one type: each label says where it is registered.
        let labels = graph.nodes.map { "\($0.service) \($0.registeredAt ?? "")" }
        #expect(Set(labels).count == 2)
        for node in graph.nodes {
            let site = try #require(node.registeredAt?.split(separator: "/").last)
            #expect(dot.contains(".singleton · \(site)"))
            #expect(graph.mermaid.contains(".singleton · \(site)"))
        }
    }

    @Test("Each scope is drawn as who holds its instances, in both renderings, the legend's way")
    func shapeOfEachScope() throws {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
        container.register(Storage.self, scope: .cached("session")) { r in try DiskStorage(client: r.resolve()) }
        container.register(scope: .weak) { _ in GraphD() }
        container.register { _ in RequestContext() }  // the default scope, `.graph`
        container.register(scope: .transient) { _ in Plain() }
        container.register(scope: .request) { _ in RequestUnitForGraph() }
        let graph = container.verify().graph
        // The node's shape, as the legend draws the scope.
        let shapes: [(service: String, written: String, dot: String, mermaid: (String) -> String)] = [
            ("APIClient", ".singleton", "shape=box, peripheries=2", { "[[\($0)]]" }),
            ("Storage", ".cached(\\\"session\\\")", "shape=box, style=\"rounded,filled\"", { "(\($0))" }),
            ("GraphD", ".weak", "shape=ellipse, style=\"dashed,filled\"", { "((\($0)))" }),
            ("RequestContext", ".graph", "shape=ellipse, fillcolor=\"#f2f0f7\"", { "([\($0)])" }),
            ("Plain", ".transient", "shape=ellipse, style=\"dotted,filled\"", { ">\($0)]" }),
            ("RequestUnitForGraph", ".request", "shape=parallelogram", { "[/\($0)/]" }),
        ]
        for shape in shapes {
            let node = try #require(graph.nodes.first { $0.service == shape.service }, "\(shape.service)")
            #expect(graph.dot.contains("n\(node.id) [label=\"\(shape.service)\\n\(shape.written)\", \(shape.dot)"))
        }
        // Mermaid writes the cache's quotes as `#quot;`: that node is checked in DOT only.
        for shape in shapes where shape.service != "Storage" {
            let node = try #require(graph.nodes.first { $0.service == shape.service })
            let text = "\"\(shape.service)<br/>\(shape.written)\""
            #expect(graph.mermaid.contains("  n\(node.id)\(shape.mermaid(text))"), "\(shape.service)")
        }
    }
}

/// A request service, for the picture of the `.request` scope.
private final class RequestUnitForGraph: Sendable {}
