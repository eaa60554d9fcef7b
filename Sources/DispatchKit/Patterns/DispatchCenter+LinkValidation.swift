// validate()'s checks of typed links: each class's link type against its patterns.

extension DispatchCenter {
    /// What ``validate()`` reports about the typed links of `activities`: for every class with a
    /// ``DispatchActivity/linkType`` and patterns, the link type's keys (read once per type, by
    /// ``LinkSchema``) against each valid pattern's parameters. Invalid patterns are reported
    /// elsewhere.
    ///
    /// - Complexity: O(*p* × *k*) for *p* parameters and *k* keys per class, plus one probe per
    ///   link type.
    static func linkDiagnostics(_ activities: [DispatchActivity.Type]) -> [RouteDiagnostic] {
        var schemas: [ObjectIdentifier: LinkSchema] = [:]
        var diagnostics: [RouteDiagnostic] = []
        for activity in activities {
            guard let linkType = activity.linkType else { continue }
            let patterns = activity.patterns
            guard !patterns.isEmpty else { continue }
            let schema: LinkSchema
            if let known = schemas[ObjectIdentifier(linkType)] {
                schema = known
            } else {
                schema = LinkSchema.probe(linkType)
                schemas[ObjectIdentifier(linkType)] = schema
            }
            let name = "\(activity)"
            if let problem = schema.problem {
                diagnostics.append(
                    RouteDiagnostic(
                        kind: .linkUnreadable(problem.naming(activity: name)), activities: [name],
                        patterns: []))
            }
            for pattern in patterns {
                guard case .success(let compiled) = pattern.compiled else { continue }
                for kind in linkFindings(compiled, schema: schema) {
                    diagnostics.append(RouteDiagnostic(kind: kind, activities: [name], patterns: [pattern]))
                }
            }
        }
        return diagnostics
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
                // A probe that stopped has not seen every key: no key is known to be missing.
                if schema.problem == nil {
                    findings.append(.linkLacksParameter(key: key, link: linkTypeName(schema.linkType)))
                }
                continue
            }
            switch types[key] ?? nil {
            case .int?:
                if !integerSamples.allSatisfy(field.accepts) {
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
        for field in schema.fields
        where !field.isOptional && !field.isRepeated && field.key != schema.problem?.key {
            if !alwaysCaptured.contains(field.key) {
                findings.append(.linkRequiresQueryKey(key: field.key, type: field.typeName))
            }
        }
        return findings
    }

    /// The integers a type must accept to hold every one an `<int>` parameter admits: the ends of
    /// `Int64` (the range of `<int>` for a class without a link type), and around zero. An integer
    /// type, an enum or a `Bool` that accepts these accepts every integer between them; a custom
    /// type is taken at its word.
    private static let integerSamples = [
        String(Int64.min), "-1", "0", "1", String(Int64.max),
    ]

    /// A UUID as a `<uuid>` parameter admits it: what the type of its property must accept.
    private static let uuidSample = "123e4567-e89b-12d3-a456-426614174000"
}
