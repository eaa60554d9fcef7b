import DispatchKit
import DispatchKitRules
import Foundation

extension RouteManifest {
    /// The manifest as JSON text: keys sorted, two-space indentation, one value per line, a final
    /// newline, non-ASCII text as UTF-8. The same manifest gives the same bytes on every platform,
    /// so a committed copy changes only where the routes do.
    public func jsonString() -> String {
        var text = ""
        SortedJSON(self).write(to: &text, indent: "")
        return text + "\n"
    }

    /// ``jsonString()`` as UTF-8 data.
    public func json() -> Data {
        Data(jsonString().utf8)
    }

    /// Reads a manifest from JSON and checks it.
    ///
    /// The checks, in order: the document is UTF-8 JSON (a syntax error is reported with its line
    /// and column) without a trailing comma or a key written twice; it is an object whose
    /// `schemaVersion` is one this DispatchKit reads (``currentSchemaVersion`` or an earlier one);
    /// no object holds a field the document's schema version does not define (a typo, or a field
    /// of a later schema version: `link` in a version 1 document, `cases` in a version 2 one);
    /// every field is present with its type (optional ones: `fallback`, `values`, `applications`,
    /// and the typed-link fields `link`, `query`, `wildcardKey`, `swiftType`, `isOptionalInLink`,
    /// `cases` and `linkCase`); every pattern parses, and its `parameters` and `wildcard` say what the pattern
    /// says; the typed-link fields say one thing of each key (see ``Route/query``,
    /// ``Route/wildcardKey``, ``Parameter/isOptionalInLink``, ``QueryKey/cases``): they appear only
    /// on a route with a `link`; a key is read from one place, once; `cases` lists the raw values
    /// of a type that can have them, and `isOptionalInLink` describes a path parameter with a
    /// `swiftType`.
    ///
    /// A version 1, 2 or 3 document is read as written: ``schemaVersion`` stays as it is, and
    /// ``jsonString()`` writes it back unchanged.
    ///
    /// - Throws: ``RouteManifestError`` naming the entry (`routes[3].pattern`) and the problem.
    public init(json: Data) throws(RouteManifestError) {
        if let problem = Self.structuralProblem(in: json) { throw problem }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw RouteManifestError(path: "", problem: .invalidJSON(reason ?? error.localizedDescription))
        }
        guard let document = root as? [String: Any] else {
            throw RouteManifestError(
                path: "",
                problem: .wrongType(expected: "a JSON object", found: "\(JSONValueKind.kind(of: root))"))
        }
        // The version first: it says which fields the document may have.
        guard let version = document["schemaVersion"] else {
            throw RouteManifestError(path: "schemaVersion", problem: .missingField)
        }
        guard let number = JSONValueKind.integer(version) else {
            throw RouteManifestError(
                path: "schemaVersion",
                problem: .wrongType(expected: "an integer", found: "\(JSONValueKind.kind(of: version))"))
        }
        guard (1...Self.currentSchemaVersion).contains(number) else {
            throw RouteManifestError(path: "schemaVersion", problem: .unsupportedSchemaVersion(number))
        }
        if let path = Self.unknownField(in: document, version: number) {
            throw RouteManifestError(path: path, problem: .unknownField)
        }
        do {
            self = try JSONDecoder().decode(RouteManifest.self, from: json)
        } catch let error as DecodingError {
            throw RouteManifestError(error, in: document)
        } catch {
            throw RouteManifestError(path: "", problem: .invalidJSON("\(error)"))
        }
        try validate()
    }

    /// The fields each object of the current schema version may have: the keys it is coded with.
    private enum Fields {
        static let document = names(RouteManifest.CodingKeys.self)
        static let route = names(Route.CodingKeys.self)
        static let parameter = names(Parameter.CodingKeys.self)
        static let queryKey = names(QueryKey.CodingKeys.self)
        static let wildcardKey = names(WildcardKey.CodingKeys.self)
        static let exposure = names(Exposure.CodingKeys.self)
        static let claimant = names(CustomClaimant.CodingKeys.self)

        /// The fields version 2 added, by object: a version 1 document may not have them.
        static let routeSince2: Set<String> = [
            Route.CodingKeys.link.stringValue, Route.CodingKeys.query.stringValue,
        ]
        static let parameterSince2: Set<String> = [Parameter.CodingKeys.swiftType.stringValue]
        /// The fields version 3 added, by object: a version 1 or 2 document may not have them.
        static let routeSince3: Set<String> = [Route.CodingKeys.wildcardKey.stringValue]
        static let parameterSince3: Set<String> = [
            Parameter.CodingKeys.isOptionalInLink.stringValue, Parameter.CodingKeys.cases.stringValue,
        ]
        static let queryKeySince3: Set<String> = [QueryKey.CodingKeys.cases.stringValue]
        /// The fields version 4 added: an earlier document may not have them.
        static let routeSince4: Set<String> = [Route.CodingKeys.linkCase.stringValue]

        static func names<Keys: CodingKey & CaseIterable>(_: Keys.Type) -> Set<String> {
            Set(Keys.allCases.map(\.stringValue))
        }
    }

    /// The path of the first field the schema of `version` does not define — in the document, then
    /// route by route, then the custom claimants and the fallback; by name within one object.
    /// Values of the wrong type are left to the decoder, which names them.
    private static func unknownField(in document: [String: Any], version: Int) -> String? {
        var routeFields = version >= 2 ? Fields.route : Fields.route.subtracting(Fields.routeSince2)
        var parameterFields = Fields.parameter
        var queryKeyFields = Fields.queryKey
        if version < 3 {
            routeFields.subtract(Fields.routeSince3)
            parameterFields.subtract(Fields.parameterSince3)
            queryKeyFields.subtract(Fields.queryKeySince3)
        }
        if version < 2 { parameterFields.subtract(Fields.parameterSince2) }
        if version < 4 { routeFields.subtract(Fields.routeSince4) }
        func unknown(in object: Any?, at path: String, allowed: Set<String>) -> String? {
            guard let object = object as? [String: Any],
                let field = JSONValueKind.firstUnknownField(in: object, allowed: allowed)
            else { return nil }
            return path.isEmpty ? field : "\(path).\(field)"
        }
        func claimant(_ object: Any?, at path: String) -> String? {
            unknown(in: object, at: path, allowed: Fields.claimant)
                ?? unknown(
                    in: (object as? [String: Any])?["exposure"], at: path + ".exposure",
                    allowed: Fields.exposure)
        }
        if let field = unknown(in: document, at: "", allowed: Fields.document) { return field }
        for (index, route) in (document["routes"] as? [Any] ?? []).enumerated() {
            let path = "routes[\(index)]"
            if let field = unknown(in: route, at: path, allowed: routeFields) { return field }
            let route = route as? [String: Any]
            if let field = unknown(in: route?["exposure"], at: path + ".exposure", allowed: Fields.exposure) {
                return field
            }
            for (number, parameter) in (route?["parameters"] as? [Any] ?? []).enumerated() {
                let place = "\(path).parameters[\(number)]"
                if let field = unknown(in: parameter, at: place, allowed: parameterFields) { return field }
            }
            for (number, key) in (route?["query"] as? [Any] ?? []).enumerated() {
                let place = "\(path).query[\(number)]"
                if let field = unknown(in: key, at: place, allowed: queryKeyFields) { return field }
            }
            if let field = unknown(
                in: route?["wildcardKey"], at: path + ".wildcardKey", allowed: Fields.wildcardKey)
            {
                return field
            }
        }
        for (index, custom) in (document["customClaimants"] as? [Any] ?? []).enumerated() {
            if let field = claimant(custom, at: "customClaimants[\(index)]") { return field }
        }
        return claimant(document["fallback"], at: "fallback")
    }

    /// What JSONDecoder leaves to the platform: syntax errors with their place, a trailing comma, a
    /// key written twice, nesting.
    private static func structuralProblem(in json: Data) -> RouteManifestError? {
        let start = json.prefix(2).map { $0 }
        if start.count == 2, start.contains(0) || start == [0xFE, 0xFF] || start == [0xFF, 0xFE] {
            return RouteManifestError(path: "", problem: .invalidJSON("the document is not UTF-8"))
        }
        let scan = json.withUnsafeBytes { JSONStructureScan($0, maximumNesting: 32) }
        if scan.isTooDeep {
            return RouteManifestError(
                path: "", problem: .invalidJSON("arrays and objects nest deeper than 32 levels"))
        }
        if let path = scan.trailingComma {
            return RouteManifestError(path: RouteManifestError.path(path), problem: .trailingComma)
        }
        if let error = scan.syntaxError {
            return RouteManifestError(path: "", problem: .invalidJSON(error.description))
        }
        if let (path, keys) = scan.duplicateKeys.min(by: { "\($0.key)" < "\($1.key)" }), let key = keys.first
        {
            return RouteManifestError(
                path: RouteManifestError.path(path + [.key(key)]), problem: .duplicateKey(key))
        }
        return nil
    }

    /// What decoding cannot check: that each entry says what its pattern says.
    private func validate() throws(RouteManifestError) {
        for (index, route) in routes.enumerated() {
            let compiled: CompiledPattern
            switch RoutePattern(stringLiteral: route.pattern).compiled {
            case .success(let pattern): compiled = pattern
            case .failure(let error):
                throw RouteManifestError(path: "routes[\(index)].pattern", problem: .invalidPattern(error))
            }
            // The parameters say what the pattern says; their Swift types are the link's to say.
            var untyped = route.parameters
            for index in untyped.indices {
                untyped[index].swiftType = nil
                untyped[index].isOptionalInLink = nil
                untyped[index].cases = nil
            }
            guard untyped == compiled.manifestParameters else {
                throw RouteManifestError(
                    path: "routes[\(index)].parameters",
                    problem: .inconsistent("the parameters are not those of the pattern \(route.pattern)"))
            }
            guard route.wildcard == compiled.hasWildcard else {
                throw RouteManifestError(
                    path: "routes[\(index)].wildcard",
                    problem: .inconsistent(
                        "the pattern \(route.pattern) \(compiled.hasWildcard ? "ends" : "does not end") with *"
                    ))
            }
            try route.checkLinkKeys(at: "routes[\(index)]")
            for (number, example) in route.examples.enumerated() {
                let path = "routes[\(index)].examples[\(number)]"
                guard let url = try? DispatchURL(string: example) else {
                    throw RouteManifestError(
                        path: path, problem: .inconsistent("\(example) is not a valid URL"))
                }
                // A class with a typed link matches integers of any length.
                guard
                    RoutePattern(stringLiteral: route.pattern).match(
                        url, unboundedIntegers: route.link != nil) != nil
                else {
                    throw RouteManifestError(
                        path: path,
                        problem: .inconsistent("\(example) does not match the pattern \(route.pattern)"))
                }
            }
        }
    }
}

