// Where the center looks when a link arrives from the system: the app's associated domains and
// the key of a notification's link. The links themselves (`IncomingLink`) and their checks are
// DispatchKitUI's; the domains stay here, since they also declare the app's web hosts
// (LinkOrigins).

extension DispatchCenter {
    /// The domains whose universal links this center dispatches: the `applinks:` entries of the
    /// app's Associated Domains entitlement. Default: ``AssociatedDomains/none``, which refuses
    /// every universal link with ``IntakeError/undeclaredDomain(_:)``.
    ///
    /// Assigning domains written as an array literal reports each invalid entry, which is left
    /// out, as ``DispatchConfigurationError/invalidAssociatedDomain(_:)`` through
    /// ``configurationErrorHandler``.
    public var associatedDomains: AssociatedDomains {
        get { intake.domains }
        set {
            intake.domains = newValue
            for entry in newValue.invalidEntries { report(.invalidAssociatedDomain(entry)) }
        }
    }

    /// Where a notification's payload holds its link. Default: `"url"`, a top-level key.
    public var notificationLinkKey: NotificationLinkKey {
        get { intake.linkKey }
        set { intake.linkKey = newValue }
    }
}
