import DispatchKit
import DispatchKitRules

/// What an offline check of a redirect rules document against the routes of a ``RouteManifest``
/// found: a problem the server should fix before it sends the rules to apps (``isProblem``), or a
/// rule that maps retired links, as it says it does.
public struct RuleDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What was found.
    public enum Kind: Sendable, Hashable {
        /// No route's pattern overlaps the rule's pattern: no URL the app handles ever meets the
        /// rule, and the rule does not say that this is on purpose. A problem: a typo, or a rule
        /// that maps retired links and should say so with `"retired": true`.
        case deadPattern
        /// No route's pattern overlaps the pattern of a rule that says it maps retired links
        /// (`RedirectRules.Rule.mapsRetiredLinks`): as intended, not a problem. `target` is where
        /// those links go.
        case retiredPattern(target: String)
        /// The rule says it maps retired links, yet a route still matches URLs of its pattern:
        /// `route` (its pattern) of `activity`. Redirects apply before routes, so the rule takes
        /// those links from the route. A problem: the flag is wrong, or the rule shadows a live page.
        case retiredPatternStillMatches(route: String, activity: String)
        /// The rule's target is not an `http` or `https` page and no route claims it (custom
        /// claimants and the fallback cannot be checked from a manifest). `target` is the target
        /// pattern.
        case danglingTarget(target: String)
        /// The target reaches an internal-only activity while the rule's pattern takes URLs that
        /// can come from outside: such a redirect is always refused. Which activity the target
        /// reaches is decided with the center's precedence, so a target that a more specific
        /// internal route takes (`/account/logout` before an exposed `/account/:page`) is found.
        /// `activity` is the target's.
        case internalTarget(activity: String)
        /// The rule is part of a loop of rules that redirect into each other; `rules` lists the
        /// loop's rule indices in order, starting with this rule.
        case loop(rules: [Int])
    }

    /// The rule's index in `RedirectRules.rules`.
    public let ruleIndex: Int
    /// What kind of problem.
    public let kind: Kind
    /// The rule's pattern, for the description.
    public let pattern: String

    /// Whether the finding is a problem: everything but ``Kind/retiredPattern(target:)``, which
    /// reports a rule working as it says.
    public var isProblem: Bool {
        if case .retiredPattern = kind { return false }
        return true
    }

    /// `rules[2] "/item/:id": …`, in plain words.
    public var description: String {
        let subject = "rules[\(ruleIndex)] \"\(pattern)\""
        switch kind {
        case .deadPattern:
            return "\(subject): no route matches any URL of this pattern (dead; if it maps retired links on "
                + "purpose, mark the rule \"retired\": true)"
        case .retiredPattern(let target):
            return "\(subject): maps retired links, as the rule says: no route matches this pattern, and its "
                + "links go to \"\(target)\""
        case .retiredPatternStillMatches(let route, let activity):
            return
                "\(subject): the rule says it maps retired links, but the route \"\(route)\" of \(activity) "
                + "still matches URLs of this pattern, which the rule takes from it"
        case .danglingTarget(let target):
            return "\(subject): the target \"\(target)\" is not an http or https page, and no route claims it"
        case .internalTarget(let activity):
            return "\(subject): the target reaches \(activity), which is internal only, while the pattern "
                + "takes links from outside: the redirect would always be refused"
        case .loop(let rules):
            return "\(subject): the rules " + rules.map { "rules[\($0)]" }.joined(separator: " -> ")
                + " -> rules[\(rules.first ?? ruleIndex)] redirect into each other"
        }
    }
}

