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
    /// - Only routes with a plain parameter or a `*` can take such a link, and of those only the
    ///   ones whose segments before their first plain parameter (and, when neither ends in `*`,
    ///   after their last) fit the form's own: those segments can never be joined ones. These
    ///   candidates are found once per host, indexed by their first literal, and pruned per form.
    /// - The search walks the path left to right, one router segment at a time (a value, or a run of
    ///   joined segments), keeping the candidates still able to match. Segments past a `*` form's
    ///   fixed part are all alike, and past every candidate's fixed part so are positions, so the
    ///   walk has finitely many states; each is visited once. A value that only exposed candidates
    ///   list is not tried where a value of its kind that none lists is: that one reaches every
    ///   outcome it does, as an exposed candidate more can only keep a link from being refused.
    /// - At the end, the routes that match that many segments are ranked with the router's
    ///   precedence. When the best ones include a route that is not exposed (on a tie, registration
    ///   order decides, which a manifest does not record: it may be that route), or no route
    ///   matches, the link is claimed and refused.
    ///
    /// Hosts are handled as the router does: a `//host/…` route only on its host. For a `*.` domain,
    /// each host a route names and any other subdomain are looked at apart.
    ///
    /// Cost, for *r* forms of at most *s* segments: O(*r* × *s*) to index the candidates per host;
    /// for each exposed form, O(*s*) per form that shares its first literal (every form, for one
    /// that starts with a parameter) to prune them to its *k* candidates, then a walk of at most
    /// 2^*s* ways to join its segments times (*h* + 3)^*p* values for its *p* parameters and `*`
    /// segments, *h* the values candidates not exposed list there, O(*k*) each. In most manifests
    /// *k* and *h* are 0 to a few, and the whole grows about linearly with *r*.
    struct EncodedSlashes {
        /// A link with an encoded slash, and the path Android decodes it to: `/a%2Fb`, `/a/b`.
        struct Example: Hashable {
            var link: String
            var path: String

            /// The example a note shows: the one of fewer segments, then the shorter.
            func isSimpler(than other: Example) -> Bool {
                (path.split(separator: "/").count, link.utf8.count)
                    < (other.path.split(separator: "/").count, other.link.utf8.count)
            }
        }

        /// Where the router sends the claimed links of one exposed form that it does not admit.
        struct Finding {
            /// The routes not exposed that take some of them (one form per route, in manifest
            /// order), each with the simplest such link that reaches it.
            var hidden: [(route: LinkPathForm, example: Example)] = []
            /// The simplest link that no route takes, if there is one.
            var unmatchedExample: Example?
            /// The points the walks visited: the work done, which grows with the candidates, not
            /// with the manifest.
            var visitedStates = 0

            mutating func noteUnmatched(_ example: Example) {
                if unmatchedExample.map(example.isSimpler(than:)) ?? true { unmatchedExample = example }
            }

            mutating func noteHidden(_ route: LinkPathForm, _ example: Example) {
                guard let index = hidden.firstIndex(where: { $0.route.routeIndex == route.routeIndex }) else {
                    hidden.append((route, example))
                    return
                }
                if example.isSimpler(than: hidden[index].example) { hidden[index].example = example }
            }
        }

        /// A host links may arrive on (`nil`: a host no route names), and the forms matching there
        /// that may take a segment holding a slash: those with a plain parameter or a `*`.
        struct Context {
            let host: String?
            /// Those whose first segment is a literal, by that literal.
            var byFirstLiteral: [String: [Int]] = [:]
            /// The others: a parameter first, or nothing before the `*`.
            var others: [Int] = []
        }

        /// What the search reads of each form at each step, in arrays of their own: reading one
        /// does not copy a whole form.
        struct Shapes {
            let segments: [[SegmentMatcher]]
            let hasWildcard: [Bool]
            let isExposed: [Bool]
            /// For each segment, which of the kinds a value matters by (0 a text, 1 an integer, 2 a
            /// UUID) its literal is; -1 for a parameter.
            let literalKinds: [[Int]]

            init(_ forms: [LinkPathForm]) {
                segments = forms.map(\.segments)
                hasWildcard = forms.map(\.hasWildcard)
                isExposed = forms.map(\.isExposed)
                literalKinds = forms.map { form in
                    form.segments.map { segment in
                        guard case .literal(let literal) = segment else { return -1 }
                        return Self.kind(of: literal)
                    }
                }
            }

            /// Which kind `value` is of, as the matchers tell values apart: 0 a text, 1 an
            /// integer, 2 a UUID.
            static func kind(of value: String) -> Int {
                if ParameterType.int.accepts(value) { return 1 }
                return ParameterType.uuid.accepts(value) ? 2 : 0
            }
        }

        private let forms: [LinkPathForm]
        private let shapes: Shapes
        /// The literal host of each form's route, if its pattern names one.
        private let hosts: [String?]
        /// Each form's first and last plain parameter (`nil`: none).
        private let plainParameters: [(first: Int, last: Int)?]
        /// Built once for all the searches.
        private let contexts: [Context]

        init(forms: [LinkPathForm], domains: [LinkDomain]) {
            self.forms = forms
            shapes = Shapes(forms)
            let hosts = forms.map { form -> String? in
                guard case .success(let pattern) = PatternParser.parse(form.route.pattern),
                    case .literal(let host) = pattern.host
                else { return nil }
                return host
            }
            self.hosts = hosts
            plainParameters = forms.map { form in
                let plain = form.segments.indices.filter { form.segments[$0].isPlainParameter }
                guard let first = plain.first, let last = plain.last else { return nil }
                return (first, last)
            }
            var contexts: [Context] = []
            for host in Self.hostsOfLinks(domains: domains, hosts: hosts) {
                var context = Context(host: host)
                for (index, form) in forms.enumerated()
                where Self.applies(hosts[index], on: host)
                    && (form.hasWildcard || plainParameters[index] != nil)
                {
                    if case .literal(let literal)? = form.segments.first {
                        context.byFirstLiteral[literal, default: []].append(index)
                    } else {
                        context.others.append(index)
                    }
                }
                contexts.append(context)
            }
            self.contexts = contexts
        }

        /// The refused links of `forms[index]` (an exposed form), on every host it is served on.
        func finding(forFormAt index: Int) -> Finding {
            var finding = Finding()
            for context in contexts where Self.applies(hosts[index], on: context.host) {
                Search(
                    forms: forms, shapes: shapes, form: index,
                    candidates: candidates(forFormAt: index, in: context)
                ).run(into: &finding)
            }
            finding.hidden.sort { $0.route.routeIndex < $1.route.routeIndex }
            return finding
        }

        /// The forms searched for the links of `forms[index]`, on each host it is served on: those
        /// that may take one of its links holding an encoded slash, in manifest order.
        func candidates(forFormAt index: Int) -> [[Int]] {
            contexts.filter { Self.applies(hosts[index], on: $0.host) }.map {
                candidates(forFormAt: index, in: $0)
            }
        }

        private func candidates(forFormAt index: Int, in context: Context) -> [Int] {
            let form = forms[index]
            let pool: [Int]
            if case .literal(let literal)? = form.segments.first {
                pool = (context.byFirstLiteral[literal] ?? []) + context.others
            } else {
                pool = context.byFirstLiteral.values.flatMap { $0 } + context.others
            }
            return pool.filter { mayTake($0, aJoinedLinkOf: form) }.sorted()
        }

        /// Whether `forms[candidate]` may match a link of `form` with segments joined by `%2F`,
        /// judged from the ends: such a link has fewer router segments than `form` has decoded
        /// ones (unless `form` ends in `*`); the candidate's segments before its first plain
        /// parameter cannot take a joined segment, so they are `form`'s own and must fit; and,
        /// when neither ends in `*`, so must those after its last. A necessary condition only: the
        /// search decides.
        private func mayTake(_ candidate: Int, aJoinedLinkOf form: LinkPathForm) -> Bool {
            let segments = forms[candidate].segments
            let plain = plainParameters[candidate]
            // The first router segment that can be a joined one: a plain parameter, or the `*`.
            let first = plain?.first ?? segments.count
            if !form.hasWildcard {
                let most = form.segments.count - 1
                guard first < most, segments.count <= most else { return false }
            }
            for position in 0..<min(first, form.segments.count)
            where !segments[position].overlaps(form.segments[position]) {
                return false
            }
            guard !forms[candidate].hasWildcard, !form.hasWildcard, let last = plain?.last else {
                return true
            }
            for (mine, theirs) in zip(segments[(last + 1)...].reversed(), form.segments.reversed())
            where !mine.overlaps(theirs) {
                return false
            }
            return true
        }

        /// The hosts links may arrive on, as far as the routes tell them apart: each domain's host,
        /// and for a `*.` domain each host a route names under it, and `nil` for any other.
        private static func hostsOfLinks(domains: [LinkDomain], hosts: [String?]) -> [String?] {
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

        /// Whether a form whose route names the host `literal` (`nil`: none) matches links on
        /// `host` (`nil`: a host no route names).
        private static func applies(_ literal: String?, on host: String?) -> Bool {
            guard let literal else { return true }
            return literal == host
        }
    }
}

