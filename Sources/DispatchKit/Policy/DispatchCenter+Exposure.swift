import Foundation

// Stage 5 of the pipeline: whether a URL from outside the app may reach the class that claims it.

extension DispatchCenter {
    /// The other apps that may send this center URLs, by bundle identifier, whatever the
    /// activities' ``DispatchActivity/exposure`` says; `nil` (the default) leaves the decision
    /// to each activity. A URL from an app not in the set, or from an app the system did not
    /// identify, is ``DispatchFailure/rejected(reason:)``. Universal links and notifications are
    /// not apps: this set does not apply to them.
    ///
    /// iOS identifies the sending app only when it belongs to the receiving app's own developer
    /// team (`sourceApplication` is `nil` for any other): setting this set therefore admits the
    /// vendor's own apps alone, and refuses every other app's URLs.
    public var allowedApplications: Set<String>? {
        get { settings.allowedApplications }
        set { settings.allowedApplications = newValue }
    }

    /// Why a URL from `source` may not reach `activity`: the center's allowlist, then the class's
    /// exposure. Out of line: URLs from the app never get here.
    @inline(never)
    func rejection(
        of source: DispatchOrigin, by activity: DispatchActivity.Type, caseOwner: Int32 = -1
    )
        -> DispatchRejection?
    {
        let rule: DispatchRejection.Rule?
        if let allowed = allowedApplications, case .external(let application) = source,
            !(application.map(allowed.contains) ?? false)
        {
            rule = .centerAllowlist
        } else {
            rule = (snapshot.linkCase(ofOwner: caseOwner)?.exposure ?? exposure(of: activity)).refusal(
                of: source)
        }
        return rule.map {
            DispatchRejection(rule: $0, activity: String(describing: activity), source: source)
        }
    }
}
