import DispatchKit

extension RedirectRules {
    /// One redirect: URLs matching ``pattern`` go to ``target`` while ``condition`` holds.
    ///
    /// ```swift
    /// let rule = try RedirectRules.Rule(
    ///     pattern: "cono://test.com/product/:id", target: "https://m.test.com/p/:id",
    ///     condition: .init(minimumVersion: .init("3.1.0"), maximumVersion: .init("3.1.4")),
    ///     note: "3.1.x crashes on the native product page")
    /// print(rule)
    /// ```
    ///
    /// A rule exists only if it is valid (see ``init(pattern:target:condition:note:mapsRetiredLinks:)``), and its
    /// patterns are parsed once, when it is made. Two rules are equal when their patterns,
    /// conditions, notes and retired flags are.
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        /// The URLs the rule redirects.
        public let pattern: RoutePattern
        /// Where they go: built from what ``pattern`` captured.
        public let target: RoutePattern
        /// When the rule applies; ``Condition/init(minimumVersion:maximumVersion:flag:)`` with no
        /// arguments always holds.
        public let condition: Condition
        /// Free text for humans (the JSON's `"note"`): why the rule exists, who to ask.
        public let note: String?
        /// Whether the rule maps links the app no longer claims, on purpose (the JSON's
        /// `"retired": true`): its pattern is meant to match no route. It changes nothing when the
        /// rule applies; `RedirectRules.diagnostics(against:)` (in DispatchKitManifest) reports such a
        /// rule's dead pattern as intended, and a route that still matches it as a problem.
        public let mapsRetiredLinks: Bool

        /// Both patterns parsed, so that applying the rule on each dispatch parses nothing.
        private let compiledPattern: CompiledPattern
        private let compiledTarget: CompiledPattern
        /// The target's parameter names: the captured parameters it takes.
        private let targetParameters: Set<String>

        /// Makes a rule, refusing one that could never work.
        ///
        /// - Throws: ``RedirectRulesError`` (with a `nil` ``RedirectRulesError/ruleIndex``), the
        ///   first of: ``RedirectRulesError/Problem/invalidPattern(field:_:)`` (`"pattern"`, then
        ///   `"target"`; a NUL in either counts as invalid),
        ///   ``RedirectRulesError/Problem/wildcardTargetHost``,
        ///   ``RedirectRulesError/Problem/unknownParameter(_:)`` and
        ///   ``RedirectRulesError/Problem/optionalParameter(_:)`` (in the order the target names
        ///   its parameters), ``RedirectRulesError/Problem/partlyFilledGroup(_:)``,
        ///   ``RedirectRulesError/Problem/unknownWildcard``,
        ///   ``RedirectRulesError/Problem/redirectsToItself``,
        ///   ``RedirectRulesError/Problem/emptyVersionRange(minimum:maximum:)``,
        ///   ``RedirectRulesError/Problem/emptyFlag``.
        public init(
            pattern: RoutePattern, target: RoutePattern, condition: Condition = Condition(),
            note: String? = nil, mapsRetiredLinks: Bool = false
        ) throws(RedirectRulesError) {
            let compiledPattern = try Self.compile(pattern, field: "pattern")
            let compiledTarget = try Self.compile(target, field: "target")
            if case .wildcard = compiledTarget.host { throw RedirectRulesError(problem: .wildcardTargetHost) }
            let captured = compiledPattern.parameters
            let capturedAlways = Set(captured.lazy.filter { !$0.isOptional }.map(\.name))
            let capturedSometimes = Set(captured.lazy.map(\.name))
            let needed = compiledTarget.parameters
            for parameter in needed {
                guard capturedSometimes.contains(parameter.name) else {
                    throw RedirectRulesError(problem: .unknownParameter(parameter.name))
                }
                // A target group is left out when its parameters are missing, so only the
                // parameters outside the target's groups must always be captured.
                guard parameter.isOptional || capturedAlways.contains(parameter.name) else {
                    throw RedirectRulesError(problem: .optionalParameter(parameter.name))
                }
            }
            if let parameter = Self.partlyFilledParameter(compiledPattern, compiledTarget) {
                throw RedirectRulesError(problem: .partlyFilledGroup(parameter))
            }
            if compiledTarget.hasWildcard, !compiledPattern.hasWildcard {
                throw RedirectRulesError(problem: .unknownWildcard)
            }
            // Compared parsed, so that `APP://X/a` and `app://x/a/` count as the same pattern.
            if compiledPattern.scheme == compiledTarget.scheme, compiledPattern.host == compiledTarget.host,
                compiledPattern.expansions == compiledTarget.expansions,
                compiledPattern.hasWildcard == compiledTarget.hasWildcard
            {
                throw RedirectRulesError(problem: .redirectsToItself)
            }
            if let minimum = condition.minimumVersion, let maximum = condition.maximumVersion,
                minimum > maximum
            {
                throw RedirectRulesError(problem: .emptyVersionRange(minimum: minimum, maximum: maximum))
            }
            if condition.flag?.isEmpty == true { throw RedirectRulesError(problem: .emptyFlag) }

            self.pattern = pattern
            self.target = target
            self.condition = condition
            self.note = note
            self.mapsRetiredLinks = mapsRetiredLinks
            self.compiledPattern = compiledPattern
            self.compiledTarget = compiledTarget
            self.targetParameters = Set(needed.lazy.map(\.name))
        }

