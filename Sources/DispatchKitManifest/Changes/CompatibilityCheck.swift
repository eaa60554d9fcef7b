import DispatchKit

/// Compares the links of an earlier release with a new release: the algorithm behind
/// ``DispatchKit/DispatchCenter/routeChanges(since:)`` and ``RouteManifest/changes(since:)``, which differ
/// only in how they look a URL up in the new release (the center's own lookup, or a
/// ``ManifestLookup``).
///
/// Every distinct example URL of the earlier manifest is looked up in both releases. In the
/// earlier one it reaches the route that wins it there (not always the route that lists it), and
/// the change is reported against that route:
/// - a new route of the same activity and shape whose parameter refuses the link, or refuses
///   another value the old parameter accepted, is a ``RouteChange/ParameterNarrowing`` (the link
///   then counts for nothing else);
/// - a link that reaches another activity is a ``RouteChange/Retarget`` — or a ``RouteChange/Move``
///   when that activity is the same class in another module — and one that reaches none a
///   ``RouteChange/Removal``;
/// - a link that reaches the same activity (or the moved one) with a narrower exposure is an
///   ``RouteChange/ExposureNarrowing``, with a wider one an ``RouteChange/ExposureWidening``
///   (both, when apps were swapped for others);
/// - a link that reaches the same activity (or the moved one) is decoded with its typed link, and
///   the keys of the two releases' links are compared (`checkLink`, in CompatibilityCheck+Links.swift).
///
/// Then every example of the new release that reaches its route's activity, where it reached
/// something else before (a moved class counts as itself), is an ``RouteChange/Addition``. Changes of one kind for one route are
/// merged, their links in the order met.
struct CompatibilityCheck {
    let old: ManifestLookup
    /// The new release's routes: where narrowed parameters and additions are looked for.
    let new: ManifestLookup
    /// What a URL reaches in the new release; asked once per URL.
    private let lookUp: (DispatchURL) -> ManifestLookup.Arrival
    /// How the new release's link type of an activity decodes one value of a key, by the
    /// activity's and the key's names: the app's own decoder, which the center has (`nil` when
    /// two manifests are compared, or the activity or key is unknown).
    let decoder: (_ activity: String, _ key: String) -> ((String) -> Bool)?
    private var arrivals: [String: ManifestLookup.Arrival] = [:]
    /// The changes found, without their links, in the order first found; their links by change.
    private var found: [RouteChange] = []
    private var links: [RouteChange: [String]] = [:]
    /// The classes that moved to another module: the earlier release's name to the new one.
    private let moves: [String: String]
    /// How the keys of an earlier route's link differ from those of a new route's, by the two
    /// routes' entries.
    var keyDifferences: [[Int]: [LinkKeyDifference]] = [:]

    init(
        old: RouteManifest, new: ManifestLookup,
        decoder: @escaping (_ activity: String, _ key: String) -> ((String) -> Bool)? = { _, _ in nil },
        lookUp: @escaping (DispatchURL) -> ManifestLookup.Arrival
    ) {
        self.old = ManifestLookup(old)
        self.new = new
        self.decoder = decoder
        self.lookUp = lookUp
        self.moves = Self.moves(from: old, to: new.manifest)
    }

    /// The classes of `old` that `new` has in another module: a name (without its module) that
    /// exactly one class of `old` has and `new` lacks, and exactly one class of `new` has and
    /// `old` lacks, both declaring the same patterns.
    static func moves(from old: RouteManifest, to new: RouteManifest) -> [String: String] {
        func patterns(of manifest: RouteManifest) -> [String: [String]] {
            Dictionary(grouping: manifest.routes, by: \.activity).mapValues { $0.map(\.pattern).sorted() }
        }
        func names(of manifest: RouteManifest) -> Set<String> {
            Set(manifest.routes.map(\.activity) + manifest.customClaimants.map(\.activity))
                .union(manifest.fallback.map { [$0.activity] } ?? [])
        }
        let (oldPatterns, newPatterns) = (patterns(of: old), patterns(of: new))
        let (oldNames, newNames) = (names(of: old), names(of: new))
        let gone = Dictionary(
            grouping: oldPatterns.keys.filter { !newNames.contains($0) },
            by: { RouteChange.Move.typeName(of: $0) })
        let arrived = Dictionary(
            grouping: newPatterns.keys.filter { !oldNames.contains($0) },
            by: { RouteChange.Move.typeName(of: $0) })
        var moves: [String: String] = [:]
        for (typeName, before) in gone {
            guard typeName != nil, before.count == 1, let after = arrived[typeName], after.count == 1,
                oldPatterns[before[0]] == newPatterns[after[0]]
            else { continue }
            moves[before[0]] = after[0]
        }
        return moves
    }

