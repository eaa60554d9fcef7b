import DispatchKit

extension DispatchCenter {
    /// Checks the registered patterns and reports what would surprise you at run time: invalid
    /// patterns, conflicts between classes, patterns no URL can reach, ambiguous optional groups,
    /// and typed links that disagree with their class's patterns.
    ///
    /// Call it in a test of the app's routes (`#expect(center.validate().isEmpty)`): it is one of
    /// the route tools, which the app itself does not link.
    /// Each diagnostic has a ``RouteDiagnostic/severity``: to fail on errors only, keep
    /// `validate().filter { $0.severity == .error }`.
    /// It also reports the patterns the route index could not hold.
    ///
    /// For a class with a `DispatchActivity.linkType`, the link type is read once, without a
    /// URL, and each of the class's patterns is compared with it: a parameter the type lacks
    /// (``RouteDiagnostic/Kind/linkLacksParameter(key:link:)``), a required key the pattern does not
    /// always capture (``RouteDiagnostic/Kind/linkRequiresQueryKey(key:type:)``), an `<int>` read as a
    /// type narrower than `Int64` (``RouteDiagnostic/Kind/linkIntegerRange(key:type:)``) or as a
    /// type that accepts no integer, such as a `UUID`
    /// (``RouteDiagnostic/Kind/linkIntegerRefused(key:type:)``), a `<a|b>`
    /// list that disagrees with the property's type
    /// (``RouteDiagnostic/Kind/linkValuesRefused(key:type:values:)``,
    /// ``RouteDiagnostic/Kind/linkCasesUnreachable(key:type:cases:)``), a link type that
    /// cannot be read (``RouteDiagnostic/Kind/linkUnreadable(_:)``), an optional key no URL can
    /// carry (``RouteDiagnostic/Kind/linkOptionalKeyUnsupported(_:)``), and a key whose enum
    /// cases cannot be listed (``RouteDiagnostic/Kind/linkCasesUnknown(key:type:)``).
    /// Classes with a custom `isHit` and no patterns cannot be analysed and are not reported; a
    /// class whose `isHit` declines URLs may make a reported shadowing harmless.
    ///
    /// - Returns: The problems, in consultation order of the classes that have them; empty when clean.
    /// - Complexity: About O(*r* × *s*) for *r* routes of *s* segments: it reuses the route index;
    ///   plus one reading of each link type.
    public func validate() -> [RouteDiagnostic] {
        var diagnostics = Self.validate(snapshot)
        if linkOrigins.isEmpty, let undeclared = undeclaredOriginsDiagnostic() {
            diagnostics.append(undeclared)
        }
        return diagnostics
    }

    /// The warning that outside links of any origin reach the path-only patterns of the classes
    /// that admit outside sources, for a center that declares no `linkOrigins`; `nil` when no
    /// such pattern exists.
    private func undeclaredOriginsDiagnostic() -> RouteDiagnostic? {
        var activities: [String] = []
        var patterns: [RoutePattern] = []
        for activity in snapshot.ordered where activity.exposure != .internalOnly {
            for pattern in activity.patterns {
                guard case .success(let compiled) = pattern.compiled, compiled.scheme == nil,
                    case .any = compiled.host
                else { continue }
                activities.append("\(activity)")
                patterns.append(pattern)
            }
        }
        guard !patterns.isEmpty else { return nil }
        return RouteDiagnostic(kind: .linkOriginsUndeclared, activities: activities, patterns: patterns)
    }