/// The manifest's objects as JSON values.
extension SortedJSON {
    init(_ manifest: RouteManifest) {
        var fields: [(String, SortedJSON)] = [
            ("customClaimants", .array(manifest.customClaimants.map(SortedJSON.init))),
            ("routes", .array(manifest.routes.map(SortedJSON.init))),
            ("schemaVersion", .integer(manifest.schemaVersion)),
        ]
        if let fallback = manifest.fallback { fields.append(("fallback", SortedJSON(fallback))) }
        self = .object(fields)
    }

    init(_ claimant: RouteManifest.CustomClaimant) {
        self = .object([
            ("activity", .string(claimant.activity)), ("exposure", SortedJSON(claimant.exposure)),
            ("priority", .integer(claimant.priority)),
        ])
    }

    init(_ route: RouteManifest.Route) {
        var fields: [(String, SortedJSON)] = [
            ("activity", .string(route.activity)),
            ("examples", .array(route.examples.map(SortedJSON.string))),
            ("exposure", SortedJSON(route.exposure)),
            ("parameters", .array(route.parameters.map(SortedJSON.init))),
            ("pattern", .string(route.pattern)), ("priority", .integer(route.priority)),
            ("wildcard", .boolean(route.wildcard)),
        ]
        if let link = route.link { fields.append(("link", .string(link))) }
        if let query = route.query { fields.append(("query", .array(query.map(SortedJSON.init)))) }
        if let key = route.wildcardKey { fields.append(("wildcardKey", SortedJSON(key))) }
        if let linkCase = route.linkCase { fields.append(("linkCase", .string(linkCase))) }
        self = .object(fields)
    }

