import DispatchKit
import Foundation

// validate()'s checks of typed links: each class's link type against its patterns.

extension DispatchCenter {
    /// What `validate()` reports about the typed links of `activities`: for every class with a
    /// `DispatchActivity.linkType` and patterns, the link type's keys (read once per type, by
    /// `LinkSchema`) against each valid pattern's parameters. Invalid patterns are reported
    /// elsewhere.
    ///
    /// A type whose reading stopped at a key no made-up value fits is read again for each pattern
    /// that lists values (`<a|b>`), with those values to try: the keys after it are then checked
    /// for that pattern. For the other patterns, the parameters are checked against the names of
    /// the type's coding keys.
    ///
    /// Once per class, before what its patterns show: why the type's reading stopped, and each
    /// key read as a type that may be an enum whose cases cannot be listed.
    ///
    /// - Complexity: O(*p* × *k*) for *p* parameters and *k* keys per class, plus one probe per
    ///   link type, and one per set of listed values for a type whose probe stopped.
    static func linkDiagnostics(_ activities: [DispatchActivity.Type]) -> [RouteDiagnostic] {
        var schemas: [SchemaKey: LinkSchema] = [:]
        func schema(
            of linkType: any DispatchLink.Type, caseName: String?, candidates: [String: [String]]
        ) -> LinkSchema {
            let key = SchemaKey(type: ObjectIdentifier(linkType), caseName: caseName, candidates: candidates)
            if let known = schemas[key] { return known }
            let probed = LinkSchema.probe(linkType, case: caseName, candidates: candidates)
            schemas[key] = probed
            return probed
        }
        var diagnostics: [RouteDiagnostic] = []
        for activity in activities {
            guard let linkType = activity.linkType else { continue }
            let patterns = activity.patterns
            guard !patterns.isEmpty else { continue }
            let name = "\(activity)"
            // The problems of the schemas the patterns were checked with, each once: reported
            // for the class as a whole, before what its patterns show.
            var problems: [RouteDiagnostic.Kind] = []
            var unlisted: [RouteDiagnostic.Kind] = []
            var findings: [RouteDiagnostic] = []
            func note(_ schema: LinkSchema) {
                if let problem = problemKind(schema, activity: name), !problems.contains(problem) {
                    problems.append(problem)
                }
                for field in schema.fields where field.mayHaveUnlistedCases {
                    // The type whose cases they are: an array's element.
                    let type = linkTypeName(field.valueType)
                    let kind = RouteDiagnostic.Kind.linkCasesUnknown(key: field.key, type: type)
                    if !unlisted.contains(kind) { unlisted.append(kind) }
                }
            }
            // The patterns of a struct link, or of one case of a module link, against its keys.
            func check(_ patterns: [RoutePattern], caseName: String?) {
                let base = schema(of: linkType, caseName: caseName, candidates: [:])
                var checkedAny = false
                for pattern in patterns {
                    guard case .success(let compiled) = pattern.compiled else { continue }
                    checkedAny = true
                    var used = base
                    if let problem = base.problem, problem.reason != .unsupported {
                        // A key no made-up value fits may be one whose values the pattern lists.
                        let candidates = listedValues(of: compiled)
                        if !candidates.isEmpty {
                            used = schema(of: linkType, caseName: caseName, candidates: candidates)
                        }
                    }
                    note(used)
                    for kind in linkFindings(compiled, schema: used) {
                        findings.append(RouteDiagnostic(kind: kind, activities: [name], patterns: [pattern]))
                    }
                }
                // No valid pattern: the link type is still worth its diagnostics.
                if !checkedAny { note(base) }
            }
            let routes = activity.caseRoutes
            if routes.isEmpty {
                check(patterns, caseName: nil)
            } else {
                findings += caseFindings(routes, linkType: linkType, activity: name) { caseName in
                    schema(of: linkType, caseName: caseName, candidates: [:])
                }
                // A route whose case was not found is reported as such: no keys to check.
                for route in routes.cases {
                    guard let caseName = route.name else { continue }
                    check(route.patterns, caseName: caseName)
                }
            }
            for kind in problems + unlisted {
                diagnostics.append(RouteDiagnostic(kind: kind, activities: [name], patterns: []))
            }
            diagnostics += findings
        }
        return diagnostics
    }

    /// What the routes of a module link and its enum disagree on: a route whose case could not be
    /// found, a case without a route (when the enum's cases can be listed), and an associated
    /// value without a label, which no URL can name.
    private static func caseFindings(
        _ routes: LinkCaseRoutes, linkType: any DispatchLink.Type, activity: String,
        schema: (String) -> LinkSchema
    ) -> [RouteDiagnostic] {
        var findings: [RouteDiagnostic] = []
        let link = linkTypeName(linkType)
        var caseNames: [String]?
        var routed: Set<String> = []
        for route in routes.cases {
            guard let name = route.name else {
                let reason =
                    route.valueOfCase.map {
                        "it is given a value of the case \($0), which has associated values, not the case itself (to: \($0))"
                    } ?? route.problem.map { "no \($0.expectedType) value could be made up for it" }
                findings.append(
                    RouteDiagnostic(
                        kind: .linkRouteUnknownCase(
                            reason: reason ?? "its value encodes no case", link: link),
                        activities: [activity], patterns: route.patterns))
                continue
            }
            routed.insert(name)
            let probed = schema(name)
            caseNames = caseNames ?? probed.caseNames
            for field in probed.fields where isUnlabeled(field.key) {
                findings.append(
                    RouteDiagnostic(
                        kind: .linkCaseValueUnlabeled(case: name, key: field.key, link: link),
                        activities: [activity], patterns: route.patterns))
            }
        }
        // A route whose case was not found may be this case's: one that cannot be probed either
        // (a value no URL carries) is not reported as without a route too.
        let unfound = routes.cases.contains { $0.name == nil }
        for caseName in caseNames ?? [] where !routed.contains(caseName) {
            if unfound, schema(caseName).problem != nil { continue }
            findings.append(
                RouteDiagnostic(
                    kind: .linkCaseWithoutRoute(case: caseName, link: link), activities: [activity],
                    patterns: []))
        }
        return findings
    }