        /// The first parameter of a target group that a URL matching the pattern can leave out
        /// while it fills another parameter of that group, or `nil`. Building the target would
        /// fail for that URL (see `RoutePattern.url(parameters:query:)`: a group needs all of its
        /// parameters or none), so the rule is refused when it is made rather than skipped at
        /// run time. Each way through the pattern's groups that can win a match is checked; a way
        /// that an earlier one with the same segments always beats never captures anything.
        private static func partlyFilledParameter(_ pattern: CompiledPattern, _ target: CompiledPattern)
            -> String?
        {
            var host: [String] = []
            if case .parameter(let name) = pattern.host { host.append(name) }
            let forms = pattern.expansions
            for (index, form) in forms.enumerated() {
                let shadowed = forms[..<index].contains { earlier in
                    earlier.count == form.count && zip(earlier, form).allSatisfy(Self.sameSegments)
                }
                if shadowed { continue }
                let captured = Set(host + form.compactMap(\.parameterName))
                if let missing = firstMissing(in: target.elements, captured: captured) { return missing }
            }
            return nil
        }

        /// Whether two matchers accept the same segments at the same rank, so that the earlier
        /// of two forms made of such matchers wins every tie.
        private static func sameSegments(_ pair: (SegmentMatcher, SegmentMatcher)) -> Bool {
            switch pair {
            case (.literal(let left), .literal(let right)): return left == right
            case (.parameter(_, let left), .parameter(_, let right)): return left == right
            default: return false
            }
        }

        /// What building `elements` with the `captured` parameters would miss: a group is taken
        /// when any parameter inside it (nested groups too) is given, and then needs all of its own.
        private static func firstMissing(in elements: [PathElement], captured: Set<String>) -> String? {
            for case .group(let group) in elements {
                guard names(in: group, nested: true).contains(where: captured.contains) else { continue }
                if let missing = names(in: group, nested: false).first(where: { !captured.contains($0) }) {
                    return missing
                }
                if let missing = firstMissing(in: group, captured: captured) { return missing }
            }
            return nil
        }

        private static func names(in elements: [PathElement], nested: Bool) -> [String] {
            elements.flatMap { element -> [String] in
                switch element {
                case .segment(let segment): return segment.parameterName.map { [$0] } ?? []
                case .group(let group): return nested ? names(in: group, nested: true) : []
                }
            }
        }

        private static func compile(_ pattern: RoutePattern, field: String) throws(RedirectRulesError)
            -> CompiledPattern
        {
            // The grammar refuses a NUL (JSON can spell it `\u0000`) and the other control
            // characters, so a built URL never carries what no parsed URL holds.
            switch pattern.compiled {
            case .success(let parsed): return parsed
            case .failure(let error): throw RedirectRulesError(problem: .invalidPattern(field: field, error))
            }
        }

        /// Whether the pattern names what a URL's undeclared origin lacks: its scheme, or for a web
        /// URL its host, as a route must to claim such a URL (`RouteIndex.routes(matching:naming:)`).
        func names(_ undeclared: LinkOrigins.Undeclared) -> Bool {
            switch undeclared {
            case .scheme(let scheme): return compiledPattern.scheme == scheme
            case .host(let host, _): return compiledPattern.host == .literal(host)
            }
        }

        /// The URL `url` redirects to under this rule, its condition aside: `nil` when the pattern
        /// does not match or the target cannot be built from what it captured.
        func apply(to url: DispatchURL) -> DispatchURL? {
            guard let match = compiledPattern.match(url) else { return nil }
            // Only what the target names: a captured parameter it leaves out is not an error. (A
            // loop rather than `filter`, whose copy for this closure was 1 KB of an app's code.)
            var parameters: [String: String] = [:]
            for (name, value) in match.parameters where targetParameters.contains(name) {
                parameters[name] = value
            }
            guard let (host, paths) = try? compiledTarget.build(parameters: parameters) else { return nil }
            let wildcard = compiledTarget.hasWildcard ? match.wildcard ?? [] : []
            // The target reads like a relative reference against `url` (RFC 3986, 5.2.2): without
            // a host it keeps the whole authority (userinfo and port too), and without a scheme it
            // keeps the scheme. The query and fragment are always the URL's own, still encoded,
            // so order and duplicates survive untouched.
            // (The target's path starts with "/", so an opaque path's marker is not carried over.)
            let keepsAuthority = compiledTarget.host == .any
            return DispatchURL(
                scheme: compiledTarget.scheme ?? url.scheme,
                userinfo: keepsAuthority && !url.hasOpaquePath ? url.userinfo : nil,
                host: keepsAuthority ? url.host : host, port: keepsAuthority ? url.port : nil,
                paths: paths + wildcard,
                query: url.rawQuery, fragment: url.fragment)
        }

        /// Equal when the patterns (as written), conditions, notes and retired flags are.
        public static func == (lhs: Rule, rhs: Rule) -> Bool {
            lhs.pattern == rhs.pattern && lhs.target == rhs.target && lhs.condition == rhs.condition
                && lhs.note == rhs.note && lhs.mapsRetiredLinks == rhs.mapsRetiredLinks
        }

        /// Hashes what ``==(_:_:)`` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(pattern)
            hasher.combine(target)
            hasher.combine(condition)
            hasher.combine(note)
            hasher.combine(mapsRetiredLinks)
        }

        /// `pattern -> target`, then ` when <condition>` if the rule has one.
        public var description: String {
            let arrow = "\(pattern) -> \(target)"
            return condition.isAlways ? arrow : "\(arrow) when \(condition)"
        }
    }
}
