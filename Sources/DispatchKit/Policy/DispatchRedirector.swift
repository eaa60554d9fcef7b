/// What sends a URL elsewhere before its claimant is looked for: the redirect rules, when an app
/// that imports DispatchKitRules assigns them (`DispatchCenter.redirectRules`). The core only
/// holds one (`DispatchCenter.redirector`), so that an app without rules links none of them.
package protocol DispatchRedirector {
    /// Whether it never redirects anything: the center then skips it without a call.
    var isEmpty: Bool { get }

    /// The URL to dispatch instead of `url` and the index of the rule that sent it there, or `nil`.
    ///
    /// - Parameter undeclared: What the origin of `url` lacks to be the app's, when its origin is
    ///   checked and is not the app's: then only a rule whose pattern names that scheme or host
    ///   applies, as only such a route claims the URL.
    func redirect(for url: DispatchURL, naming undeclared: LinkOrigins.Undeclared?)
        -> (url: DispatchURL, rule: Int)?
}
