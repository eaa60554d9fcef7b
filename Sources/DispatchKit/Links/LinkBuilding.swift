import Foundation

/// Building a link's URL from an activity's patterns, without a center: what
/// ``DispatchCenter/url(for:)`` does once it knows the class, and what the route manifest's
/// example URLs come from.
package enum LinkBuilding {
    /// What a link's values make of one pattern.
    package final class Filled {
        /// The pattern filled: the first of the class's patterns the value fits.
        let pattern: RoutePattern
        /// What the pattern's parameters take, in the pattern's order.
        let parameterValues: [(name: String, value: String)]
        /// What the pattern's trailing `*` takes (`[]` if nothing), or `nil` if it has none.
        let wildcard: [String]?
        /// Every other value, in the order the type encodes its keys, an array as repeated items.
        let queryItems: [URLQueryItem]
        /// The URL: the pattern's scheme and host if it names them (else a relative URL), the path,
        /// the query.
        package let url: DispatchURL
        /// The case of a module link whose pattern was filled, `nil` for a struct link.
        let caseName: String?
        /// Whether decoding the URL gives back each value as it was written: the pattern is
        /// literals and parameters only (no host parameter, which is written lowercased; no `*`,
        /// which reads `nil` back as empty; no optional group), and no array is empty (an
        /// optional one reads back as `nil`).
        let readsBackAsWritten: Bool

        init(
            pattern: RoutePattern, parameterValues: [(name: String, value: String)], wildcard: [String]?,
            queryItems: [URLQueryItem], url: DispatchURL, caseName: String?, readsBackAsWritten: Bool
        ) {
            self.pattern = pattern
            self.parameterValues = parameterValues
            self.wildcard = wildcard
            self.queryItems = queryItems
            self.url = url
            self.caseName = caseName
            self.readsBackAsWritten = readsBackAsWritten
        }

        /// What the pattern's parameters take, by name (a match of ``url`` captures the same).
        var parameters: [String: String] {
            Dictionary(parameterValues, uniquingKeysWith: { first, _ in first })
        }
    }

    /// One of a class's patterns, parsed for building links: the registry snapshot keeps a link
    /// type's class's patterns so, parsed once per registration change rather than on every
    /// dispatch of a value.
    final class Template: Sendable {
        let pattern: RoutePattern
        let compiled: Result<CompiledPattern.LinkTemplate, RoutePatternError>
        /// The case of a module link whose pattern this is, or `nil` for a struct link's.
        let caseName: String?

        init(_ pattern: RoutePattern, caseName: String? = nil) {
            self.pattern = pattern
            compiled = pattern.compiled.map(\.linkTemplate)
            self.caseName = caseName
        }
    }

    /// The URL of `link` for a class whose patterns are `patterns`.
    ///
    /// - Parameters:
    ///   - activity: The class the link is for, which errors name.
    ///   - unboundedIntegers: Whether `<int>` admits integers of any length: `true` for a class with
    ///     a link type, which matches them.
    ///   - caseName: For a module link, the case whose patterns `patterns` are.
    /// - Throws: ``LinkEncodingError`` naming the link type, the activity and what stood in the way.
    package static func fill<Link: Encodable>(
        _ link: Link, patterns: [RoutePattern], activity: Any.Type?, unboundedIntegers: Bool = true,
        caseName: String? = nil
    ) throws(LinkEncodingError) -> Filled {
        try fill(
            link, templates: patterns.map { Template($0, caseName: caseName) }, activity: activity,
            unboundedIntegers: unboundedIntegers)
    }

    /// ``fill(_:patterns:activity:unboundedIntegers:caseName:)`` with the patterns already parsed.
    static func fill<Link: Encodable>(
        _ link: Link, templates: [Template], activity: Any.Type?, unboundedIntegers: Bool = true
    ) throws(LinkEncodingError) -> Filled {
        let entries: LinkEntries
        do {
            entries = try LinkEntries.of(link)
        } catch {
            throw LinkEncodingError(
                linkType: error.linkType, activity: name(of: activity), reason: error.reason)
        }
        return try fill(
            entries, of: Link.self, templates: templates, activity: activity,
            unboundedIntegers: unboundedIntegers)
    }

    /// ``fill(_:templates:activity:unboundedIntegers:)`` for values already encoded.
    static func fill(
        _ entries: LinkEntries, of link: Any.Type, templates: [Template], activity: Any.Type?,
        unboundedIntegers: Bool = true
    ) throws(LinkEncodingError) -> Filled {
        // No URL carries a NUL: a parsed URL refuses %00.
        for entry in entries.entries where entry.texts.contains(where: LinkText.hasNUL) {
            throw LinkEncodingError(
                linkType: linkTypeName(link), activity: name(of: activity),
                reason: .unsupportedValue(
                    key: entry.key, detail: "it contains a NUL character, which no URL carries"))
        }
        if let caseName = entries.caseName {
            guard templates.contains(where: { $0.caseName != nil }) else {
                throw LinkEncodingError(
                    linkType: linkTypeName(link), activity: name(of: activity),
                    reason: .unsupportedValue(key: caseName, detail: "a nested container"))
            }
        }
        var problems: [String] = []
        for template in templates where template.caseName == entries.caseName {
            let pattern = template.pattern
            let compiled: CompiledPattern.LinkTemplate
            switch template.compiled {
            case .success(let parsed): compiled = parsed
            case .failure(let error):
                problems.append("\"\(pattern)\" is invalid (\(error))")
                continue
            }
            do throws(CompiledPattern.LinkMismatch) {
                let filled = try compiled.fill(entries, unboundedIntegers: unboundedIntegers)
                // Whether the URL reads back as written matters only for a module link's case.
                let caseName = entries.caseName
                return Filled(
                    pattern: pattern, parameterValues: filled.parameters, wildcard: filled.wildcard,
                    queryItems: filled.queryItems, url: filled.url, caseName: caseName,
                    readsBackAsWritten: caseName != nil && Self.readsBackAsWritten(entries, compiled))
            } catch {
                problems.append("\"\(pattern)\": \(error.reason)")
            }
        }
        if let caseName = entries.caseName, problems.isEmpty {
            problems.append(
                "the case \(caseName) has no route in \(name(of: activity) ?? "its class")'s routes")
        }
        throw LinkEncodingError(
            linkType: linkTypeName(link), activity: name(of: activity), reason: .noPatternFits(problems))
    }

    /// Whether a URL filled from `entries` by `template` decodes back to each value as written
    /// (see ``Filled/readsBackAsWritten``). Out of line: only a module link's case asks.
    @inline(never)
    private static func readsBackAsWritten(_ entries: LinkEntries, _ template: CompiledPattern.LinkTemplate)
        -> Bool
    {
        template.plainPath != nil && !entries.entries.contains { $0.isList && $0.texts.isEmpty }
    }

    /// The name an error gives the activity. Only errors ask: `String(describing:)` of a class
    /// was a tenth of a link value's dispatch when every dispatch asked.
    private static func name(of activity: Any.Type?) -> String? {
        activity.map { String(describing: $0) }
    }
}
