#if canImport(SwiftUI)
    import SwiftUI

    /// Resolves an observable object when the view is made, and observes it like
    /// `@ObservedObject`: a change to the object updates the view.
    ///
    /// Only where SwiftUI exists (Apple platforms); not on Linux.
    @MainActor
    @propertyWrapper public struct InjectedObject<Service>: DynamicProperty where Service: ObservableObject {
        @ObservedObject private var service: Service

        /// Resolves the object from ``Resolver/root``.
        public init() {
            self.service = Resolver.resolve(Service.self)
        }

        /// Resolves the object under `name` from `container`, or from ``Resolver/root``.
        public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
            self.service = container?.resolve(Service.self, name: name) ?? Resolver.resolve(Service.self, name: name)
        }

        /// The resolved object.
        public var wrappedValue: Service {
            get { service }
            mutating set { service = newValue }
        }

        /// Bindings to the object's properties, as `@ObservedObject` gives.
        public var projectedValue: ObservedObject<Service>.Wrapper {
            $service
        }
    }
#endif