    init(_ key: RouteManifest.WildcardKey) {
        var fields: [(String, SortedJSON)] = [("swiftType", .string(key.swiftType))]
        if let cases = key.cases { fields.append(("cases", .array(cases.map(SortedJSON.string)))) }
        self = .object(fields)
    }

    init(_ key: RouteManifest.QueryKey) {
        var fields: [(String, SortedJSON)] = [
            ("isOptional", .boolean(key.isOptional)), ("name", .string(key.name)),
            ("swiftType", .string(key.swiftType)),
        ]
        if let cases = key.cases { fields.append(("cases", .array(cases.map(SortedJSON.string)))) }
        self = .object(fields)
    }

    init(_ parameter: RouteManifest.Parameter) {
        var fields: [(String, SortedJSON)] = [
            ("isHost", .boolean(parameter.isHost)), ("isOptional", .boolean(parameter.isOptional)),
            ("name", .string(parameter.name)), ("type", .string(parameter.type.rawValue)),
        ]
        if let values = parameter.values { fields.append(("values", .array(values.map(SortedJSON.string)))) }
        if let swiftType = parameter.swiftType { fields.append(("swiftType", .string(swiftType))) }
        if let isOptionalInLink = parameter.isOptionalInLink {
            fields.append(("isOptionalInLink", .boolean(isOptionalInLink)))
        }
        if let cases = parameter.cases { fields.append(("cases", .array(cases.map(SortedJSON.string)))) }
        self = .object(fields)
    }

    init(_ exposure: RouteManifest.Exposure) {
        var fields: [(String, SortedJSON)] = [("level", .string(exposure.level.rawValue))]
        if let applications = exposure.applications {
            fields.insert(("applications", .array(applications.map(SortedJSON.string))), at: 0)
        }
        self = .object(fields)
    }
}
