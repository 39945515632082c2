// The services the scenarios build. They are small final classes with no work in their
// initialisers, so that every wiring pays for the same allocations and only the wiring
// itself differs.

/// The shared instance: a singleton in the containers, a stored property when wired by hand.
final class Store: Sendable {}

/// Where a caller keeps what it resolved, as an object keeps a service in a stored property.
final class Kept<Value> {
    var value: Value?
}

/// A service with no dependencies, made anew on every resolve.
final class Widget: Sendable {}

/// A transient service that needs the singleton.
final class Consumer: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }
}

// MARK: - A graph of four: the root needs two services that share one leaf.

final class GraphLeaf: Sendable {}

final class GraphLeft: Sendable {
    let leaf: GraphLeaf

    init(leaf: GraphLeaf) {
        self.leaf = leaf
    }
}

final class GraphRight: Sendable {
    let leaf: GraphLeaf

    init(leaf: GraphLeaf) {
        self.leaf = leaf
    }
}

final class GraphRoot: Sendable {
    let left: GraphLeft
    let right: GraphRight

    init(left: GraphLeft, right: GraphRight) {
        self.left = left
        self.right = right
    }

    /// Whether both branches got the same leaf, as the graph scope promises.
    var sharesLeaf: Bool { left.leaf === right.leaf }
}

// MARK: - A chain of ten: each link needs the one before it.

final class Link0: Sendable {}

final class Link1: Sendable {
    let previous: Link0
    init(_ previous: Link0) { self.previous = previous }
}

final class Link2: Sendable {
    let previous: Link1
    init(_ previous: Link1) { self.previous = previous }
}

final class Link3: Sendable {
    let previous: Link2
    init(_ previous: Link2) { self.previous = previous }
}

final class Link4: Sendable {
    let previous: Link3
    init(_ previous: Link3) { self.previous = previous }
}

final class Link5: Sendable {
    let previous: Link4
    init(_ previous: Link4) { self.previous = previous }
}

final class Link6: Sendable {
    let previous: Link5
    init(_ previous: Link5) { self.previous = previous }
}

final class Link7: Sendable {
    let previous: Link6
    init(_ previous: Link6) { self.previous = previous }
}

final class Link8: Sendable {
    let previous: Link7
    init(_ previous: Link7) { self.previous = previous }
}

final class Link9: Sendable {
    let previous: Link8
    init(_ previous: Link8) { self.previous = previous }
}

// MARK: - Runtime arguments

/// A service made from one runtime argument.
final class Tagged: Sendable {
    let id: Int

    init(id: Int) {
        self.id = id
    }
}

/// A service made from three runtime arguments.
final class Configured: Sendable {
    let id: Int
    let label: String
    let isEnabled: Bool

    init(id: Int, label: String, isEnabled: Bool) {
        self.id = id
        self.label = label
        self.isEnabled = isEnabled
    }
}

// MARK: - A request scope: per request, a context, a repository and a handler.

/// The state of one request: one per request's container.
final class RequestContext: Sendable {}

/// Needs the app's store and the request's context.
final class RequestRepository: Sendable {
    let store: Store
    let context: RequestContext

    init(store: Store, context: RequestContext) {
        self.store = store
        self.context = context
    }
}

/// What a request resolves: needs the repository and the same context.
final class RequestHandler: Sendable {
    let repository: RequestRepository
    let context: RequestContext

    init(repository: RequestRepository, context: RequestContext) {
        self.repository = repository
        self.context = context
    }
}