extension AndroidIntentFilter.EncodedSlashes {
    /// The walk over the links of one exposed form on one host.
    fileprivate struct Search {
        let forms: [LinkPathForm]
        let shapes: AndroidIntentFilter.EncodedSlashes.Shapes
        let form: LinkPathForm
        let candidates: [Int]
        /// Past this many segments every candidate is in its `*`, or out.
        let cap: Int

        init(
            forms: [LinkPathForm], shapes: AndroidIntentFilter.EncodedSlashes.Shapes, form index: Int,
            candidates: [Int]
        ) {
            self.forms = forms
            self.shapes = shapes
            self.form = forms[index]
            self.candidates = candidates
            cap = (candidates.map { shapes.segments[$0].count }.max() ?? 0) + 1
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

        func run(into finding: inout AndroidIntentFilter.EncodedSlashes.Finding) {
            var visited: Set<State> = []
            var stack: [(State, link: [String], path: [String])] = [
                (State(decoded: 0, read: 0, alive: candidates, joined: false), [], [])
            ]
            let fixed = form.segments.count
            while let (state, link, path) = stack.popLast() {
                guard visited.insert(state).inserted else { continue }
                finding.visitedStates += 1
                let ends = form.hasWildcard ? state.decoded >= fixed : state.decoded == fixed
                if ends, state.joined { record(state, link: link, path: path, into: &finding) }
                let next = min(state.read + 1, cap)
                // The next router segment. The stack pops last first: one value per segment is
                // tried before a run, and a short run before a long one.
                // Two or more decoded segments joined by %2F into one; in a `*` form's tail, how many
                // does not matter.
                let last = form.hasWildcard ? max(state.decoded + 2, fixed) : fixed
                if state.decoded + 2 <= last {
                    let alive = state.alive.filter { takesJoined($0, at: state.read) }
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
                for (value, alive) in successors(for: matcher, at: state.read, among: state.alive).reversed()
                {
                    let following = State(
                        decoded: min(state.decoded + 1, fixed), read: next, alive: alive, joined: state.joined
                    )
                    stack.append((following, link + [Self.escaped(value)], path + [value]))
                }
            }
        }

        private static func escaped(_ segment: String) -> String {
            DispatchURL.escape(segment, as: .segment, asciiOnly: false)
        }

        /// At the end of a link: the routes that match it, ranked by the router's precedence. The
        /// link is refused when a route not exposed is among the best (on a tie, registration
        /// order decides), or when none matches.
        private func record(
            _ state: State, link: [String], path: [String],
            into finding: inout AndroidIntentFilter.EncodedSlashes.Finding
        ) {
            let matching = state.alive.lazy.map { forms[$0] }.filter { $0.accepts(count: state.read) }
            let example = AndroidIntentFilter.EncodedSlashes.Example(
                link: "/" + link.joined(separator: "/"), path: "/" + path.joined(separator: "/"))
            guard var best = matching.first else {
                finding.noteUnmatched(example)
                return
            }
            for other in matching where other.compare(best, segments: state.read) == .moreSpecific {
                best = other
            }
            for route in matching
            where !route.isExposed && route.compare(best, segments: state.read) == .equal {
                finding.noteHidden(route, example)
            }
        }

        /// The values that stand for every value of `matcher` (`nil`: any segment, in a `*`) at
        /// router segment `position`, each with the candidates of `alive` that take it there: the
        /// literals and listed values the candidates have there that the matcher takes, and an
        /// integer, a UUID and another text that none of them lists.
        ///
        /// A value that only exposed candidates list is left out when the matcher takes any value
        /// of its kind: the value of that kind that no candidate lists leads where it does, less
        /// those exposed candidates, and an exposed candidate more only ever takes a link from a
        /// route not exposed, or from none. So the walk grows with the routes not exposed, not
        /// with every exposed route that lists a value there.
        private func successors(for matcher: SegmentMatcher?, at position: Int, among alive: [Int])
            -> [(value: String, alive: [Int])]
        {
            var values: [String]
            switch matcher {
            case .literal(let literal)?: values = [literal]
            case .parameter(_, .oneOf(let listed)?)?: values = listed
            default:
                // What each kind's value that no candidate lists stands for, once per kind.
                let fresh = Self.kinds.map { kind in
                    kind.first { value in !alive.contains { lists($0, value, at: position) } }
                }
                values = []
                for index in alive where !shapes.isExposed[index] && position < shapes.segments[index].count {
                    switch shapes.segments[index][position] {
                    case .literal(let literal): values.append(literal)
                    case .parameter(_, .oneOf(let listed)?): values += listed
                    case .parameter: break
                    }
                }
                // Exposed candidates' values stand for themselves only where their kind has none.
                for index in alive where shapes.isExposed[index] && position < shapes.segments[index].count {
                    switch shapes.segments[index][position] {
                    case .literal(let literal) where fresh[shapes.literalKinds[index][position]] == nil:
                        values.append(literal)
                    case .parameter(_, .oneOf(let listed)?):
                        values += listed.filter { fresh[Shapes.kind(of: $0)] == nil }
                    default: break
                    }
                }
                values += fresh.compactMap { $0 }
                values = values.filter { matcher?.overlaps(.literal($0)) ?? true }
            }
            var seen: Set<String> = []
            values = values.filter { seen.insert($0).inserted }
            guard values.count > 4 else {
                return values.map { value in (value, alive.filter { takes($0, value, at: position) }) }
            }
            // Many values (a `*` or a parameter where many routes not exposed have literals): the
            // candidates are sorted by what they take, once, rather than asked for each value.
            let place = Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1, $0) })
            var listing = Array(repeating: [Int](), count: values.count)
            var anything: [Int] = []
            var integers: [Int] = []
            var uuids: [Int] = []
            for index in alive {
                guard position < shapes.segments[index].count else {
                    if shapes.hasWildcard[index] { anything.append(index) }
                    continue
                }
                switch shapes.segments[index][position] {
                case .literal(let literal): if let place = place[literal] { listing[place].append(index) }
                case .parameter(_, nil): anything.append(index)
                case .parameter(_, .int?): integers.append(index)
                case .parameter(_, .uuid?): uuids.append(index)
                case .parameter(_, .oneOf(let listed)?):
                    for place in Set(listed.compactMap { place[$0] }) { listing[place].append(index) }
                }
            }
            return values.enumerated().map { place, value in
                var taking = Self.merged(anything, listing[place])
                if !integers.isEmpty, ParameterType.int.accepts(value) {
                    taking = Self.merged(taking, integers)
                }
                if !uuids.isEmpty, ParameterType.uuid.accepts(value) { taking = Self.merged(taking, uuids) }
                return (value, taking)
            }
        }

