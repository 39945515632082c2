import HTTPTypes
import Hummingbird
import Keystone

/// The request context of the notes app: Hummingbird's own storage plus the request's scope.
///
/// Hummingbird creates a context for every request before any middleware runs, knowing only the
/// connection; ``RequestScopeMiddleware`` then gives it the request's scope.
struct NotesRequestContext: RequestContext {
    /// Hummingbird's per-request storage (logger, route parameters).
    var coreContext: CoreRequestContextStorage
    /// The request's scope, begun and ended by ``RequestScopeMiddleware``.
    var requestScope: RequestScope?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = CoreRequestContextStorage(source: source)
    }

    /// Resolves a service in the request's scope: this request's ``AuditLog`` and
    /// ``NoteService``, the app's singletons.
    ///
    /// Throws rather than traps: in a server, a wiring mistake should fail one request with a
    /// 500 and a logged `ResolutionError`, not stop the process. Without the middleware there
    /// is no scope, and that is a 500 too.
    func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
        guard let requestScope else {
            throw HTTPError(.internalServerError, message: "RequestScopeMiddleware is not installed.")
        }
        return try requestScope.tryResolve(type)
    }
}

/// Begins a request scope for each request and ends it when the request ends.
///
/// Install it on the router before the routes, so that it wraps every handler. The scope's
/// request value is the request's ``RequestInfo``: a new ID from the app's request-ID
/// generator, the method and the path. The scope ends, and every request-scoped instance in it
/// is disposed, before the response is sent, whether the handler returned or threw. So a
/// response body must not reach back into request-scoped services after the handler returns (a
/// streamed body written later, for instance): copy what it needs instead.
struct RequestScopeMiddleware: RouterMiddleware {
    typealias Context = NotesRequestContext

    /// The app's container, where the request's services are declared.
    let app: Container

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let requestIDs: IDGenerator = try app.tryResolve(name: .requestIDs)
        let info = RequestInfo(id: requestIDs.next(), method: request.method.rawValue, path: request.uri.path)
        // Ends the scope when the closure returns or throws: the audit log is flushed there.
        return try await app.withRequest(providing: info) { scope in
            var context = context
            context.requestScope = scope
            let audit: AuditLog = try scope.tryResolve()
            return try await respond(as: info, recordingIn: audit) {
                try await next(request, context)
            }
        }
    }
}

/// Runs `handler` for the request `info`, and notes its outcome: the `X-Request-ID` header on
/// the response or the error, and the status in the request's audit log.
///
/// What every request goes through, whether its services come from a request scope
/// (``RequestScopeMiddleware``) or are made by hand (``HandWiredRequests``).
func respond(
    as info: RequestInfo,
    recordingIn audit: AuditLog,
    _ handler: () async throws -> Response
) async throws -> Response {
    do {
        var response = try await handler()
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

extension HTTPField.Name {
    /// `X-Request-ID`: the ID of the request's ``RequestInfo``, on every response.
    static let requestID = HTTPField.Name("X-Request-ID")!
}
