import Foundation

extension RoutePattern {
    /// Builds the URL this pattern matches with these parameters: the inverse of ``match(_:)``.
    ///
    /// Values are path segments as they should read after decoding (`"a/b"`, `"50% off"`,
    /// `"中文"`); the URL's ``DispatchURL/description`` percent-encodes what needs it. An optional
    /// group is included when all of its parameters are given and left out when none is; a
    /// trailing `*` matches nothing. Patterns without a scheme or host build URLs without them.
    ///
    /// ```swift
    /// let pattern: RoutePattern = "cono://test.com/product/:id<int>(/review/:review)"
    /// let url = try pattern.url(parameters: ["id": "42"], query: ["from": "push"])
    /// print(url)  // cono://test.com/product/42?from=push
    /// ```
    ///
    /// For every valid pattern whose optional groups cannot match the same URL in two ways, and
    /// every parameter set this accepts, `match(url(parameters: p))?.parameters == p`, except that
    /// a host parameter comes back as ``DispatchURL/host`` has it: lowercased, in ASCII form.
    ///
    /// - Parameters:
    ///   - parameters: A value for each parameter to fill, by name.
    ///   - query: Query items, added in name order.
    /// - Throws: ``RoutePatternError/missingParameter(_:)``,
    ///   ``RoutePatternError/invalidParameterValue(name:value:)`` (a value that does not fit its
    ///   type, an empty value, `.`/`..`, a NUL), ``RoutePatternError/cannotBuild(_:)`` (a group
    ///   only partly filled, a `*` host, a parameter the pattern does not have), or
    ///   ``RoutePatternError/invalidPattern(_:)``.
    public func url(parameters: [String: String], query: [String: String] = [:]) throws(RoutePatternError)
        -> DispatchURL
    {
        let pattern: CompiledPattern
        switch compiled {
        case .success(let compiledPattern): pattern = compiledPattern
        case .failure(let error): throw .invalidPattern(error.description)
        }
        let (host, paths) = try pattern.build(parameters: parameters)
        return DispatchURL(
            scheme: pattern.scheme, host: host, paths: paths,
            queryItems: sortedTexts(Array(query.keys)).map { URLQueryItem(name: $0, value: query[$0]) })
    }

    fileprivate static func fill(
        _ elements: [PathElement], from parameters: [String: String], into paths: inout [String],
        used: inout Set<String>, unboundedIntegers: Bool
    ) throws(RoutePatternError) {
        for element in elements {
            switch element {
            case .segment(.literal(let literal)):
                paths.append(literal)
            case .segment(.parameter(let name, let type)):
                guard let value = parameters[name] else { throw .missingParameter(name) }
                // Values that the URL could not carry back unchanged: an empty or dot segment
                // disappears, a NUL is refused by the parser.
                guard !value.isEmpty, value != ".", value != "..", !value.unicodeScalars.contains("\0"),
                    type?.accepts(value, unboundedIntegers: unboundedIntegers) ?? true
                else { throw .invalidParameterValue(name: name, value: value) }
                paths.append(value)
                used.insert(name)
            case .group(let group):
                // Taken when any parameter inside it (nested groups included) is given; then its
                // own parameters are all required, and nested groups decide for themselves.
                guard Self.parameterNames(in: group, nested: true).contains(where: { parameters[$0] != nil })
                else { continue }
                let missing = Self.parameterNames(in: group, nested: false).filter { parameters[$0] == nil }
                guard missing.isEmpty else {
                    throw .cannotBuild(
                        "an optional group needs all of its parameters or none; missing \(missing.joined(separator: ", "))"
                    )
                }
                try fill(
                    group, from: parameters, into: &paths, used: &used, unboundedIntegers: unboundedIntegers)
            }
        }
    }

    private static func parameterNames(in elements: [PathElement], nested: Bool) -> [String] {
        elements.flatMap { element -> [String] in
            switch element {
            case .segment(let segment): return segment.parameterName.map { [$0] } ?? []
            case .group(let group): return nested ? parameterNames(in: group, nested: true) : []
            }
        }
    }
}

extension CompiledPattern {
    /// The host and path segments of the URL this pattern builds with `parameters`: the part of
    /// ``RoutePattern/url(parameters:query:)`` that does not depend on the query, for callers that
    /// keep the pattern parsed (redirect rules build a target on every dispatch they apply to).
    ///
    /// - Parameter unboundedIntegers: Whether `<int>` admits integers of any length, as for a
    ///   class with a link type.
    /// - Throws: The same errors as ``RoutePattern/url(parameters:query:)``, except
    ///   ``RoutePatternError/invalidPattern(_:)``.
    package func build(parameters: [String: String], unboundedIntegers: Bool = false)
        throws(RoutePatternError)
        -> (host: String?, paths: [String])
    {
        var used: Set<String> = []
        let host: String?
        switch self.host {
        case .any: host = nil
        case .literal(let literal): host = literal
        case .wildcard: throw .cannotBuild("the host is \"*\", which no value stands for")
        case .parameter(let name):
            guard let value = parameters[name] else { throw .missingParameter(name) }
            var lowercased = value
            lowercased = lowercased.withUTF8(HostName.lowercased)
            // The form a parsed URL's host takes (its ASCII form), so the built URL matches.
            guard !value.isEmpty, value.unicodeScalars.allSatisfy(\.isAllowedInHost),
                let canonical = Punycode.asciiHost(lowercased)
            else {
                throw .invalidParameterValue(name: name, value: value)
            }
            host = canonical
            used.insert(name)
        }
        var paths: [String] = []
        try RoutePattern.fill(
            elements, from: parameters, into: &paths, used: &used, unboundedIntegers: unboundedIntegers)
        if let unknown = sortedTexts(Array(parameters.keys)).first(where: { !used.contains($0) }) {
            throw .cannotBuild("the pattern has no parameter \"\(unknown)\" (or its group was left out)")
        }
        return (host, paths)
    }

    /// Every parameter of the pattern in the order written, the host's first, each with whether it
    /// sits inside an optional group (so that a URL matching the pattern may lack it).
    package var parameters: [(name: String, isOptional: Bool)] {
        var parameters: [(name: String, isOptional: Bool)] = []
        if case .parameter(let name) = host { parameters.appendOffThePath((name, false)) }
        func collect(_ elements: [PathElement], isOptional: Bool) {
            for element in elements {
                switch element {
                case .segment(let segment):
                    if let name = segment.parameterName { parameters.appendOffThePath((name, isOptional)) }
                case .group(let group):
                    collect(group, isOptional: true)
                }
            }
        }
        collect(elements, isOptional: false)
        return parameters
    }
}
