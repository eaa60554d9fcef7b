import Foundation

// Registration: classes and modules in, the consultation order and route index out — built once,
// on the first lookup after a change.

extension DispatchCenter {
    /// Registers an activity class.
    ///
    /// Its ``DispatchActivity/priority`` is read now. Registration costs O(1) (a debug build also
    /// checks the class's patterns, below); the consultation order is rebuilt once, at the next
    /// dispatch.
    ///
    /// A pattern of the class that does not parse is a ``DispatchConfigurationError``, reported
    /// through ``configurationErrorHandler``: in a debug build, registration reads the class's
    /// ``DispatchActivity/patterns`` to check them, so that the default handler stops the app at
    /// this call; a release build finds the pattern when it builds its route index, where it reads
    /// every pattern anyway, and logs it once. The class is registered either way, with the
    /// patterns that parse.
    ///
    /// - Returns: `true` if the class was added; `false` if it was already registered, in which
    ///   case nothing changes (it keeps its place and the priority it was registered with).
    @discardableResult
    public func register(_ activity: DispatchActivity.Type) -> Bool {
        // The priority getter is the app's code: it runs before the registry is being changed.
        let priority = activity.priority
        guard registration.registry.insert(activity, priority: priority) else { return false }
        cachedSnapshot = nil
        if configuration.checksPatternsAtRegistration { checkPatterns(of: activity) }
        return true
    }

    /// Registers several activity classes, in order.
    ///
    /// ```swift
    /// @MainActor func registerShop(in center: DispatchCenter) {
    ///     let repeated = center.register([ProductActivity.self, CartActivity.self])
    ///     if !repeated.isEmpty { print("registered twice:", repeated) }  // a wiring mistake
    /// }
    /// ```
    ///
    /// - Returns: The classes that were already registered (and so left as they were), in the
    ///   order given; empty when every class was added.
    @discardableResult
    public func register(_ activities: [DispatchActivity.Type]) -> [DispatchActivity.Type] {
        var repeated: [DispatchActivity.Type] = []  // no allocation unless a class repeats
        for activity in activities where !register(activity) { repeated.appendOffThePath(activity) }
        return repeated
    }

    /// Registers every activity of a module, in the order the module lists them. A `ServiceModule`
    /// (DispatchKitServices) also registers its services in the center's `services`, once:
    /// registering the module again registers its activities again (which does nothing) but not
    /// its services. An error the module throws while registering its services is a
    /// ``DispatchConfigurationError/servicesNotRegistered(module:error:)``, reported through
    /// ``configurationErrorHandler``.
    ///
    /// - Returns: The module's activities that were already registered — all of them when the
    ///   module itself was — in the order the module lists them.
    @discardableResult
    public func register(_ module: any DispatchModule.Type) -> [DispatchActivity.Type] {
        let repeated = register(module.activities)
        if let registering = module as? any _DispatchModuleRegistration.Type,
            registration.modules.insert(ObjectIdentifier(module)).inserted
        {
            do {
                try registering._registered(with: self)
            } catch {
                report(.servicesNotRegistered(module: module, error: error))
            }
        }
        return repeated
    }

    /// Removes an activity class.
    ///
    /// - Returns: `true` if the class was registered and is now removed; `false` if it was not
    ///   registered, in which case nothing changes.
    @discardableResult
    public func unregister(_ activity: DispatchActivity.Type) -> Bool {
        guard registration.registry.remove(activity) else { return false }
        cachedSnapshot = nil
        return true
    }

    /// The registered classes in consultation order (priority, then registration order).
    public var registeredActivities: [DispatchActivity.Type] { snapshot.ordered }

    /// How many times the consultation order has been rebuilt; lets tests check that dispatching
    /// does not rebuild it.
    package var snapshotBuildCount: Int { registration.buildCount }

    /// Registration never builds; the first lookup after a change does, once.
    package var snapshot: RegistrySnapshot {
        // Every dispatch reads this: the cached case is inlined, the build is a call.
        if let snapshot = cachedSnapshot { return snapshot }
        return buildSnapshot()
    }

    @inline(never)
    private func buildSnapshot() -> RegistrySnapshot {
        let snapshot = RegistrySnapshot(registration.registry.ordered())
        cachedSnapshot = snapshot
        registration.buildCount += 1
        if !snapshot.invalidPatterns.isEmpty { reportInvalidPatterns(of: snapshot) }
        return snapshot
    }
}
