import DispatchKit

extension RouteChange {
    /// One key of a route's typed link, as its release's ``RouteManifest`` records it: what the
    /// link reads, where, as which Swift type, and whether a URL may lack it. The key changes
    /// (``RouteChange/keyNarrowed(_:)`` and the others) name a key of each release.
    public struct LinkKey: Sendable, Hashable, CustomStringConvertible {
        /// Where a link reads a key.
        public enum Place: String, Sendable, Hashable, CaseIterable {
            /// A parameter of the pattern's path: `:id`.
            case path
            /// The pattern's host parameter: `//:tenant/…`.
            case host
            /// A query item.
            case query
            /// The rest of the path: the segments of the pattern's `*`, read under the key
            /// `wildcard`.
            case wildcard
        }

        /// The key: the property's coding key, the parameter's or query item's name.
        public var name: String
        /// The property's Swift type, as ``RouteManifest/QueryKey/swiftType`` writes it: `Int16`,
        /// `ProductTab`, `Array<String>`.
        public var swiftType: String
        /// Whether a URL may lack it (an optional property, or an array); `nil` when the manifest
        /// does not say (a path parameter in a document of schema version 2, the host parameter).
        /// `false` for the rest of the path, which every URL of its route has.
        public var isOptional: Bool?
        /// Where the link reads it.
        public var place: Place
        /// For an enum whose cases can be found, the texts it accepts (its raw values), as
        /// ``RouteManifest/QueryKey/cases`` records them; `nil` for any other type, or when the
        /// manifest does not record them.
        public var cases: [String]?

        /// A key.
        public init(name: String, swiftType: String, isOptional: Bool?, place: Place, cases: [String]? = nil)
        {
            self.name = name
            self.swiftType = swiftType
            self.isOptional = isOptional
            self.place = place
            self.cases = cases
        }

        /// `id, an Int16 from the path`; `tab, a ProductTab (details or reviews) from the query`;
        /// `wildcard, an Array<String> from the rest of the path`.
        public var description: String {
            "\(name), \(typeWords) from the \(place == .wildcard ? "rest of the path" : place.rawValue)"
        }

        /// The type in words: `an Int16`, `a ProductTab (details or reviews)`.
        var typeWords: String {
            let values = cases.map { " (" + Prose.list($0, conjunction: "or") + ")" } ?? ""
            return Self.withArticle(swiftType) + values
        }

        /// `an Int16`, `a String`, `a UInt8`: a type's name after its indefinite article.
        static func withArticle(_ swiftType: String) -> String {
            ("AEIOaeio".contains(swiftType.first ?? "x") ? "an " : "a ") + swiftType
        }
    }
}

extension RouteManifest.Route {
    /// The keys of the route's typed link that the manifest records, each once, where the link
    /// decoder finds it: the pattern's parameters, then the rest of the path, then the query.
    /// `nil` for a route without a link type.
    ///
    /// A document read from JSON names each key once (``checkLinkKeys(at:)``); a manifest made in
    /// code may not, and a key is then taken from the first place the decoder reads, as the
    /// decoder takes it.
    var linkKeys: [RouteChange.LinkKey]? {
        guard link != nil else { return nil }
        var keys: [RouteChange.LinkKey] = []
        var names: Set<String> = []
        func add(_ key: RouteChange.LinkKey) {
            if names.insert(key.name).inserted { keys.append(key) }
        }
        for parameter in parameters {
            // The decoder finds a parameter's name in the match, never in the query: not even when
            // the link does not read the parameter.
            names.insert(parameter.name)
            guard let swiftType = parameter.swiftType else { continue }
            keys.append(
                RouteChange.LinkKey(
                    name: parameter.name, swiftType: swiftType, isOptional: parameter.isOptionalInLink,
                    place: parameter.isHost ? .host : .path, cases: parameter.cases))
        }
        if wildcard {
            if let wildcardKey {
                add(
                    RouteChange.LinkKey(
                        name: LinkSource.wildcardKey, swiftType: wildcardKey.swiftType, isOptional: false,
                        place: .wildcard, cases: wildcardKey.cases))
            }
            // With a `*`, the decoder reads `wildcard` from the path, never from the query.
            names.insert(LinkSource.wildcardKey)
        }
        for key in query ?? [] {
            add(
                RouteChange.LinkKey(
                    name: key.name, swiftType: key.swiftType, isOptional: key.isOptional, place: .query,
                    cases: key.cases))
        }
        return keys
    }

    /// The texts the pattern admits for each of its `<a|b>` parameters, by name: all that the
    /// key of that name can be given in a link of the route, whatever its type accepts.
    var listedValues: [String: [String]] {
        var listed: [String: [String]] = [:]
        for parameter in parameters where parameter.type == .values {
            if let values = parameter.values { listed[parameter.name] = values }
        }
        return listed
    }
}
