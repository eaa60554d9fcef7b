import DispatchKit
import Foundation

extension DispatchCenter {
    /// What changed for the links of an earlier release: every example URL of its manifest looked
    /// up in this center, and compared with what it reached then.
    ///
    /// Run it in a unit test against the manifest your last release exported
    /// (``routeManifest()``, committed as JSON; ``routeChanges(sinceManifestAt:)`` reads the file
    /// and records it when it is missing) and fail the build on the changes that are
    /// ``RouteChange/isBreaking`` — removed routes, links that reach another activity, parameters
    /// that accept less, typed links that accept less, require a key the links lack or no longer
    /// decode them, activities that refuse sources they admitted — and on those that
    /// ``RouteChange/widensExposure``, until a person has reviewed them.
    ///
    /// Nothing is dispatched: each URL is looked up the way `claimants(for:)` does — the route
    /// index with its precedence, then the classes with a custom `isHit`, then the `fallback` —
    /// and no activity is created, no observer told, no interceptor asked. Like
    /// `activity(for:userInfo:)`, this is the registry's answer: redirect rules are not applied.
    /// A URL that reaches a class with a typed link (`DispatchActivity.linkType`) is decoded by it,
    /// as a dispatch decodes it, and the keys of that link are compared with those the earlier
    /// manifest records (see ``RouteChange``). Where the earlier manifest lists an enum's cases and
    /// this build's cannot (an enum left with one case), each of those cases is decoded by the
    /// link type: a case it refuses is a ``RouteChange/keyNarrowed(_:)``, shown with a link of it,
    /// which ``RouteManifest/changes(since:)``, without the app's types, cannot tell.
    /// URLs are parsed with `urlLimits`; an example they refuse reaches nothing. What each link
    /// reached in the earlier release is read from its manifest as ``RouteManifest/changes(since:)``
    /// reads it.
    ///
    /// - Parameter old: The manifest of the earlier release.
    /// - Returns: The changes, by kind (``RouteChange/removed(_:)`` first,
    ///   ``RouteChange/added(_:)`` last), then by pattern and activity; empty when every link of
    ///   the earlier release reaches what it reached and nothing is added.
    /// - Complexity: O(*r* + *e* × (*n* + *k*)) for *r* routes, *e* example URLs of *n* path
    ///   segments, and *k* routes per activity, plus one `isHit` call per class without patterns for
    ///   each URL no route claims.
    public func routeChanges(since old: RouteManifest) -> [RouteChange] {
        let snapshot = self.snapshot
        let limits = urlLimits
        let fallback = self.fallback.map(RouteManifest.name(of:))
        let decoder = Self.linkDecoder(of: registeredActivities)
        var check = CompatibilityCheck(old: old, new: ManifestLookup(routeManifest()), decoder: decoder) {
            url in
            guard let url = try? DispatchURL(string: url.description, limits: limits) else {
                return ManifestLookup.Arrival(reach: .nothing)
            }
            guard let claim = snapshot.firstClaim(for: url) else {
                return ManifestLookup.Arrival(reach: fallback.map(RouteChange.Reach.fallback) ?? .nothing)
            }
            let refusals = claim.linkRefusals(decoding: url, in: snapshot).map {
                ManifestLookup.KeyRefusal(
                    key: $0.key, text: $0.text, reason: $0.reason, expectedType: $0.expectedType)
            }
            // A case of a module link may be exposed otherwise than its class.
            let exposure = snapshot.linkCase(ofOwner: claim.caseOwner)?.exposure ?? claim.activity.exposure
            return ManifestLookup.Arrival(
                reach: .activity(RouteManifest.name(of: claim.activity)),
                exposure: RouteManifest.Exposure(exposure), refusals: refusals)
        }
        return check.changes()
    }

    /// How the link type of the class named `activity` decodes one value of `key`, for the
    /// classes `activities`: the real decoder, for what a manifest cannot record (the cases of an
    /// enum of one case). `nil` for a class without a link type, a key it does not read, or a name
    /// two classes share (private classes of one name in two places).
    static func linkDecoder(of activities: [DispatchActivity.Type])
        -> (_ activity: String, _ key: String) -> ((String) -> Bool)?
    {
        var linkTypes: [String: any DispatchLink.Type] = [:]
        var shared: Set<String> = []
        for activity in activities {
            guard let linkType = activity.linkType else { continue }
            let name = RouteManifest.name(of: activity)
            if linkTypes.updateValue(linkType, forKey: name) != nil { shared.insert(name) }
        }
        for name in shared { linkTypes[name] = nil }
        return { activity, key in
            linkTypes[activity].flatMap { LinkSchema.probe($0).field(key)?.accepts }
        }
    }
}

extension DispatchCenter {
    /// What changed for the links of the release whose manifest is committed at `file`, and a
    /// record mode that writes that manifest when there is none: the compatibility test in one call.
    ///
    /// ```swift
    /// let changes = try center.routeChanges(sinceManifestAt: lastReleaseFile)
    /// ```
    ///
    /// When the file exists, it is read (``RouteManifest/init(json:)``) and compared as
    /// ``routeChanges(since:)`` compares it. When there is no file — the first run — or when the
    /// environment variable `DISPATCHKIT_RECORD_MANIFEST` (``RouteManifestRecordedError/environmentVariable``)
    /// is `1`, this center's ``routeManifest()`` is written there (with its folder, if needed) and
    /// ``RouteManifestRecordedError`` is thrown, so that the test fails with a message that says to
    /// commit the file. Commit it with the release it describes: the next releases are compared
    /// with it until a later release's manifest replaces it.
    ///
    /// - Parameter file: The committed manifest of the last release, a JSON file.
    /// - Returns: The changes, as ``routeChanges(since:)`` returns them.
    /// - Throws: ``RouteManifestRecordedError`` after recording the manifest; ``RouteManifestError``
    ///   when the file is not a valid manifest; the file system's error when it cannot be read or
    ///   written.
    public func routeChanges(sinceManifestAt file: URL) throws -> [RouteChange] {
        try routeChangesOrRecording(manifestAt: file, environment: ProcessInfo.processInfo.environment)
    }

    /// ``routeChanges(sinceManifestAt:)`` with the environment given, for tests.
    package func routeChangesOrRecording(manifestAt file: URL, environment: [String: String]) throws
        -> [RouteChange]
    {
        let reason: RouteManifestRecordedError.Reason?
        if RouteManifestRecordedError.isRequested(in: environment) {
            reason = .requested
        } else if !FileManager.default.fileExists(atPath: file.path) {
            reason = .fileMissing
        } else {
            reason = nil
        }
        guard let reason else {
            return routeChanges(since: try RouteManifest(json: Data(contentsOf: file)))
        }
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try routeManifest().json().write(to: file, options: .atomic)
        throw RouteManifestRecordedError(file: file, reason: reason)
    }
}
