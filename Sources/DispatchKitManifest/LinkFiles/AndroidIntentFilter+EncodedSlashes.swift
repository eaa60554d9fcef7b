import DispatchKit

extension AndroidIntentFilter {
    /// Which links with an encoded slash (`%2F`) the filter claims for an exposed route while the
    /// app does not take them, and where the router sends them instead.
    ///
    /// Android matches the decoded path (`Uri.getPath()`): `https://test.com/a%2Fb` is `/a/b` there,
    /// and the entries of an exposed `/a/b` claim it. The router decodes each segment after
    /// splitting, so it reads one segment, `a/b`, and gives the link to whatever route takes that:
    /// only a plain parameter (`:slug`) or a `*` can, since a literal, an `<int>`, a `<uuid>` or a
    /// listed value never holds a slash. When that route is exposed, the app opens and handles the
    /// link, as Android meant; when it is not, or no route takes the link, the app opens and refuses
    /// it. This finds, for each exposed form, every such outcome, exactly:
    ///
    /// - A link is a path the form matches (as Android's decoded path) with some neighbouring
    ///   segments joined by `%2F` (the router's segments). The router's answer depends only on which
    ///   matcher of each route takes each of its segments, so a segment's value matters only by the
    ///   literals and listed values it equals, and by being an integer, a UUID or neither: one value
    ///   of each kind stands for all. A joined segment is taken by plain parameters and `*` only.
    /// - The search walks the path left to right, one router segment at a time (a value, or a run of
    ///   joined segments), keeping the routes still able to match. Segments past a `*` form's fixed
    ///   part are all alike, and past every route's fixed part so are positions, so the walk has
    ///   finitely many states; each is visited once.
    /// - At the end, the routes that match that many segments are ranked with the router's
    ///   precedence. When the best ones include a route that is not exposed (on a tie, registration
    ///   order decides, which a manifest does not record: it may be that route), or no route
    ///   matches, the link is claimed and refused.
    ///
    /// Hosts are handled as the router does: a `//host/…` route only on its host. For a `*.` domain,
    /// each host a route names and any other subdomain are looked at apart.
    struct EncodedSlashes {
        /// Where the router sends the claimed links of one exposed form that it does not admit.
        struct Finding {
            /// The routes not exposed that take some of them (one per route, in manifest order).
            var hiddenRoutes: [LinkPathForm] = []
            /// A link that reaches `hiddenRoutes`, and the path Android decodes it to.
            var hiddenExample: (link: String, path: String)?
            /// A link that no route takes, and its decoded path, if there is one.
            var unmatchedExample: (link: String, path: String)?

            var isEmpty: Bool { hiddenExample == nil && unmatchedExample == nil }
        }

        private let forms: [LinkPathForm]
        private let domains: [LinkDomain]
        /// The literal host of each form's route, if its pattern names one.
        private let hosts: [String?]

        init(forms: [LinkPathForm], domains: [LinkDomain]) {
            self.forms = forms
            self.domains = domains
            hosts = forms.map { form in
                guard case .success(let pattern) = PatternParser.parse(form.route.pattern),
                    case .literal(let host) = pattern.host
                else { return nil }
                return host
            }
        }

        /// The refused links of `forms[index]` (an exposed form), on every host it is served on.
        func finding(forFormAt index: Int) -> Finding {
            var finding = Finding()
            for host in contexts() where applies(index, on: host) {
                let candidates = forms.indices.filter { applies($0, on: host) }
                Search(forms: forms, form: index, candidates: candidates).run(into: &finding)
            }
            finding.hiddenRoutes.sort { $0.routeIndex < $1.routeIndex }
            return finding
        }

        /// The hosts links may arrive on, as far as the routes tell them apart: each domain's host,
        /// and for a `*.` domain each host a route names under it, and `nil` for any other.
        private func contexts() -> [String?] {
            var contexts: [String?] = []
            func add(_ host: String?) { if !contexts.contains(host) { contexts.append(host) } }
            for domain in domains {
                guard domain.coversSubdomains else {
                    add(domain.host)
                    continue
                }
                for case let host? in hosts where domain.covers(host) { add(host) }
                add(nil)
            }
            return contexts
        }

        /// Whether `forms[index]` matches links on `host` (`nil`: a host no route names).
        private func applies(_ index: Int, on host: String?) -> Bool {
            guard let literal = hosts[index] else { return true }
            return literal == host
        }
    }
}