        /// Two lists of candidates in manifest order, merged in that order.
        private static func merged(_ first: [Int], _ second: [Int]) -> [Int] {
            guard !first.isEmpty else { return second }
            guard !second.isEmpty else { return first }
            var merged: [Int] = []
            merged.reserveCapacity(first.count + second.count)
            var (left, right) = (0, 0)
            while left < first.count, right < second.count {
                if first[left] < second[right] {
                    merged.append(first[left])
                    left += 1
                } else {
                    merged.append(second[right])
                    right += 1
                }
            }
            return merged + first[left...] + second[right...]
        }

        /// Whether `forms[candidate]` takes `value` as its segment `position`.
        private func takes(_ candidate: Int, _ value: String, at position: Int) -> Bool {
            guard position < shapes.segments[candidate].count else { return shapes.hasWildcard[candidate] }
            switch shapes.segments[candidate][position] {
            case .literal(let literal): return literal == value
            case .parameter(_, let type): return type?.accepts(value) ?? true
            }
        }

        /// Whether `forms[candidate]` names `value` at its segment `position`: as its literal, or in
        /// its list.
        private func lists(_ candidate: Int, _ value: String, at position: Int) -> Bool {
            guard position < shapes.segments[candidate].count else { return false }
            switch shapes.segments[candidate][position] {
            case .literal(let literal): return literal == value
            case .parameter(_, .oneOf(let listed)?): return listed.contains(value)
            case .parameter: return false
            }
        }

