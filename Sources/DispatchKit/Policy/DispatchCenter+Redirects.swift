// Stage 3 of the pipeline, and the redirects interceptors ask for: a URL sent elsewhere, dispatched
// again from the same source, with loops and long chains refused. The redirect rules, which send a
// URL elsewhere before its claimant is looked for, are DispatchKitRules' (the center's
// `DispatchRedirector`).

extension DispatchCenter {
    /// How many redirects a dispatch may follow before it fails with
    /// ``DispatchFailure/tooManyRedirects(_:)``. Default: 8; values are kept within 0...100.
    public var maximumRedirects: Int {
        get { settings.redirectLimit }
        // Each redirect is a nested call: the bound keeps a configuration mistake off the stack.
        set { settings.redirectLimit = min(max(0, newValue), 100) }
    }

    /// What sends URLs elsewhere before their claimant is looked for: the redirect rules of
    /// DispatchKitRules, which install it when they are assigned. Kept behind a flag the dispatch
    /// path reads, set here, so that a center without rules pays one byte compare.
    package var redirector: (any DispatchRedirector)? {
        get { redirection }
        set {
            redirection = newValue
            hasRedirectRules = newValue.map { !$0.isEmpty } ?? false
        }
    }

    /// Dispatches `target` in place of `url`, from the same source, with the chain so far: a
    /// redirect by a rule or an interceptor. Out of line: most dispatches are not redirected.
    @inline(never)
    func follow(
        _ url: DispatchURL, redirects: [DispatchURL]?, to target: DispatchURL,
        userInfo: [String: any Sendable],
        source: DispatchOrigin, intercepted: Bool, trace: DispatchTrace?, purpose: Purpose
    ) -> DispatchResult {
        // Appended through the one unspecialized append: `+` made a copy of the array code for
        // DispatchURL, for a rare path.
        var chain = redirects ?? []
        chain.appendOffThePath(url)
        // A call of `==` per URL, not `contains(_:)`: its copy for DispatchURL, with the comparison
        // inlined, cost every app more than a kilobyte for a rare path.
        let isLoop = chain.contains(where: { $0 == target })
        if isLoop || chain.count > maximumRedirects {
            var followed = chain
            followed.appendOffThePath(target)
            return DispatchResult(
                url: url, failure: isLoop ? .redirectLoop(followed) : .tooManyRedirects(followed))
        }
        trace?.redirects.appendOffThePath(target)
        return run(
            target, userInfo: userInfo, source: source, intercepted: intercepted, redirects: chain,
            trace: trace, purpose: purpose)
    }
}