extension AndroidIntentFilter.EncodedSlashes {
    /// The walk over the links of one exposed form on one host.
    fileprivate struct Search {
        let forms: [LinkPathForm]
        let form: LinkPathForm
        let candidates: [Int]
        /// Past this many segments every candidate is in its `*`, or out.
        let cap: Int

        init(forms: [LinkPathForm], form index: Int, candidates: [Int]) {
            self.forms = forms
            self.form = forms[index]
            self.candidates = candidates
            cap = (candidates.map { forms[$0].segments.count }.max() ?? 0) + 1
        }

        /// A point of the walk: `decoded` segments of the form's path read (a `*` form's tail is
        /// one place), `read` router segments made (capped), the candidates still matching, and
        /// whether a segment was joined.
        struct State: Hashable {
            var decoded: Int
            var read: Int
            var alive: [Int]
            var joined: Bool
        }

        func run(into finding: inout Finding) {
            var visited: Set<State> = []
            var stack: [(State, link: [String], path: [String])] = [
                (State(decoded: 0, read: 0, alive: candidates, joined: false), [], [])
            ]
            let fixed = form.segments.count
            while let (state, link, path) = stack.popLast() {
                guard visited.insert(state).inserted else { continue }
                let ends = form.hasWildcard ? state.decoded >= fixed : state.decoded == fixed
                if ends, state.joined { record(state, link: link, path: path, into: &finding) }
                let next = min(state.read + 1, cap)
                // The next router segment. The stack pops last first: one value per segment is
                // tried before a run, and a short run before a long one.
                // Two or more decoded segments joined by %2F into one; in a `*` form's tail, how many
                // does not matter.
                let last = form.hasWildcard ? max(state.decoded + 2, fixed) : fixed
                if state.decoded + 2 <= last {
                    let alive = state.alive.filter { takesJoined(forms[$0], at: state.read) }
                    for end in ((state.decoded + 2)...last).reversed() {
                        let parts = (state.decoded..<end).map(sample(at:))
                        let following = State(
                            decoded: min(end, fixed), read: next, alive: alive, joined: true)
                        let joined = parts.map(Self.escaped).joined(separator: "%2F")
                        stack.append((following, link + [joined], path + parts))
                    }
                }
                // One decoded segment as one router segment: one value of each kind that matters.
                guard state.decoded < fixed || form.hasWildcard else { continue }
                let matcher = state.decoded < fixed ? form.segments[state.decoded] : nil
                for value in values(for: matcher, at: state.read, among: state.alive).reversed() {
                    let alive = state.alive.filter { takes(forms[$0], value, at: state.read) }
                    let following = State(
                        decoded: min(state.decoded + 1, fixed), read: next, alive: alive, joined: state.joined
                    )
                    stack.append((following, link + [Self.escaped(value)], path + [value]))
                }
            }
        }

        /// The example a note shows: the one of fewer segments, then the shorter.
        private static func simpler(
            _ current: (link: String, path: String)?, _ candidate: (link: String, path: String)
        ) -> (link: String, path: String) {
            guard let current else { return candidate }
            func size(_ example: (link: String, path: String)) -> (Int, Int) {
                (example.path.split(separator: "/").count, example.link.utf8.count)
            }
            return size(candidate) < size(current) ? candidate : current
        }

        private static func escaped(_ segment: String) -> String {
            DispatchURL.escape(segment, as: .segment, asciiOnly: false)
        }

        /// At the end of a link: the routes that match it, ranked by the router's precedence. The
        /// link is refused when a route not exposed is among the best (on a tie, registration
        /// order decides), or when none matches.
        private func record(_ state: State, link: [String], path: [String], into finding: inout Finding) {
            let matching = state.alive.map { forms[$0] }.filter { $0.accepts(count: state.read) }
            let example = (link: "/" + link.joined(separator: "/"), path: "/" + path.joined(separator: "/"))
            guard var best = matching.first else {
                finding.unmatchedExample = Self.simpler(finding.unmatchedExample, example)
                return
            }
            for other in matching.dropFirst() where other.compare(best, segments: state.read) == .moreSpecific
            {
                best = other
            }
            let hidden = matching.filter { !$0.isExposed && $0.compare(best, segments: state.read) == .equal }
            guard !hidden.isEmpty else { return }
            finding.hiddenExample = Self.simpler(finding.hiddenExample, example)
            for route in hidden
            where !finding.hiddenRoutes.contains(where: { $0.routeIndex == route.routeIndex }) {
                finding.hiddenRoutes.append(route)
            }
        }

        /// The values that stand for every value of `matcher` (`nil`: any segment, in a `*`) at
        /// router segment `position`: the literals and listed values the candidates have there that
        /// the matcher takes, and an integer, a UUID and another text that none of them lists.
        private func values(for matcher: SegmentMatcher?, at position: Int, among alive: [Int]) -> [String] {
            switch matcher {
            case .literal(let literal)?: return [literal]
            case .parameter(_, .oneOf(let values)?)?: return values
            default: break
            }
            var listed: [String] = []
            for index in alive where position < forms[index].segments.count {
                switch forms[index].segments[position] {
                case .literal(let literal): listed.append(literal)
                case .parameter(_, .oneOf(let values)?): listed += values
                case .parameter: break
                }
            }
            // An integer, a UUID and a text that no candidate lists here: each stands for its kind.
            func fresh(_ choices: [String]) -> [String] {
                choices.first(where: { !listed.contains($0) }).map { [$0] } ?? []
            }
            let uuid = CompiledPattern.sample(for: .uuid).dropLast()
            let kinds =
                fresh((0...99).map { "sample" + ($0 == 0 ? "" : "\($0)") })
                + fresh((42...99).map(String.init))
                + fresh("0123456789abcdef".map { uuid + String($0) })
            var values: [String] = []
            for value in listed + kinds where !values.contains(value) {
                if matcher?.overlaps(.literal(value)) ?? true { values.append(value) }
            }
            return values
        }

        /// A value of the form's decoded segment `index` (past its fixed part, `more`), for examples.
        private func sample(at index: Int) -> String {
            guard index < form.segments.count else { return "more" }
            switch form.segments[index] {
            case .literal(let literal): return literal
            case .parameter(_, let type): return CompiledPattern.sample(for: type)
            }
        }

        /// Whether `candidate` takes `value` as its segment `position`.
        private func takes(_ candidate: LinkPathForm, _ value: String, at position: Int) -> Bool {
            guard position < candidate.segments.count else { return candidate.hasWildcard }
            return candidate.segments[position].overlaps(.literal(value))
        }

        /// Whether `candidate` takes a segment holding a slash as its segment `position`: a plain
        /// parameter or its `*` does; a literal, an `<int>`, a `<uuid>` or a listed value does not.
        private func takesJoined(_ candidate: LinkPathForm, at position: Int) -> Bool {
            guard position < candidate.segments.count else { return candidate.hasWildcard }
            if case .parameter(_, nil) = candidate.segments[position] { return true }
            return false
        }
    }
}