    /// Whether `key` is the name Swift gives an associated value without a label: `_0`, `_1`…
    static func isUnlabeled(_ key: String) -> Bool {
        key.count > 1 && key.first == "_" && key.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Why `schema` stopped, for the class `activity`: a key of a type no URL can carry (as an
    /// optional key, which fails only the URLs that carry it), or a key no value was found for.
    private static func problemKind(_ schema: LinkSchema, activity: String) -> RouteDiagnostic.Kind? {
        guard let problem = schema.problem?.naming(activity: activity) else { return nil }
        if problem.reason == .unsupported, schema.field(problem.key)?.isOptional == true {
            return .linkOptionalKeyUnsupported(problem)
        }
        return .linkUnreadable(problem)
    }

    /// The values of each `<a|b>` parameter of `pattern`, by name.
    private static func listedValues(of pattern: CompiledPattern) -> [String: [String]] {
        var values: [String: [String]] = [:]
        for case (let name, .oneOf(let listed)?) in pattern.parameterTypes {
            values[name] = listed
        }
        return values
    }

    /// A link type probed with the values of a pattern's lists.
    private struct SchemaKey: Hashable {
        let type: ObjectIdentifier
        let caseName: String?
        let candidates: [String: [String]]
    }

    /// What one pattern and the link type disagree on: its parameters first, in the order written,
    /// then the required keys it does not always capture, in the order the type reads them.
    private static func linkFindings(_ pattern: CompiledPattern, schema: LinkSchema) -> [RouteDiagnostic.Kind]
    {
        var findings: [RouteDiagnostic.Kind] = []
        let types = pattern.parameterTypes
        var alwaysCaptured: Set<String> = pattern.hasWildcard ? [LinkSource.wildcardKey] : []
        for (key, isOptional) in pattern.parameters {
            if !isOptional { alwaysCaptured.insert(key) }
            guard let field = schema.field(key) else {
                // A probe that stopped has not seen every key: the key type still knows their
                // names.
                if schema.problem == nil || schema.isKey?(key) == false {
                    // A case's values are named by the case: `ShopModule.Link.product`.
                    let link = [linkTypeName(schema.linkType), schema.caseName].compactMap { $0 }
                    findings.append(.linkLacksParameter(key: key, link: link.joined(separator: ".")))
                }
                continue
            }
            switch types[key] ?? nil {
            case .int?:
                // An enum's integer cases are the integers it accepts: tried as well, so that one
                // whose cases are none of the samples is not taken for one that accepts none.
                let integerCases = (field.caseTexts ?? []).filter(LinkText.isInteger)
                if !(integerSamples + integerCases).contains(where: field.accepts) {
                    // Not some URLs, all of them fail (a UUID, an enum of texts).
                    findings.append(.linkIntegerRefused(key: key, type: field.typeName))
                } else if !integerSamples.allSatisfy(field.accepts) {
                    findings.append(.linkIntegerRange(key: key, type: field.typeName))
                }
            case .oneOf(let values)?:
                let refused = values.filter { !field.accepts($0) }
                if !refused.isEmpty {
                    findings.append(.linkValuesRefused(key: key, type: field.typeName, values: refused))
                }
                let unreachable = (field.caseTexts ?? []).filter { !values.contains($0) }
                if !unreachable.isEmpty {
                    findings.append(.linkCasesUnreachable(key: key, type: field.typeName, cases: unreachable))
                }
            case .uuid?:
                if !field.accepts(Self.uuidSample) {
                    findings.append(.linkUUIDRefused(key: key, type: field.typeName))
                }
            case nil:
                break
            }
        }
        // The key a probe stopped at is reported as unreadable already.
        // An unlabeled value is reported as such: no URL can name it.
        for field in schema.fields
        where !field.isOptional && !field.isRepeated && field.key != schema.problem?.key
            && (schema.caseName == nil || !isUnlabeled(field.key))
        {
            if !alwaysCaptured.contains(field.key) {
                findings.append(.linkRequiresQueryKey(key: field.key, type: field.typeName))
            }
        }
        return findings
    }

    /// The integers a type must accept to hold every one an `<int>` parameter admits: the ends of
    /// `Int64` (the range of `<int>` for a class without a link type), and around zero. An integer
    /// type, an enum or a `Bool` that accepts these accepts every integer between them; a custom
    /// type is taken at its word. A type that accepts none of them, nor any integer case of its
    /// own, is taken to accept no integer.
    private static let integerSamples = [
        String(Int64.min), "-1", "0", "1", String(Int64.max),
    ]

    /// A UUID as a `<uuid>` parameter admits it: what the type of its property must accept.
    private static let uuidSample = "123e4567-e89b-12d3-a456-426614174000"
}
