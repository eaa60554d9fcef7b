/// A problem in a redirect rules document found offline, against the routes of a
/// ``RouteManifest``: what the server should fix before it sends the rules to apps.
public struct RuleDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: Sendable, Hashable {
        /// No route's pattern overlaps the rule's pattern: no URL the app handles ever meets the
        /// rule. (A rule that maps a retired link onto a live one is reported too: its pattern is
        /// dead on purpose, and the report says which links it still serves.)
        case deadPattern
        /// The rule's target is not an `http` or `https` page and no route claims it (custom
        /// claimants and the fallback cannot be checked from a manifest). `target` is the target
        /// pattern.
        case danglingTarget(target: String)
        /// The target reaches an internal-only activity while the rule's pattern takes URLs that
        /// can come from outside: such a redirect is always refused. `activity` is the target's.
        case internalTarget(activity: String)
        /// The rule is part of a loop of rules that redirect into each other; `rules` lists the
        /// loop's rule indices in order, starting with this rule.
        case loop(rules: [Int])
    }

    /// The rule's index in ``RedirectRules/rules``.
    public let ruleIndex: Int
    /// What kind of problem.
    public let kind: Kind
    /// The rule's pattern, for the description.
    public let pattern: String

    /// `rules[2] "/item/:id": …`, in plain words.
    public var description: String {
        let subject = "rules[\(ruleIndex)] \"\(pattern)\""
        switch kind {
        case .deadPattern:
            return
                "\(subject): no route matches any URL of this pattern (dead; intended only if it maps links "
                + "the app no longer claims)"
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
    /// internal-only targets, and loops.
    ///
    /// Conditions (`when`: flags, versions) are not evaluated: every rule is checked as if it
    /// applied. A target is checked through its pattern with every parameter filled, so a target
    /// that depends on a value (`/p/:kind`) is claimed when some route could take it.
    ///
    /// - Parameter manifest: The routes the rules will meet, for example the current release's.
    /// - Returns: One diagnostic per problem, in rule order; empty when the rules are clean.
    public func diagnostics(against manifest: RouteManifest) -> [RuleDiagnostic] {
        let routes: [(route: RouteManifest.Route, pattern: CompiledPattern)] = manifest.routes.compactMap {
            route in
            guard case .success(let pattern) = RoutePattern(stringLiteral: route.pattern).compiled else {
                return nil
            }
            return (route, pattern)
        }
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
            if sources.isEmpty { report(.deadPattern) }
            if target.scheme != "http", target.scheme != "https" {
                let claimants = routes.filter { $0.pattern.overlaps(target) }
                if claimants.isEmpty {
                    report(.danglingTarget(target: rule.target.description))
                } else if claimants.allSatisfy({ $0.route.exposure.level == .internal }),
                    sources.isEmpty || sources.contains(where: { $0.route.exposure.level == .external })
                {
                    report(.internalTarget(activity: claimants[0].route.activity))
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
