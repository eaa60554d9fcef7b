import Foundation

extension CompiledPattern {
    /// Why a link's values cannot fill a pattern: one sentence, for
    /// ``LinkEncodingError/Reason/noPatternFits(_:)``.
    struct LinkMismatch: Error {
        let reason: String
    }

    /// What a link's values make of a pattern: the URL, and what its parts hold.
    final class LinkFill {
        let url: DispatchURL
        /// The parameters' values, in the pattern's order.
        let parameters: [(name: String, value: String)]
        /// The `*`'s segments, `nil` if the pattern has none.
        let wildcard: [String]?
        let queryItems: [URLQueryItem]

        init(
            url: DispatchURL, parameters: [(name: String, value: String)], wildcard: [String]?,
            queryItems: [URLQueryItem]
        ) {
            self.url = url
            self.parameters = parameters
            self.wildcard = wildcard
            self.queryItems = queryItems
        }
    }

    /// This pattern prepared for building links: what ``LinkTemplate/fill(_:unboundedIntegers:)``
    /// reads of it, worked out once (a class's templates live in the registry snapshot).
    var linkTemplate: LinkTemplate { LinkTemplate(self) }

    /// A pattern prepared for building links: its parameters with their types, and for a pattern
    /// without optional groups or a host parameter (the common one), its path as a list of
    /// segments that the values fill in order.
    final class LinkTemplate: Sendable {
        final class Parameter: Sendable {
            let name: String
            let isOptional: Bool
            /// `nil` for an untyped parameter and the host's.
            let type: ParameterType?

            init(name: String, isOptional: Bool, type: ParameterType?) {
                self.name = name
                self.isOptional = isOptional
                self.type = type
            }
        }

        let pattern: CompiledPattern
        /// Every parameter in the order written, the host's first.
        let parameters: [Parameter]
        /// The path's segments if the pattern has no optional group and no host parameter, else
        /// `nil`: then every parameter is required and is a segment, so the values found for
        /// them, in order, with the literals are the path, which `build` would give after checks
        /// the values have already passed.
        let plainPath: [SegmentMatcher]?

        init(_ pattern: CompiledPattern) {
            self.pattern = pattern
            let types = pattern.parameterTypes
            parameters = pattern.parameters.map {
                Parameter(name: $0.name, isOptional: $0.isOptional, type: types[$0.name] ?? nil)
            }
            var plainPath: [SegmentMatcher]? = []
            if case .parameter = pattern.host { plainPath = nil }
            for element in pattern.elements {
                guard case .segment(let segment) = element else {
                    plainPath = nil
                    break
                }
                plainPath?.append(segment)
            }
            self.plainPath = plainPath
        }

