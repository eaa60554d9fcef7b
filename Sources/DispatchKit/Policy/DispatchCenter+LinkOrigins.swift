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
        get { settings.linkOrigins }
        set {
            settings.linkOrigins = newValue
            checksAppOrigins = newValue.checksAppDispatches
            for (entry, problem) in newValue.invalidEntries {
                report(.invalidLinkOrigin(entry, problem: problem))
            }
        }
    }

    /// What `url`'s origin lacks to be the app's, or `nil` when it is the app's.
    func undeclaredOrigin(of url: DispatchURL) -> LinkOrigins.Undeclared? {
        settings.linkOrigins.undeclaredOrigin(of: url, domains: intake.domains)
    }

    /// The claimant of a URL whose origin is not the app's: the first class whose pattern names
    /// what it lacks, else `nil` when the fallback accepts any origin; otherwise the rejection that
    /// names the scheme or host. Out of line: the app's own URLs never come here.
    @inline(never)
    func claimant(ofUndeclared undeclared: LinkOrigins.Undeclared, _ url: DispatchURL, source: DispatchOrigin)
        -> Result<RegistrySnapshot.Claim?, DispatchFailure>
    {
        if let named = snapshot.firstClaim(for: url, naming: undeclared) { return .success(named) }
        if let fallback, fallback.acceptsAnyOrigin { return .success(nil) }
        let rule: DispatchRejection.Rule
        switch undeclared {
        case .scheme(let scheme): rule = .undeclaredScheme(scheme)
        case .host(let host, let port): rule = .undeclaredHost(host + (port.map { ":\($0)" } ?? ""))
        }
        return .failure(.rejected(reason: DispatchRejection(rule: rule, activity: "", source: source)))
    }
}
