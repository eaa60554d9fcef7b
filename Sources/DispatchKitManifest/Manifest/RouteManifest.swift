import DispatchKit

/// The app's routes as a document: what each pattern is, which activity it reaches, who may reach
/// it, and example URLs that exercise it.
///
/// An app's routes are a contract with everything that links into it: old push campaigns, web
/// pages, other apps, the Android app, the server's redirect rules. The manifest writes that
/// contract down so that other platforms can read it and CI can compare it between releases:
///
/// ```swift
/// @MainActor func exportRoutes(center: DispatchCenter) -> String {
///     let manifest = center.routeManifest()
///     return manifest.jsonString()  // sorted keys, stable order: a committed copy diffs cleanly
/// }
/// ```
///
/// Schema version 4 (``currentSchemaVersion``), in JSON: an object with `schemaVersion`,
/// `routes` (``Route``), `customClaimants` (``CustomClaimant``) and, if the center has one,
/// `fallback` (a ``CustomClaimant``). Routes are sorted by pattern, then activity.
///
/// Version 2 added what a class's typed link (`DispatchActivity.linkType`) reads: a route's
/// ``Route/link`` and ``Route/query``, and a parameter's ``Parameter/swiftType``. Version 3 adds
/// what each of those keys accepts: whether the link requires a parameter
/// (``Parameter/isOptionalInLink``), the raw values of an enum key (``Parameter/cases``,
/// ``QueryKey/cases``), and the type the link reads the rest of the path as
/// (``Route/wildcardKey``). They are left out for a class without a link type, so such a route
/// reads the same in every version. Version 4 adds the case of a module link a route selects
/// (``Route/linkCase``): each case of a module link is a route of its own. A version 1, 2 or 3
/// document is still read (``init(json:)``), as it was written, and compares with a version 4 one
/// without reporting changes for the fields it lacks.
public struct RouteManifest: Codable, Sendable, Hashable {
    /// The schema version this DispatchKit writes; it reads this one and every earlier one.
    public static let currentSchemaVersion = 4

    /// The schema version of the document.
    public var schemaVersion: Int
    /// One entry per declared pattern of every registered class, sorted by pattern and activity.
    public var routes: [Route]
    /// The registered classes that claim URLs with their own `isHit` and declare no pattern, in
    /// consultation order: they cannot be listed as patterns, and are not silently missing either.
    public var customClaimants: [CustomClaimant]
    /// The center's `DispatchCenter.fallback`, if it has one.
    public var fallback: CustomClaimant?