    /// The changes, in a stable order (``RouteChange/isListed(before:)``).
    mutating func changes() -> [RouteChange] {
        var seen: Set<String> = []
        for route in old.manifest.routes {
            for example in route.examples where seen.insert(example).inserted {
                check(example)
            }
        }
        // By link and activity: routes of two classes may list the same link, which only one takes.
        var checked: Set<[String]> = []
        for route in new.manifest.routes {
            for example in route.examples where checked.insert([example, route.activity]).inserted {
                checkAddition(example, of: route)
            }
        }
        return found.map { $0.with(examples: links[$0] ?? []) }.sorted { $0.isListed(before: $1) }
    }

    // MARK: - Links of the earlier release

    private mutating func check(_ example: String) {
        guard let url = try? DispatchURL(string: example), let winner = old.winner(for: url) else { return }
        let before = old.manifest.routes[winner.entry]
        let now = arrival(at: url)
        var explained = false
        for narrowing in narrowings(of: winner, at: url) {
            let link = narrowing.link ?? url
            guard old.arrival(for: link).reach == .activity(before.activity) else { continue }
            let then = narrowing.link == nil ? now : arrival(at: link)
            guard then.reach != .activity(before.activity) else { continue }
            let newRoute = new.manifest.routes[narrowing.entry]
            add(
                .parameterNarrowed(
                    RouteChange.ParameterNarrowing(
                        pattern: before.pattern, activity: before.activity, newPattern: newRoute.pattern,
                        parameter: Self.parameter(narrowing.old, in: before),
                        newParameter: Self.parameter(narrowing.new, in: newRoute), examples: [],
                        now: then.reach)), link: narrowing.link?.description ?? example)
            if narrowing.link == nil { explained = true }
        }
        if explained { return }
        switch now.reach {
        case .activity(before.activity):
            compareExposure(of: before, with: now.exposure, link: example)
            checkLink(of: winner, at: url, reaching: now)
        case .activity(let other) where moves[before.activity] == other:
            add(
                .moved(
                    RouteChange.Move(
                        pattern: before.pattern, activity: before.activity, examples: [], newActivity: other)),
                link: example)
            compareExposure(of: before, with: now.exposure, link: example)
            checkLink(of: winner, at: url, reaching: now)
        case .activity(let other):
            add(
                .retargeted(
                    RouteChange.Retarget(
                        pattern: before.pattern, activity: before.activity, examples: [], newActivity: other)),
                link: example)
        default:
            add(
                .removed(
                    RouteChange.Removal(
                        pattern: before.pattern, activity: before.activity, examples: [], now: now.reach)),
                link: example)
        }
    }

    /// Reports the exposure `route`'s activity has now, `exposure`, if it admits less or more.
    private mutating func compareExposure(
        of route: RouteManifest.Route, with exposure: RouteManifest.Exposure?, link: String
    ) {
        guard let exposure else { return }
        if !route.exposure.isCovered(by: exposure) {
            add(
                .exposureNarrowed(
                    RouteChange.ExposureNarrowing(
                        pattern: route.pattern, activity: route.activity, examples: [],
                        exposure: route.exposure, newExposure: exposure)), link: link)
        }
        if !exposure.isCovered(by: route.exposure) {
            add(
                .exposureWidened(
                    RouteChange.ExposureWidening(
                        pattern: route.pattern, activity: route.activity, examples: [],
                        exposure: route.exposure, newExposure: exposure)), link: link)
        }
    }

    /// A parameter of a new route of the same activity and shape as the form that won a URL in
    /// the earlier release, which accepts less than the old one.
    private struct Narrowing {
        typealias Parameter = (name: String, type: ParameterType?)

        /// The new route.
        let entry: Int
        let old: Parameter
        let new: Parameter
        /// A link that shows the narrowing: `nil` for the URL itself, when the new parameter
        /// refuses it; else the URL with a value the old parameter accepts and the new one refuses.
        let link: DispatchURL?
    }

