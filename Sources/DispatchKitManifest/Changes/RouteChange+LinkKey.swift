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
        }

        /// The key: the property's coding key, the parameter's or query item's name.
        public var name: String
        /// The property's Swift type, as ``RouteManifest/QueryKey/swiftType`` writes it: `Int16`,
        /// `ProductTab`, `Array<String>`.
        public var swiftType: String
        /// Whether a URL may lack it (an optional property, or an array); `nil` when the manifest
        /// does not say (a path parameter in a document of schema version 2).
        public var isOptional: Bool?
        /// Where the link reads it.
        public var place: Place
        /// For an enum that lists its cases, the texts it accepts (its raw values); `nil` for any
        /// other type, or when the manifest does not record them.
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

        /// `id, an Int16 from the path`; `tab, a ProductTab (details or reviews) from the query`.
        public var description: String {
            "\(name), \(typeWords) from the \(place.rawValue)"
        }

        /// The type in words: `an Int16`, `a ProductTab (details or reviews)`.
        var typeWords: String {
            let article = "AEIOaeio".contains(swiftType.first ?? "x") ? "an" : "a"
            let values = cases.map { " (" + Prose.list($0, conjunction: "or") + ")" } ?? ""
            return "\(article) \(swiftType)\(values)"
        }
    }
}

extension RouteManifest.Route {
    /// The keys of the route's typed link that the manifest records, the path's first; `nil` for a
    /// route without a link type.
    var linkKeys: [RouteChange.LinkKey]? {
        guard link != nil else { return nil }
        let captured = parameters.compactMap { parameter in
            parameter.swiftType.map {
                RouteChange.LinkKey(
                    name: parameter.name, swiftType: $0, isOptional: parameter.isOptionalInLink,
                    place: parameter.isHost ? .host : .path, cases: parameter.cases)
            }
        }
        let query = (query ?? []).map {
            RouteChange.LinkKey(
                name: $0.name, swiftType: $0.swiftType, isOptional: $0.isOptional, place: .query,
                cases: $0.cases)
        }
        return captured + query
    }
}
