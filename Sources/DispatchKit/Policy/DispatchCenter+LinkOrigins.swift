// Stage 4's check of a URL from outside: whether its scheme or host is one of the app's own, and
// if not, which pattern names it.

extension DispatchCenter {
    /// The schemes and web hosts whose links are the app's own: a URL from outside of any other
    /// origin reaches only a pattern that names its scheme or host, and is otherwise refused before
    /// any activity is asked. Default: ``LinkOrigins/none``, which refuses only `javascript:`,
    /// `data:` and `file:` URLs from outside. See ``LinkOrigins``.
    ///
    /// Assigning origins with an invalid entry reports each one as
    /// ``DispatchConfigurationError/invalidLinkOrigin(_:problem:)`` through
    /// ``configurationErrorHandler``; the valid entries are declared.
    public var linkOrigins: LinkOrigins {
        get { intake.origins }
        set {
            intake.origins = newValue
            checksAppOrigins = newValue.checksAppDispatches
            for (entry, problem) in newValue.invalidEntries {
                report(.invalidLinkOrigin(entry, problem: problem))
            }
        }
    }

    /// What `url`'s origin lacks to be the app's, or `nil` when it is the app's.
    func undeclaredOrigin(of url: DispatchURL) -> LinkOrigins.Undeclared? {
        intake.origins.undeclaredOrigin(of: url, domains: intake.domains)
    }

    /// The claimant of a URL whose origin is checked: as for any URL when its origin is the
    /// app's, else the first class whose pattern names what the origin lacks. Out of line: the
    /// app's own URLs never come here.
    @inline(never)
    func claim(fromOutside url: DispatchURL) -> RegistrySnapshot.Claim? {
        guard let undeclared = undeclaredOrigin(of: url) else { return snapshot.firstClaim(for: url) }
        return snapshot.firstClaim(for: url, naming: undeclared)
    }

    /// What a dispatch of `url`, whose origin is checked and which no class claims, reports
    /// instead of going to the fallback: the rejection naming the scheme or host the app did not
    /// declare, or `nil` when the origin is the app's or the fallback accepts any origin. Worked
    /// out again rather than kept from ``claim(fromOutside:)``: the dispatch path holds nothing
    /// more for the rare URL that gets here.
    @inline(never)
    func originRefusal(of url: DispatchURL, source: DispatchOrigin) -> DispatchResult? {
        guard let undeclared = undeclaredOrigin(of: url) else { return nil }
        if let fallback, Self.fallback(fallback, receives: undeclared) { return nil }
        let rule: DispatchRejection.Rule
        switch undeclared {
        case .scheme(let scheme): rule = .undeclaredScheme(scheme)
        case .host(let host, let port): rule = .undeclaredHost(host + (port.map { ":\($0)" } ?? ""))
        }
        return DispatchResult(
            url: url, failure: .rejected(reason: DispatchRejection(rule: rule, activity: "", source: source)))
    }

    /// Whether `fallback` receives a URL from outside whose origin lacks `undeclared`: only if it
    /// accepts any origin, and never a `javascript:`, `data:` or `file:` URL, which reaches only a
    /// pattern naming its scheme (an open web fallback is what must never load one).
    static func fallback(_ fallback: DispatchActivity.Type, receives undeclared: LinkOrigins.Undeclared)
        -> Bool
    {
        guard fallback.acceptsAnyOrigin else { return false }
        if case .scheme(let scheme) = undeclared { return !LinkOrigins.unsafeSchemes.contains(scheme) }
        return true
    }

    /// The redirect rules' redirect of `url` from `source`: for a URL whose origin is checked and
    /// not the app's, only a rule whose pattern names its scheme or host applies, as only such a
    /// route claims it. A path-only rule with a target of the app's own (`/old/:id` to
    /// `shop://x/product/:id`) would otherwise carry `javascript:/old/5` from outside to an activity.
    /// Out of line: inlined, it makes the dispatch of a center without rules 2.5% slower.
    @inline(never)
    func redirect(for url: DispatchURL, from source: DispatchOrigin) -> (url: DispatchURL, rule: Int)? {
        let undeclared = source.isExternal || checksAppOrigins ? undeclaredOrigin(of: url) : nil
        return redirection?.redirect(for: url, naming: undeclared)
    }
}
