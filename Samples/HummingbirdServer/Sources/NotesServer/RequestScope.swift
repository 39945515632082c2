import HTTPTypes
import Hummingbird
import Keystone

/// The request context of the notes app: Hummingbird's own storage plus the request's
/// container.
///
/// Hummingbird creates a context for every request before any middleware runs, knowing only the
/// connection; ``RequestScopeMiddleware`` then gives it the request's container.
struct NotesRequestContext: RequestContext {
    /// Hummingbird's per-request storage (logger, route parameters).
    var coreContext: CoreRequestContextStorage
    /// The request's own container, set by ``RequestScopeMiddleware``.
    var services: Container?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = CoreRequestContextStorage(source: source)
    }

    /// Resolves a service from the request's container.
    ///
    /// Throws rather than traps: in a server, a wiring mistake should fail one request with a
    /// 500 and a logged `ResolutionError`, not stop the process.
    func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
        guard let services else {
            throw HTTPError(.internalServerError, message: "RequestScopeMiddleware is not installed.")
        }
        return try services.tryResolve(type)
    }
}

/// Opens a container for each request and disposes it when the request ends.
///
/// Install it on the router before the routes, so that it wraps every handler. A request's
/// container, and every request-scoped instance in it, is disposed before the response is sent,
/// whether the handler returned or threw. So a response body must not reach back into
/// request-scoped services after the handler returns (a streamed body written later, for
/// instance): copy what it needs instead.
struct RequestScopeMiddleware: RouterMiddleware {
    typealias Context = NotesRequestContext

    /// The root container that each request's container falls back to.
    let app: Container

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let services = makeRequestContainer(parent: app, method: request.method.rawValue, path: request.uri.path)
        defer { services.dispose() }  // on return and on throw: the audit log is flushed here

        var context = context
        context.services = services
        let info: RequestInfo = try context.resolve()
        let audit: AuditLog = try context.resolve()
        do {
            var response = try await next(request, context)
            response.headers[.requestID] = info.id
            audit.record("responded \(response.status.code)")
            return response
        } catch var error as HTTPError {
            error.headers[.requestID] = info.id
            audit.record("failed \(error.status.code)")
            throw error
        } catch {
            audit.record("failed: \(error)")
            throw error
        }
    }
}

extension HTTPField.Name {
    /// `X-Request-ID`: the ID of the request's ``RequestInfo``, on every response.
    static let requestID = HTTPField.Name("X-Request-ID")!
}
