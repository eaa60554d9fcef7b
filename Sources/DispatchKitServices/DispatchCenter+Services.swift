import DispatchKit

extension DispatchCenter {
    /// Where the modules registered with the center put their services (``ServiceModule``), and
    /// where activities find them (`center?.services`): ``ServiceRegistry/shared`` for
    /// `DispatchCenter.shared`, a registry of its own for any other center. Set it to share one
    /// registry among centers.
    public var services: ServiceRegistry {
        get {
            if let registry = servicesObject as? ServiceRegistry { return registry }
            let registry = isShared ? ServiceRegistry.shared : ServiceRegistry()
            servicesObject = registry
            return registry
        }
        set { servicesObject = newValue }
    }
}
