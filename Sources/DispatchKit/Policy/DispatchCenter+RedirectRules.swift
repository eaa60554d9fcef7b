import Foundation

// Stage 3 of the pipeline, and the redirects interceptors ask for: a URL sent elsewhere, dispatched
// again from the same source, with loops and long chains refused.

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
    /// from in ``DispatchRequest/redirects``. A cycle is ``DispatchFailure/redirectLoop(_:)`` and a
    /// chain longer than ``maximumRedirects`` is ``DispatchFailure/tooManyRedirects(_:)``.
    public var redirectRules: RedirectRules {
        get { redirection.rules }
        set {
            redirection.rules = newValue
            hasRedirectRules = !newValue.isEmpty
        }
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

    /// How many redirects a dispatch may follow before it fails with
    /// ``DispatchFailure/tooManyRedirects(_:)``. Default: 8; values are kept within 0...100.
    public var maximumRedirects: Int {
        get { settings.redirectLimit }
        // Each redirect is a nested call: the bound keeps a configuration mistake off the stack.
        set { settings.redirectLimit = min(max(0, newValue), 100) }
    }

    /// Dispatches `target` in place of `url`, from the same source, with the chain so far: a
    /// redirect by a rule or an interceptor. Out of line: most dispatches are not redirected.
    @inline(never)
    func follow(
        _ url: DispatchURL, redirects: [DispatchURL]?, to target: DispatchURL,
        userInfo: [String: any Sendable],
        source: DispatchOrigin, intercepted: Bool, trace: DispatchTrace?, purpose: Purpose
    ) -> DispatchResult {
        let chain = (redirects ?? []) + [url]
        if chain.contains(target) {
            return DispatchResult(url: url, failure: .redirectLoop(chain + [target]))
        }
        if chain.count > maximumRedirects {
            return DispatchResult(url: url, failure: .tooManyRedirects(chain + [target]))
        }
        trace?.redirects.append(target)
        return run(
            target, userInfo: userInfo, source: source, intercepted: intercepted, redirects: chain,
            trace: trace, purpose: purpose)
    }

    /// The main bundle's short version, if it has one the rules can compare.
    nonisolated static var bundleVersion: RedirectRules.Version? {
        (Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String)
            .flatMap(RedirectRules.Version.init)
    }
}
