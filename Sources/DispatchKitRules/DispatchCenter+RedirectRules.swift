import DispatchKit
import Foundation

// The center's redirect rules: stage 3 of the pipeline, run by the core through its redirector
// (`DispatchCenter.redirector`), which assigning the rules or their environment installs. The
// redirects themselves, and their limit, are the core's (DispatchCenter+Redirects.swift).

extension DispatchCenter {
    /// Rules that send URLs elsewhere before their claimant is looked for: hot fixes and
    /// downgrades delivered as JSON (see ``RedirectRules``). Default: none.
    ///
    /// Replacing them is atomic: a document is validated whole when the value is made, so an
    /// invalid one throws before anything is assigned and the rules in force stay in force.
    ///
    /// ```swift
    /// @MainActor func apply(rulesJSON data: Data, to center: DispatchCenter) {
    ///     do {
    ///         center.redirectRules = try RedirectRules(json: data)  // checked whole, then swapped in
    ///     } catch {
    ///         // rules[2]: the target uses parameter "slug", which the pattern does not capture
    ///         print("rules refused, the previous ones stay: \(error)")
    ///     }
    ///     center.redirectEnvironment.flags.insert("product-page-broken")  // the app version: the bundle's
    /// }
    /// ```
    ///
    /// A redirected URL is dispatched from the same source, through the rules again (a chain), then
    /// the claimant, its exposure and the interceptors; the activity sees the URLs it was redirected
    /// from in `DispatchRequest.redirects`. A cycle is `DispatchFailure.redirectLoop(_:)` and a
    /// chain longer than `maximumRedirects` is `DispatchFailure.tooManyRedirects(_:)`.
    public var redirectRules: RedirectRules {
        get { redirection.rules }
        set { redirection.rules = newValue }
    }

    /// What the rules' conditions are checked against: the app version (by default the bundle's
    /// `CFBundleShortVersionString`, when it is a valid ``RedirectRules/Version``) and the flags
    /// the app has turned on (by default none).
    ///
    /// ```swift
    /// DispatchCenter.shared.redirectEnvironment.flags.insert("product-page-broken")
    /// ```
    public var redirectEnvironment: RedirectRules.Environment {
        get { redirection.environment }
        set { redirection.environment = newValue }
    }

    /// The rules in force and their environment, as the center's redirector holds them; the
    /// defaults until either is assigned.
    var redirection: Redirection {
        get { redirector as? Redirection ?? Redirection() }
        set { redirector = newValue }
    }

    /// The main bundle's short version, if it has one the rules can compare.
    nonisolated static var bundleVersion: RedirectRules.Version? {
        (Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String)
            .flatMap(RedirectRules.Version.init)
    }
}