    private func narrowings(of winner: ManifestLookup.Winner, at url: DispatchURL) -> [Narrowing] {
        guard let pattern = old.compiled[winner.entry], pattern.expansions.indices.contains(winner.form)
        else {
            return []
        }
        let form = pattern.expansions[winner.form]
        let activity = old.manifest.routes[winner.entry].activity
        var narrowings: [Narrowing] = []
        for entry in new.entriesByActivity[activity] ?? [] {
            guard let candidate = new.compiled[entry], candidate.scheme == pattern.scheme,
                Self.sameKind(candidate.host, pattern.host), candidate.hasWildcard == pattern.hasWildcard
            else { continue }
            for newForm in candidate.expansions where newForm.count == form.count {
                guard zip(form, newForm).allSatisfy(Self.sameKind) else { continue }
                for (position, (oldMatcher, newMatcher)) in zip(form, newForm).enumerated() {
                    guard case .parameter(let oldName, let oldType) = oldMatcher,
                        case .parameter(let newName, let newType?) = newMatcher,
                        !(oldType.map(newType.covers) ?? false),
                        position < url.paths.count
                    else { continue }
                    var link: DispatchURL?
                    if newType.accepts(url.paths[position]) {
                        guard let value = Self.value(acceptedBy: oldType, refusedBy: newType) else {
                            continue
                        }
                        var paths = url.paths
                        paths[position] = value
                        link = DispatchURL(
                            scheme: url.scheme, host: url.host, port: url.port, paths: paths, query: nil,
                            fragment: nil)
                    }
                    narrowings.append(
                        Narrowing(entry: entry, old: (oldName, oldType), new: (newName, newType), link: link))
                }
            }
        }
        return narrowings
    }

    /// Whether two hosts are of one kind: the same literal, or both parameters, both `*`, both any.
    private static func sameKind(_ lhs: CompiledPattern.Host, _ rhs: CompiledPattern.Host) -> Bool {
        switch (lhs, rhs) {
        case (.parameter, .parameter), (.wildcard, .wildcard), (.any, .any): return true
        case (.literal(let left), .literal(let right)): return left == right
        default: return false
        }
    }

    /// Whether two segments are of one kind: the same literal, or both parameters.
    private static func sameKind(_ lhs: SegmentMatcher, _ rhs: SegmentMatcher) -> Bool {
        switch (lhs, rhs) {
        case (.literal(let left), .literal(let right)): return left == right
        case (.parameter, .parameter): return true
        default: return false
        }
    }

    /// A segment a parameter of type `old` (`nil`: any segment) accepts and one of type `new`
    /// refuses: a value `old` lists, else a sample of each kind.
    private static func value(acceptedBy old: ParameterType?, refusedBy new: ParameterType) -> String? {
        var candidates: [String] = []
        if case .oneOf(let values)? = old { candidates += values }
        candidates += [
            CompiledPattern.sample(for: nil), CompiledPattern.sample(for: .int),
            CompiledPattern.sample(for: .uuid), "-1", "0",
        ]
        return candidates.first { (old?.accepts($0) ?? true) && !new.accepts($0) }
    }

    /// The manifest entry of a path parameter of `route`.
    private static func parameter(_ parameter: Narrowing.Parameter, in route: RouteManifest.Route)
        -> RouteManifest.Parameter
    {
        route.parameters.first { $0.name == parameter.name && !$0.isHost }
            ?? RouteManifest.Parameter(parameter.name, type: parameter.type, isOptional: false)
    }

    // MARK: - Links of the new release

    private mutating func checkAddition(_ example: String, of route: RouteManifest.Route) {
        guard let url = try? DispatchURL(string: example),
            arrival(at: url).reach == .activity(route.activity)
        else { return }
        let before = old.arrival(for: url).reach
        guard before != .activity(route.activity),
            before.activity.flatMap({ moves[$0] }) != route.activity
        else { return }
        add(
            .added(
                RouteChange.Addition(
                    pattern: route.pattern, activity: route.activity, examples: [], before: before)),
            link: example)
    }

    // MARK: - Bookkeeping

    mutating func arrival(at url: DispatchURL) -> ManifestLookup.Arrival {
        let key = url.description
        if let known = arrivals[key] { return known }
        let arrival = lookUp(url)
        arrivals[key] = arrival
        return arrival
    }

    /// Records `change` (given without links) for `link`, or without a link (a retyped key whose
    /// links all still decode).
    mutating func add(_ change: RouteChange, link: String?) {
        if links[change] == nil {
            found.append(change)
            links[change] = []
        }
        guard let link, links[change]?.contains(link) == false else { return }
        links[change, default: []].append(link)
    }
}