        /// Values of each kind a segment's value matters by, other than the listed ones: a text,
        /// an integer and a UUID; more of each than a position lists in practice.
        private static let kinds: [[String]] = {
            let uuid = CompiledPattern.sample(for: .uuid).dropLast()
            return [
                (0...99).map { "sample" + ($0 == 0 ? "" : "\($0)") },
                (42...99).map(String.init),
                "0123456789abcdef".map { uuid + String($0) },
            ]
        }()

        /// A value of the form's decoded segment `index` (past its fixed part, `more`), for examples.
        private func sample(at index: Int) -> String {
            guard index < form.segments.count else { return "more" }
            switch form.segments[index] {
            case .literal(let literal): return literal
            case .parameter(_, let type): return CompiledPattern.sample(for: type)
            }
        }

        /// Whether `forms[candidate]` takes a segment holding a slash as its segment `position`: a plain
        /// parameter or its `*` does; a literal, an `<int>`, a `<uuid>` or a listed value does not.
        private func takesJoined(_ candidate: Int, at position: Int) -> Bool {
            guard position < shapes.segments[candidate].count else { return shapes.hasWildcard[candidate] }
            return shapes.segments[candidate][position].isPlainParameter
        }
    }
}

extension SegmentMatcher {
    /// `:name` without a type: the only matcher that takes any segment, one holding a slash
    /// included.
    fileprivate var isPlainParameter: Bool {
        if case .parameter(_, nil) = self { return true }
        return false
    }
}