        /// The URL this pattern builds from a link's values: the inverse of decoding the link from
        /// a match of the pattern.
        ///
        /// Each parameter takes the value of its name, if it is one text the parameter admits (not
        /// empty, not `.` or `..`, of its type; for a host parameter, a host name, written as a
        /// URL's host reads: lowercased, in its ASCII form, as ``RoutePattern/url(parameters:query:)``
        /// writes it). A parameter of an optional group without such a value leaves its group
        /// out, and its value goes to the query. The key `wildcard` fills a trailing `*`. Every other value becomes a query item,
        /// in the order of `link`, an array as repeated items.
        ///
        /// - Parameter unboundedIntegers: Whether `<int>` admits integers of any length (the class
        ///   has a link type, so it matches them).
        /// - Returns: The URL, and what its parts hold.
        /// - Throws: ``LinkMismatch`` naming the first parameter that cannot be filled.
        func fill(_ link: LinkEntries, unboundedIntegers: Bool) throws(LinkMismatch) -> LinkFill {
            // An array, not a dictionary: a pattern has a few parameters, and a dispatch of a
            // value comes here every time.
            var values: [(name: String, value: String)] = []
            values.reserveCapacity(parameters.count)
            for parameter in parameters {
                let name = parameter.name
                guard let entry = link.entry(name) else {
                    if parameter.isOptional { continue }
                    throw LinkMismatch(reason: "it needs \(name), which the value does not have")
                }
                guard !entry.isList, entry.texts.count == 1, let text = entry.texts.first,
                    CompiledPattern.admits(text, parameter.type, unboundedIntegers: unboundedIntegers)
                else {
                    if parameter.isOptional { continue }
                    let shown = entry.isList ? "a list" : "\"\(entry.texts.first ?? "")\""
                    throw LinkMismatch(reason: "its \(name) cannot be \(shown)")
                }
                values.append((name, text))
            }
            var built: (host: String?, paths: [String])
            if let plainPath {
                built = (host: nil, paths: [])
                if case .literal(let literal) = pattern.host { built.host = literal }
                built.paths.reserveCapacity(plainPath.count)
                var next = values.startIndex
                for segment in plainPath {
                    switch segment {
                    case .literal(let literal): built.paths.append(literal)
                    case .parameter:
                        built.paths.append(values[next].value)
                        next += 1
                    }
                }
            } else {
                built = try buildWithGroups(&values, unboundedIntegers: unboundedIntegers)
            }
            // Names looked up in `values`, not copied into a set or an array: one fewer
            // allocation per value dispatched.
            func isUsed(_ key: String) -> Bool { values.contains { $0.name == key } }
            var wildcardIsUsed = false
            var wildcard: [String]? = pattern.hasWildcard ? [] : nil
            if pattern.hasWildcard, !isUsed(LinkSource.wildcardKey),
                let entry = link.entry(LinkSource.wildcardKey)
            {
                let segments =
                    entry.isList
                    ? entry.texts
                    : entry.texts.first.map {
                        $0.isEmpty
                            ? []
                            // As a Substring, as the pattern parser splits: one copy of the split code.
                            : Substring($0).split(separator: "/", omittingEmptySubsequences: false).map(
                                String.init)
                    } ?? []
                if let bad = segments.first(where: {
                    !CompiledPattern.admits($0, nil, unboundedIntegers: false)
                }) {
                    throw LinkMismatch(reason: "its * cannot hold the segment \"\(bad)\"")
                }
                built.paths += segments
                wildcard = segments
                wildcardIsUsed = true
            }
            var items: [URLQueryItem] = []
            // At once rather than item by item: the rest of the entries, as a rule one item each.
            if link.entries.count > values.count { items.reserveCapacity(link.entries.count - values.count) }
            for entry in link.entries
            where !isUsed(entry.key) && !(wildcardIsUsed && entry.key == LinkSource.wildcardKey) {
                for text in entry.texts { items.append(URLQueryItem(name: entry.key, value: text)) }
            }
            let url = DispatchURL(
                scheme: pattern.scheme, host: built.host, paths: built.paths, queryItems: items)
            return LinkFill(url: url, parameters: values, wildcard: wildcard, queryItems: items)
        }

        /// The host and path of a pattern with optional groups or a host parameter, by
        /// ``CompiledPattern/build(parameters:unboundedIntegers:)``; `values` loses those of groups
        /// that cannot be taken, which then go to the query, and has the host as the URL writes it.
        private func buildWithGroups(
            _ values: inout [(name: String, value: String)], unboundedIntegers: Bool
        ) throws(LinkMismatch) -> (host: String?, paths: [String]) {
            var built: (host: String?, paths: [String])
            do throws(RoutePatternError) {
                built = try pattern.build(
                    parameters: Dictionary(values, uniquingKeysWith: { first, _ in first }),
                    unboundedIntegers: unboundedIntegers)
            } catch {
                // A group only partly filled: leave the groups out, their values go to the query.
                let required = Set(parameters.lazy.filter { !$0.isOptional }.map(\.name))
                values.removeAllOffThePath { !required.contains($0.name) }
                do throws(RoutePatternError) {
                    built = try pattern.build(
                        parameters: Dictionary(values, uniquingKeysWith: { first, _ in first }),
                        unboundedIntegers: unboundedIntegers)
                } catch {
                    throw LinkMismatch(reason: "\(error)")
                }
            }
            // The host as the URL has it (lowercased, ASCII): what a match of the URL captures.
            if case .parameter(let name) = pattern.host, let host = built.host,
                let index = values.firstIndex(where: { $0.name == name })
            {
                values[index].value = host
            }
            return built
        }
    }

    /// Whether `text` can be a path segment that reads back as itself, of `type`.
    fileprivate static func admits(_ text: String, _ type: ParameterType?, unboundedIntegers: Bool) -> Bool {
        !text.isEmpty && text != "." && text != ".." && !LinkText.hasNUL(text)
            && (type?.accepts(text, unboundedIntegers: unboundedIntegers) ?? true)
    }

    /// The type of each path parameter, by name (`nil` for an untyped one); a host parameter is
    /// not a segment and has none.
    package var parameterTypes: [String: ParameterType?] {
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
