import DispatchKit

// What a route of a class with a typed link records: the link's name, each parameter's Swift
// type, whether the link requires it and an enum's raw values, the keys read from the query (with
// the same facts), the type the rest of the path is read as, and examples built by the link
// encoder.

extension RouteManifest.Route {
    /// Adds what the typed link `type`, read as `schema`, says about this route of `pattern`.
    ///
    /// The examples become URLs of the link encoder (``LinkBuilding``, behind
    /// `DispatchCenter.url(for:)`): for each form of the pattern (a combination of its optional
    /// groups), a value of the link with sample values in the form's parameters and `nil` in the
    /// optional keys of the groups left out, built with this pattern. A form the link cannot leave
    /// a group out of (its key is required) gives the URL of a form that keeps it, listed once.
    /// When the encoder builds no URL at all (the link cannot be read, or it refuses every sample
    /// value), the examples stay those of the pattern's sample values, so that the route still has
    /// links for the compatibility check.
    mutating func describeLink(
        _ type: any DispatchLink.Type, schema: LinkSchema, pattern: RoutePattern, compiled: CompiledPattern
    ) {
        link = linkTypeName(type)
        linkCase = schema.caseName
        var captured: Set<String> = compiled.hasWildcard ? [LinkSource.wildcardKey] : []
        for index in parameters.indices {
            captured.insert(parameters[index].name)
            guard let field = schema.field(parameters[index].name) else { continue }
            parameters[index].swiftType = field.typeName
            // Every URL of the route has its host: whether the property may lack one says nothing.
            if !parameters[index].isHost {
                parameters[index].isOptionalInLink = field.isOptional || field.isRepeated
            }
            parameters[index].cases = field.caseTexts
        }
        // A parameter named `wildcard` is what the link reads under that key, not the `*`.
        if compiled.hasWildcard, !parameters.contains(where: { $0.name == LinkSource.wildcardKey }),
            let field = schema.field(LinkSource.wildcardKey)
        {
            wildcardKey = RouteManifest.WildcardKey(swiftType: field.typeName, cases: field.caseTexts)
        }
        query = schema.fields.filter { !captured.contains($0.key) }.map { field in
            RouteManifest.QueryKey(
                name: field.key, swiftType: field.typeName, isOptional: field.isOptional || field.isRepeated,
                cases: field.caseTexts)
        }
        let built = Self.linkExamples(type, schema: schema, pattern: pattern, compiled: compiled)
        if !built.isEmpty { examples = built }
    }

    /// The URLs the encoder builds with `pattern` from a value of `Link` per form of the pattern.
    private static func linkExamples<Link: DispatchLink>(
        _: Link.Type, schema: LinkSchema, pattern: RoutePattern, compiled: CompiledPattern
    ) -> [String] {
        let types = compiled.parameterTypes
        var hostParameter: String?
        if case .parameter(let name) = compiled.host { hostParameter = name }
        // A key the link requires has its sample in every form: a group it cannot leave out then
        // gives the same URL as the form that keeps it, listed once.
        var required: [String: String] = [:]
        for (name, _) in compiled.parameters {
            guard let field = schema.field(name), !field.isOptional, !field.isRepeated else { continue }
            required[name] =
                name == hostParameter
                ? [CompiledPattern.sampleHost].first(where: field.accepts)
                : sampleText(for: field, parameterType: types[name] ?? nil)
        }
        var examples: [String] = []
        for form in compiled.expansions {
            var samples = required
            if let hostParameter, let field = schema.field(hostParameter) {
                samples[hostParameter] = [CompiledPattern.sampleHost].first(where: field.accepts)
            }
            for case .parameter(let name, _) in form {
                guard let field = schema.field(name) else { continue }
                samples[name] = sampleText(for: field, parameterType: types[name] ?? nil)
            }
            guard let value = LinkSchema.probe(Link.self, case: schema.caseName, samples: samples).example,
                let filled = try? LinkBuilding.fill(
                    value, patterns: [pattern], activity: nil, caseName: schema.caseName)
            else { continue }
            let url = filled.url.description
            if !examples.contains(url) { examples.append(url) }
        }
        return examples
    }

    /// A text the parameter admits and the link's property accepts: the pattern's sample for its
    /// type first, as in the examples of an untyped route.
    private static func sampleText(for field: LinkSchema.Field, parameterType: ParameterType?) -> String? {
        let uuid = CompiledPattern.sample(for: .uuid)
        let candidates: [String]
        switch parameterType {
        case .oneOf(let values)?: candidates = values
        case .int?: candidates = [CompiledPattern.sample(for: .int), "1", "0"]
        case .uuid?: candidates = [uuid, uuid.uppercased()]
        case nil:
            candidates =
                [CompiledPattern.sample(for: nil)] + (field.caseTexts ?? []) + [
                    "42", "1", "true", "1.5", uuid,
                ]
        }
        return candidates.first(where: field.accepts)
    }
}