extension RedirectRules {
    /// Checks the rules against the routes of `manifest`, offline: dead patterns, dangling and
    /// internal-only targets, and loops; and for a rule that maps retired links
    /// (`RedirectRules.Rule.mapsRetiredLinks`), that its pattern is dead indeed.
    ///
    /// Conditions (`when`: flags, versions) are not evaluated: every rule is checked as if it
    /// applied. A target keeps the scheme and host of the URLs its pattern takes when it names
    /// none (as a redirect does). It dangles when no route could take any URL it builds. It is
    /// internal only when every URL checked for it reaches an internal-only activity, with the
    /// precedence a center applies (priority, then scheme and host, then specificity from the
    /// left): the URLs checked are the target's own examples and, for each route that could take
    /// some of its URLs, a URL that both match.
    ///
    /// - Parameter manifest: The routes the rules will meet, for example the current release's.
    /// - Returns: One diagnostic per finding, in rule order: problems (``RuleDiagnostic/isProblem``)
    ///   and the dead patterns of rules that map retired links. No problem among them means the
    ///   rules are clean.
    public func diagnostics(against manifest: RouteManifest) -> [RuleDiagnostic] {
        let routes: [(route: RouteManifest.Route, pattern: CompiledPattern)] = manifest.routes.compactMap {
            route in
            guard case .success(let pattern) = RoutePattern(stringLiteral: route.pattern).compiled else {
                return nil
            }
            return (route, pattern)
        }
        let lookup = ManifestLookup(manifest)
        let compiled: [(pattern: CompiledPattern, target: CompiledPattern)?] = rules.map { rule in
            guard case .success(let pattern) = rule.pattern.compiled,
                case .success(let target) = rule.target.compiled
            else { return nil }
            return (pattern, target)
        }
        var diagnostics: [RuleDiagnostic] = []
        for (index, rule) in rules.enumerated() {
            guard let (pattern, target) = compiled[index] else { continue }
            func report(_ kind: RuleDiagnostic.Kind) {
                diagnostics.append(
                    RuleDiagnostic(ruleIndex: index, kind: kind, pattern: rule.pattern.description))
            }
            let sources = routes.filter { $0.pattern.overlaps(pattern) }
            switch (sources.first, rule.mapsRetiredLinks) {
            case (nil, false): report(.deadPattern)
            case (nil, true): report(.retiredPattern(target: rule.target.description))
            case (let source?, true):
                report(
                    .retiredPatternStillMatches(route: source.route.pattern, activity: source.route.activity))
            case (_?, false): break
            }
            if target.scheme != "http", target.scheme != "https" {
                let target = target.redirected(from: pattern)
                let claimants = routes.filter { $0.pattern.overlaps(target) }
                if claimants.isEmpty {
                    report(.danglingTarget(target: rule.target.description))
                } else if sources.isEmpty || sources.contains(where: { $0.route.exposure.level == .external })
                {
                    // The route that wins each URL, as the center would pick it: a literal internal
                    // route beats an exposed parameter one at the same place.
                    let urls = target.exampleURLs + claimants.flatMap { target.commonURLs(with: $0.pattern) }
                    let reached = urls.compactMap { lookup.winner(for: $0) }.map { manifest.routes[$0.entry] }
                    if let first = reached.first, reached.allSatisfy({ $0.exposure.level == .internal }) {
                        report(.internalTarget(activity: first.activity))
                    }
                }
            }
            if let loop = Self.loop(from: index, compiled) { report(.loop(rules: loop)) }
        }
        return diagnostics
    }

    /// The shortest loop of rules through `start` (rule *i* leads to rule *j* when a target of *i*
    /// can match the pattern of *j*), as rule indices starting with `start`; `nil` if none.
    private static func loop(
        from start: Int, _ compiled: [(pattern: CompiledPattern, target: CompiledPattern)?]
    ) -> [Int]? {
        func next(_ rule: Int) -> [Int] {
            guard let target = compiled[rule]?.target else { return [] }
            return compiled.indices.filter { compiled[$0]?.pattern.overlaps(target) ?? false }
        }
        // Breadth first, so that the loop reported is a shortest one.
        var previous: [Int: Int] = [:]
        var queue = next(start)
        for rule in queue where previous[rule] == nil { previous[rule] = start }
        var position = 0
        while position < queue.count {
            let rule = queue[position]
            position += 1
            if rule == start {
                var path = [start]
                var step = previous[start] ?? start
                while step != start {
                    path.insert(step, at: 1)
                    step = previous[step] ?? start
                }
                return path
            }
            for following in next(rule) where previous[following] == nil {
                previous[following] = rule
                queue.append(following)
            }
        }
        return nil
    }
}

extension CompiledPattern {
    /// The target as a redirect builds it from URLs that `pattern` matched: without a scheme it
    /// keeps theirs, and without a host their whole authority.
    func redirected(from pattern: CompiledPattern) -> CompiledPattern {
        var target = self
        if target.scheme == nil { target.scheme = pattern.scheme }
        if target.host == .any { target.host = pattern.host }
        return target
    }
}
