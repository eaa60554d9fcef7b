import Foundation

extension CompiledPattern {
    /// Why a link's values cannot fill a pattern: one sentence, for
    /// ``LinkEncodingError/Reason/noPatternFits(_:)``.
    struct LinkMismatch: Error {
        let reason: String
    }

    /// The URL this pattern builds from a link's values: the inverse of decoding the link from a
    /// match of the pattern.
    ///
    /// Each parameter takes the value of its name, if it is one text the parameter admits (not
    /// empty, not `.` or `..`, of its type; a host parameter must already be in the form a URL's
    /// host takes, lowercased ASCII, or it would read back otherwise). A parameter of an optional
    /// group without such a value leaves its group out, and its value goes to the query. The key
    /// `wildcard` fills a trailing `*`. Every other value becomes a query item, in the order of
    /// `link`, an array as repeated items.
    ///
    /// - Parameter unboundedIntegers: Whether `<int>` admits integers of any length (the class
    ///   has a link type, so it matches them).
    /// - Returns: The URL, and what its parts hold: the parameters' values, the `*`'s segments
    ///   (`nil` if the pattern has none) and the query items.
    /// - Throws: ``LinkMismatch`` naming the first parameter that cannot be filled.
    func fill(_ link: LinkEntries, unboundedIntegers: Bool) throws(LinkMismatch) -> (
        url: DispatchURL, parameters: [String: String], wildcard: [String]?, queryItems: [URLQueryItem]
    ) {
        let types = parameterTypes
        var values: [String: String] = [:]
        var required: Set<String> = []
        for (name, isOptional) in parameters {
            if !isOptional { required.insert(name) }
            guard let entry = link.entry(name) else {
                if isOptional { continue }
                throw LinkMismatch(reason: "it needs \(name), which the value does not have")
            }
            guard !entry.isList, entry.texts.count == 1, let text = entry.texts.first,
                Self.admits(text, types[name] ?? nil, unboundedIntegers: unboundedIntegers)
            else {
                if isOptional { continue }
                let shown = entry.isList ? "a list" : "\"\(entry.texts.first ?? "")\""
                throw LinkMismatch(reason: "its \(name) cannot be \(shown)")
            }
            values[name] = text
        }
        var built: (host: String?, paths: [String])
        do throws(RoutePatternError) {
            built = try build(parameters: values, unboundedIntegers: unboundedIntegers)
        } catch {
            // A group only partly filled: leave the groups out, their values go to the query.
            values = values.filter { required.contains($0.key) }
            do throws(RoutePatternError) {
                built = try build(parameters: values, unboundedIntegers: unboundedIntegers)
            } catch {
                throw LinkMismatch(reason: "\(error)")
            }
        }
        if case .parameter(let name) = host, built.host != values[name] {
            throw LinkMismatch(
                reason:
                    "its host parameter \(name) \"\(values[name] ?? "")\" would read back as \"\(built.host ?? "")\""
            )
        }
        var used = Set(values.keys)
        var wildcard: [String]? = hasWildcard ? [] : nil
        if hasWildcard, !used.contains(LinkSource.wildcardKey), let entry = link.entry(LinkSource.wildcardKey)
        {
            let segments =
                entry.isList
                ? entry.texts
                : entry.texts.first.map {
                    $0.isEmpty
                        ? [] : $0.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                } ?? []
            if let bad = segments.first(where: { !Self.admits($0, nil, unboundedIntegers: false) }) {
                throw LinkMismatch(reason: "its * cannot hold the segment \"\(bad)\"")
            }
            built.paths += segments
            wildcard = segments
            used.insert(LinkSource.wildcardKey)
        }
        var items: [URLQueryItem] = []
        for entry in link.entries where !used.contains(entry.key) {
            for text in entry.texts { items.append(URLQueryItem(name: entry.key, value: text)) }
        }
        let url = DispatchURL(scheme: scheme, host: built.host, paths: built.paths, queryItems: items)
        return (url, values, wildcard, items)
    }

    /// Whether `text` can be a path segment that reads back as itself, of `type`.
    private static func admits(_ text: String, _ type: ParameterType?, unboundedIntegers: Bool) -> Bool {
        !text.isEmpty && text != "." && text != ".." && !text.unicodeScalars.contains("\0")
            && (type?.accepts(text, unboundedIntegers: unboundedIntegers) ?? true)
    }

    /// The type of each path parameter, by name (`nil` for an untyped one); a host parameter is
    /// not a segment and has none.
    var parameterTypes: [String: ParameterType?] {
        var types: [String: ParameterType?] = [:]
        func collect(_ elements: [PathElement]) {
            for element in elements {
                switch element {
                case .segment(.parameter(let name, let type)): types[name] = type
                case .segment(.literal): break
                case .group(let group): collect(group)
                }
            }
        }
        collect(elements)
        return types
    }
}
