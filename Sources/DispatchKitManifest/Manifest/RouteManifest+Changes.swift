import DispatchKit

extension RouteManifest {
    /// What changed for the links of an earlier release, from manifests alone: for tools that
    /// compare two releases' exported manifests without the app.
    ///
    /// Gives the answers ``DispatchKit/DispatchCenter/routeChanges(since:)`` gives for a center
    /// whose ``DispatchKit/DispatchCenter/routeManifest()`` is this one, by looking the earlier
    /// release's example URLs up in this manifest's routes with the center's route index and
    /// precedence: priority, then
    /// scheme and host, then specificity from the left. A link that reaches a route of a typed link
    /// is decoded by the keys this manifest records, with the link decoder's rules for each type.
    /// A manifest does not hold all that a center knows, so the answers differ in four cases:
    /// - Classes with a custom `isHit` (``customClaimants``) cannot be asked. They are taken to
    ///   claim no URL that a route claims, and a link no route claims now reaches
    ///   ``RouteChange/Reach/customClaimantOrFallback(claimants:fallback:)``, reported as a
    ///   ``RouteChange/removed(_:)`` route: a manifest cannot show that the link still works.
    /// - A class with patterns whose `isHit` declines some of their URLs is taken at its patterns.
    /// - A key of a type of the app (a `LinkValueConvertible` type, an enum whose cases cannot be
    ///   found) is taken to accept every text (in a `<a|b>` parameter, every listed value), and a
    ///   link type's own `init(from:)` is not run: a link that only the app refuses is not found,
    ///   and a key changed to another such type is reported as ``RouteChange/keyRetyped(_:)``
    ///   without links. So is an enum whose cases the earlier manifest records and this one
    ///   cannot (an enum left with one case), where the center decodes each recorded case and
    ///   reports those it refuses as ``RouteChange/keyNarrowed(_:)``.
    /// - Registration order is not recorded. It settles a tie between classes of the same priority
    ///   whose patterns match a URL equally well (`DispatchCenter.validate()` reports those whose
    ///   patterns have the same shape); here the class whose name sorts first wins.
    ///
    /// - Parameter old: The manifest of the earlier release.
    /// - Returns: The changes, by kind (``RouteChange/removed(_:)`` first,
    ///   ``RouteChange/added(_:)`` last), then by pattern and activity; empty when every link of
    ///   the earlier release reaches what it reached and nothing is added.
    /// - Complexity: O(*r* + *e* × (*n* + *k*)) for manifests of *r* routes, *e* example URLs of *n*
    ///   path segments, and *k* routes per activity.
    public func changes(since old: RouteManifest) -> [RouteChange] {
        let new = ManifestLookup(self)
        var check = CompatibilityCheck(old: old, new: new) { new.arrival(for: $0) }
        return check.changes()
    }
}