    // The coding keys of each object are declared, and CaseIterable, so that reading a manifest
    // refuses exactly the fields they do not list (RouteManifest+JSON.swift).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case schemaVersion, routes, customClaimants, fallback
    }

    /// A manifest of the current schema.
    public init(routes: [Route], customClaimants: [CustomClaimant] = [], fallback: CustomClaimant? = nil) {
        self.schemaVersion = Self.currentSchemaVersion
        self.routes = routes
        self.customClaimants = customClaimants
        self.fallback = fallback
    }

    /// One pattern of one activity.
    public struct Route: Codable, Sendable, Hashable {
        /// The pattern as declared: `/product/:id<int>(/reviews)`.
        public var pattern: String
        /// The activity's module-qualified type name: `Shop.ProductActivity`.
        public var activity: String
        /// The activity's `DispatchActivity.priority`.
        public var priority: Int
        /// Which sources may reach the activity.
        public var exposure: Exposure
        /// The pattern's parameters, in the order written (a host parameter first).
        public var parameters: [Parameter]
        /// Whether the pattern ends with `*`, the rest of the path.
        public var wildcard: Bool
        /// How the class's typed link reads the segments the pattern's `*` matched, under the key
        /// `wildcard`; `nil` for a pattern without `*`, a class without a link type, a link that
        /// does not read the key, and a pattern with a parameter named `wildcard` (which the link
        /// reads instead). Schema version 3.
        public var wildcardKey: WildcardKey?
        /// URLs the pattern matches.
        ///
        /// For a class without a link type, built from sample values (`42`, a fixed UUID, the first
        /// listed value, `sample`): one per combination of optional groups, and for a `*` one with
        /// nothing and one with a segment after the pattern. For a class with a link type, built by
        /// the encoder of `DispatchCenter.url(for:)` from values of the link: one per combination
        /// of optional groups the link can leave out, each a URL the pattern builds from a value
        /// and that decodes back to it (see ``link``).
        public var examples: [String]
        /// The name of the class's typed link (`DispatchActivity.linkType`), qualified by the
        /// types it is nested in, without its module: `ProductActivity.Link`. `nil` for a class
        /// without one. Schema version 2.
        public var link: String?
        /// The keys the class's typed link reads from the query: the ones that are not parameters
        /// of the pattern (nor, for a pattern with `*`, the key `wildcard`: see ``wildcardKey``),
        /// in the order the link reads them, each once. `nil` for a class without a link type.
        /// Schema version 2.
        public var query: [QueryKey]?
        /// For a module link (an enum whose cases are the class's routes), the case the route
        /// selects, as written in the enum (`product`): the route's ``priority`` and ``exposure``
        /// are the case's, and its keys are the case's associated values. `nil` for any other
        /// class. Schema version 4.
        public var linkCase: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case pattern, activity, priority, exposure, parameters, wildcard, wildcardKey, examples, link
            case query, linkCase
        }

        /// A route entry.
        public init(
            pattern: String, activity: String, priority: Int = 0, exposure: Exposure = .internalOnly,
            parameters: [Parameter] = [], wildcard: Bool = false, examples: [String] = [],
            link: String? = nil, query: [QueryKey]? = nil, wildcardKey: WildcardKey? = nil,
            linkCase: String? = nil
        ) {
            self.pattern = pattern
            self.activity = activity
            self.priority = priority
            self.exposure = exposure
            self.parameters = parameters
            self.wildcard = wildcard
            self.examples = examples
            self.link = link
            self.query = query
            self.wildcardKey = wildcardKey
            self.linkCase = linkCase
        }
    }

    /// How a route's typed link reads the rest of the path, the segments of the pattern's `*`,
    /// under the key `wildcard` (schema version 3).
    ///
    /// ```json
    /// {"swiftType": "Array<String>"}
    /// ```
    ///
    /// A single value reads the segments joined with `/`, an array each segment; a URL of the
    /// route always has the key (with no segment, `""` or `[]`), so whether the property is
    /// optional is not recorded.
    public struct WildcardKey: Codable, Sendable, Hashable {
        /// The Swift type of the link's property, as ``QueryKey/swiftType`` writes it:
        /// `Array<String>`, `String`, `Array<Int>`.
        public var swiftType: String
        /// For an enum whose cases can be found, or an array of one: its raw values, as
        /// ``QueryKey/cases`` records them. `nil` for any other type.
        public var cases: [String]?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case swiftType, cases
        }

        /// A wildcard key entry.
        public init(swiftType: String, cases: [String]? = nil) {
            self.swiftType = swiftType
            self.cases = cases
        }
    }

    /// A key a route's typed link reads from the query (schema version 2; ``cases`` since 3).
    ///
    /// ```json
    /// {"cases": ["details", "reviews"], "isOptional": true, "name": "tab", "swiftType": "ProductTab"}
    /// ```
    public struct QueryKey: Codable, Sendable, Hashable {
        /// The key: the query item's name.
        public var name: String
        /// The Swift type of the link's property, without its optional, qualified by the types it
        /// is nested in and without modules: `Int`, `Int16`, `ProductTab`, `Array<String>`. An
        /// integer's name says its width; `Int` and `UInt` are 64 bits wide on every platform an
        /// app ships on.
        public var swiftType: String
        /// Whether a URL may lack it: an optional property, or an array (which is then empty). A
        /// URL without a key that is not optional fails to decode.
        public var isOptional: Bool
        /// For an enum whose cases can be found, or an array of one: each case as a URL writes it
        /// (its raw value) — the only texts the key accepts. The cases of a `CaseIterable` enum
        /// are found, in the order of `allCases`, and those of any enum without associated values
        /// of 2 to 255 cases, `CaseIterable` or not, in the order declared. `nil` for any other
        /// type (which the compatibility check compares by name), among them an enum of one case
        /// or of more than 255 that is not `CaseIterable` (`DispatchCenter.validate()` notes it),
        /// and in a document of schema version 2.
        public var cases: [String]?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, swiftType, isOptional, cases
        }

        /// A query key entry.
        public init(name: String, swiftType: String, isOptional: Bool, cases: [String]? = nil) {
            self.name = name
            self.swiftType = swiftType
            self.isOptional = isOptional
            self.cases = cases
        }
    }

    /// A parameter of a pattern.
    public struct Parameter: Codable, Sendable, Hashable {
        /// The parameter's name: `id` for `:id<int>`.
        public var name: String
        /// What it accepts.
        public var type: ParameterKind
        /// For ``ParameterKind/values``, the accepted values in the order written; else `nil`.
        public var values: [String]?
        /// Whether an optional group `( … )` holds it.
        public var isOptional: Bool
        /// Whether it is the host (`//:tenant/…`) rather than a path segment.
        public var isHost: Bool
        /// The Swift type of the typed link's property of the same name, without its optional,
        /// qualified by the types it is nested in and without modules (`Int`, `Int16`,
        /// `ProductTab`, `Array<String>`); `nil` for a class without a link type, or when the link
        /// does not read the parameter (`DispatchCenter.validate()` reports it). An integer's name
        /// says its width; `Int` and `UInt` are 64 bits wide on every platform an app ships on.
        /// Schema version 2.
        public var swiftType: String?
        /// Whether the link's property may lack a value: an optional, or an array. A URL that
        /// leaves out the optional group of a parameter the link requires decodes only if its
        /// query has the key. Recorded with ``swiftType`` for a path parameter; `nil` without it,
        /// for the host parameter (every URL of the route has a host, and a host is never in an
        /// optional group), and in a document of schema version 2. Schema version 3.
        public var isOptionalInLink: Bool?
        /// For a property whose type is an enum whose cases can be found, or an array of one: each
        /// case as a URL writes it (its raw value), as ``QueryKey/cases`` records them — the only
        /// texts the link accepts, where ``values`` are those the pattern admits. `nil` for any
        /// other type, and in a document of schema version 2. Schema version 3.
        public var cases: [String]?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, type, values, isOptional, isHost, swiftType, isOptionalInLink, cases
        }

        /// A parameter entry.
        public init(
            name: String, type: ParameterKind, values: [String]? = nil, isOptional: Bool = false,
            isHost: Bool = false, swiftType: String? = nil, isOptionalInLink: Bool? = nil,
            cases: [String]? = nil
        ) {
            self.name = name
            self.type = type
            self.values = values
            self.isOptional = isOptional
            self.isHost = isHost
            self.swiftType = swiftType
            self.isOptionalInLink = isOptionalInLink
            self.cases = cases
        }
    }

    /// What a parameter accepts.
    public enum ParameterKind: String, Codable, Sendable, Hashable, CaseIterable {
        /// Any non-empty segment: `:id`.
        case plain
        /// An integer: `:id<int>`.
        case int
        /// A UUID: `:id<uuid>`.
        case uuid
        /// One of the listed values: `:kind<a|b>`.
        case values
    }

    /// Which sources may reach an activity, as `DispatchExposure` says.
    public struct Exposure: Codable, Sendable, Hashable, CustomStringConvertible {
        /// `internal` or `external`.
        public var level: Level
        /// With `external`: the only other apps admitted, by bundle identifier, sorted; `nil`
        /// admits every app.
        public var applications: [String]?

        /// The two levels.
        public enum Level: String, Codable, Sendable, Hashable, CaseIterable {
            /// Only the app's own code.
            case `internal`
            /// Sources outside the app too.
            case external
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case level, applications
        }

        /// `DispatchExposure.internalOnly`.
        public static let internalOnly = Exposure(level: .internal, applications: nil)
        /// `DispatchExposure.external`.
        public static let external = Exposure(level: .external, applications: nil)

        /// An exposure entry.
        public init(level: Level, applications: [String]? = nil) {
            self.level = level
            self.applications = applications.map { $0.sorted() }
        }

        /// The exposure of an activity class.
        public init(_ exposure: DispatchExposure) {
            if exposure == .internalOnly {
                self = .internalOnly
            } else {
                self.init(level: .external, applications: exposure.admittedApplications.map(Array.init))
            }
        }

        /// Whether universal links reach the activity (every external exposure admits them).
        public var admitsUniversalLinks: Bool { level == .external }

        /// Whether every source this admits, `other` admits too: `other` is not narrower.
        func isCovered(by other: Exposure) -> Bool {
            switch (level, other.level) {
            case (.internal, _): return true
            case (.external, .internal): return false
            case (.external, .external):
                guard let admitted = other.applications else { return true }
                guard let applications else { return false }
                return Set(applications).isSubset(of: Set(admitted))
            }
        }

        /// `internal`, `external`, `external to com.example.wallet`.
        public var description: String {
            switch (level, applications) {
            case (.internal, _): return "internal"
            case (.external, nil): return "external"
            case (.external, let applications?): return "external to " + applications.joined(separator: ", ")
            }
        }
    }

    /// A class that claims URLs without patterns (its own `isHit`), or the fallback.
    public struct CustomClaimant: Codable, Sendable, Hashable {
        /// The activity's module-qualified type name.
        public var activity: String
        /// The activity's `DispatchActivity.priority`.
        public var priority: Int
        /// Which sources may reach the activity.
        public var exposure: Exposure

        enum CodingKeys: String, CodingKey, CaseIterable {
            case activity, priority, exposure
        }

        /// A claimant entry.
        public init(activity: String, priority: Int = 0, exposure: Exposure = .internalOnly) {
            self.activity = activity
            self.priority = priority
            self.exposure = exposure
        }
    }
}