    /// `validate()` of the classes of `snapshot`, for a snapshot the center did not build.
    static func validate(_ snapshot: RegistrySnapshot) -> [RouteDiagnostic] {
        let index = snapshot.index
        var unindexed: Set<PatternKey> = []
        for refused in index.unindexed {
            let activity = index.owners[Int(refused.owner)].activity
            unindexed.insert(PatternKey(activity: ObjectIdentifier(activity), pattern: refused.pattern))
        }
        var diagnostics: [RouteDiagnostic] = []
        var patternsByClass: [ObjectIdentifier: [RoutePattern]] = [:]
        var firstWithShape: [ShapeKey: (activity: DispatchActivity.Type, pattern: RoutePattern)] = [:]
        var conflicted: Set<PatternKey> = []

        for (position, activity) in snapshot.ordered.enumerated() {
            let patterns = activity.patterns
            patternsByClass[ObjectIdentifier(activity)] = patterns
            for (number, pattern) in patterns.enumerated() {
                switch pattern.compiled {
                case .failure(let error):
                    diagnostics.append(
                        RouteDiagnostic(
                            kind: .invalidPattern(error), activities: ["\(activity)"], patterns: [pattern]))
                case .success(let compiled):
                    // Not indexed, it never matches: it neither conflicts nor matters to another.
                    if !unindexed.isEmpty,
                        unindexed.contains(PatternKey(activity: ObjectIdentifier(activity), pattern: number))
                    {
                        diagnostics.append(
                            RouteDiagnostic(
                                kind: .exceedsIndexCapacity, activities: ["\(activity)"], patterns: [pattern])
                        )
                        continue
                    }
                    if compiled.hasOverlappingForms {
                        diagnostics.append(
                            RouteDiagnostic(
                                kind: .ambiguousGroups, activities: ["\(activity)"], patterns: [pattern]))
                    }
                    let priority = snapshot.priorities[position]
                    let key = ShapeKey(priority: priority, shape: compiled.shape)
                    if let first = firstWithShape[key], first.activity != activity {
                        conflicted.insert(PatternKey(activity: ObjectIdentifier(activity), pattern: number))
                        diagnostics.append(
                            RouteDiagnostic(
                                kind: .conflict, activities: ["\(activity)", "\(first.activity)"],
                                patterns: [pattern, first.pattern]))
                    } else if firstWithShape[key] == nil {
                        firstWithShape[key] = (activity, pattern)
                    }
                }
            }
        }

        // A pattern is shadowed when each of its forms is covered by a route of another class that
        // always wins: higher priority, or the same shape at the same priority, declared earlier.
        var shadowers: [PatternKey: [Int32]] = [:]
        var unshadowed: Set<PatternKey> = []
        for route in index.routes.sorted(by: { $0.declaration < $1.declaration }) {
            let activity = index.activity(of: route)
            let key = PatternKey(activity: ObjectIdentifier(activity), pattern: Int(route.pattern))
            guard !unshadowed.contains(key), !conflicted.contains(key),
                let compiled = patternsByClass[key.activity].flatMap({ Self.compiled($0, Int(route.pattern)) }
                ),
                compiled.expansions.indices.contains(Int(route.form))
            else { continue }
            let form = compiled.expansions[Int(route.form)]
            let sample = Self.sampleURL(form, scheme: compiled.scheme, host: compiled.host)
            let covering = index.routes(
                covering: form, hasWildcard: compiled.hasWildcard, scheme: compiled.scheme,
                host: compiled.host)
            let winner = covering.first { other in
                let candidate = index.routes[Int(other)]
                guard candidate.owner != route.owner else { return false }
                let wins =
                    index.level(of: candidate) != index.level(of: route)
                    ? index.level(of: candidate) < index.level(of: route)
                    : candidate.declaration < route.declaration && index.hasSameRanks(candidate, route)
                // A class whose isHit declines a URL of this form does not always win.
                return wins
                    && (sample.map { RegistrySnapshot.confirm(index.activity(of: candidate), $0) } ?? true)
            }
            if let winner {
                shadowers[key, default: []].append(winner)
            } else {
                unshadowed.insert(key)
                shadowers[key] = nil
            }
        }
        for activity in snapshot.ordered {
            for (number, pattern) in (patternsByClass[ObjectIdentifier(activity)] ?? []).enumerated() {
                let key = PatternKey(activity: ObjectIdentifier(activity), pattern: number)
                guard let winners = shadowers[key], !unshadowed.contains(key) else { continue }
                var names: [String] = ["\(activity)"]
                var patterns: [RoutePattern] = [pattern]
                for winner in winners {
                    let route = index.routes[Int(winner)]
                    let winnerClass = index.activity(of: route)
                    // `patterns` is read again here: a class may answer differently each time.
                    guard let others = patternsByClass[ObjectIdentifier(winnerClass)],
                        others.indices.contains(Int(route.pattern)),
                        !patterns.dropFirst().contains(others[Int(route.pattern)])
                    else { continue }
                    names.append("\(winnerClass)")
                    patterns.append(others[Int(route.pattern)])
                }
                diagnostics.append(RouteDiagnostic(kind: .shadowed, activities: names, patterns: patterns))
            }
        }
        return diagnostics + linkDiagnostics(snapshot.ordered)
    }

    private struct ShapeKey: Hashable {
        let priority: Int
        let shape: CompiledPattern.Shape
    }

    private struct PatternKey: Hashable {
        let activity: ObjectIdentifier
        let pattern: Int
    }

    private static func compiled(_ patterns: [RoutePattern], _ number: Int) -> CompiledPattern? {
        guard patterns.indices.contains(number), case .success(let compiled) = patterns[number].compiled
        else { return nil }
        return compiled
    }
}

extension DispatchCenter {
    /// One URL a form matches, to ask a covering class whether its `isHit` takes it.
    fileprivate static func sampleURL(
        _ segments: [SegmentMatcher], scheme: String?, host: CompiledPattern.Host
    ) -> DispatchURL? {
        let sampleHost: String?
        switch host {
        case .any: sampleHost = nil
        case .literal(let literal): sampleHost = literal
        case .parameter, .wildcard: sampleHost = "example.com"
        }
        let paths = segments.map { segment -> String in
            switch segment {
            case .literal(let literal): return literal
            case .parameter(_, nil): return "x"
            case .parameter(_, .int?): return "1"
            case .parameter(_, .uuid?): return "00000000-0000-0000-0000-000000000000"
            case .parameter(_, .oneOf(let values)?): return values.first ?? "x"
            }
        }
        return DispatchURL(scheme: scheme, host: sampleHost, paths: paths, queryItems: [])
    }
}
