import DispatchKit
import Foundation

extension RedirectRules {
    /// Reads and validates a rules document (the format is in ``RedirectRules``).
    ///
    /// The whole document is checked before anything is returned: either every rule is valid and
    /// kept, in order, or the first problem is thrown and nothing is kept.
    ///
    /// ```swift
    /// func updated(_ rules: RedirectRules, from downloaded: Data) -> RedirectRules {
    ///     do {
    ///         return try RedirectRules(json: downloaded)
    ///     } catch {
    ///         print("kept the previous rules: \(error)")  // … rules[2]: unknown field "when.flags"
    ///         return rules
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter json: UTF-8 JSON, at most ``maximumDocumentSize`` bytes.
    /// - Throws: ``RedirectRulesError``: first problems with the document (size, encoding, JSON
    ///   syntax, nesting, `"version"`, its fields, the number of rules), then the first rule with a
    ///   problem, with its index. A comma before a closing bracket (`[rule,]`), which some JSON
    ///   parsers accept and others refuse, is refused on every platform, with the rule's index when
    ///   it is inside a rule. Within a rule, duplicate and unknown fields come first, then the
    ///   fields' presence and types (`pattern`, `target`, `when`, `note`), then what the rule means
    ///   (see ``Rule/init(pattern:target:condition:note:mapsRetiredLinks:)``).
    /// - Complexity: O(*n*) in the size of the document.
    public init(json: Data) throws(RedirectRulesError) {
        guard json.count <= Self.maximumDocumentSize else {
            throw RedirectRulesError(problem: .documentTooLarge(bytes: json.count))
        }
        // JSONSerialization also reads UTF-16 and UTF-32, which the scan below does not; JSON
        // exchanged between systems is UTF-8 (RFC 8259, 8.1), so the others are refused. Their
        // first two bytes hold a NUL (for ASCII text) or a byte-order mark.
        let start = json.prefix(2).map { $0 }
        if start.count == 2, start.contains(0) || start == [0xFE, 0xFF] || start == [0xFF, 0xFE] {
            throw RedirectRulesError(problem: .invalidJSON("the document is not UTF-8"))
        }
        let scan = json.withUnsafeBytes { JSONStructureScan($0, maximumNesting: Self.maximumNesting) }
        if scan.isTooDeep { throw RedirectRulesError(problem: .nestingTooDeep) }
        if let path = scan.trailingComma { throw Self.trailingComma(at: path) }
        if let error = scan.syntaxError { throw RedirectRulesError(problem: .invalidJSON(error.description)) }
        let root: Any
        do {
            // Fragments allowed, so that a document that is a string or a number is refused as
            // "not an object" rather than as unreadable.
            root = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw RedirectRulesError(problem: .invalidJSON(reason ?? error.localizedDescription))
        }
        self.init(try DocumentReader(duplicateKeys: scan.duplicateKeys).rules(in: root))
    }
}

extension RedirectRules {
    /// The error for a comma before the closing bracket of the array or object at `path`: in a
    /// rule, with its index and the field inside it; else in the document, naming the field.
    fileprivate static func trailingComma(at path: [JSONStructureScan.PathComponent]) -> RedirectRulesError {
        var path = path[...]
        var ruleIndex: Int?
        if path.count >= 2, path.first == .key("rules"), case .index(let index) = path[path.startIndex + 1] {
            ruleIndex = index
            path = path.dropFirst(2)
        }
        let field = path.map { component in
            switch component {
            case .key(let key): return key
            case .index(let index): return "\(index)"
            }
        }
        return RedirectRulesError(
            ruleIndex: ruleIndex, problem: .trailingComma(field: field.joined(separator: ".")))
    }
}

/// Reads the values `JSONSerialization` made into rules, checking every field on the way.
private struct DocumentReader {
    typealias Path = [JSONStructureScan.PathComponent]

    let duplicateKeys: [Path: [String]]

    func rules(in root: Any) throws(RedirectRulesError) -> [RedirectRules.Rule] {
        guard let document = root as? [String: Any] else {
            throw wrongType("", .object, root)
        }
        // The version first: it says which fields the document may have, and a later format may
        // have fields whose meaning this one does not know.
        var version = 1
        if let value = document["version"] {
            guard let number = JSONValueKind.integer(value) else {
                throw wrongType("version", .integer, value)
            }
            guard (1...RedirectRules.currentFormatVersion).contains(number) else {
                throw RedirectRulesError(problem: .unsupportedFormatVersion(number))
            }
            version = number
        }
        if let problem = fieldProblem(in: document, at: [], prefix: "", allowed: ["version", "rules"]) {
            throw RedirectRulesError(problem: problem)
        }
        guard let value = document["rules"] else { throw RedirectRulesError(problem: .missingField("rules")) }
        guard let rules = value as? [Any] else {
            throw wrongType("rules", .array, value)
        }
        guard rules.count <= RedirectRules.maximumRuleCount else {
            throw RedirectRulesError(problem: .tooManyRules(count: rules.count))
        }
        var result: [RedirectRules.Rule] = []
        result.reserveCapacity(rules.count)
        for (index, value) in rules.enumerated() {
            do throws(RedirectRulesError) {
                result.appendOffThePath(
                    try rule(in: value, at: [.key("rules"), .index(index)], version: version))
            } catch {
                throw RedirectRulesError(ruleIndex: index, problem: error.problem)
            }
        }
        return result
    }

    /// The fields of a rule, and the format version that defines each.
    private static let ruleFields = ["pattern": 1, "target": 1, "when": 1, "note": 1, "retired": 2]

    private func rule(in value: Any, at path: Path, version: Int) throws(RedirectRulesError)
        -> RedirectRules.Rule
    {
        guard let rule = value as? [String: Any] else {
            throw wrongType("", .object, value)
        }
        let allowed = Set(Self.ruleFields.filter { $0.value <= version }.keys)
        if let problem = fieldProblem(in: rule, at: path, prefix: "", allowed: allowed) {
            // A field of a later version in an earlier document: say which version it needs.
            if case .unknownField(let field) = problem, let needed = Self.ruleFields[field] {
                throw RedirectRulesError(problem: .fieldOfLaterVersion(field: field, version: needed))
            }
            throw RedirectRulesError(problem: problem)
        }
        let pattern = try string(rule, "pattern", prefix: "", required: true) ?? ""
        let target = try string(rule, "target", prefix: "", required: true) ?? ""
        let condition = try self.condition(in: rule["when"], at: path + [.key("when")])
        let note = try string(rule, "note", prefix: "", required: false)
        var retired = false
        if let value = rule["retired"] {
            guard let number = value as? NSNumber, JSONValueKind.isBoolean(number) else {
                throw wrongType("retired", .boolean, value)
            }
            retired = number.boolValue
        }
        // Literals cannot throw: the rule's initializer reports an invalid pattern.
        return try RedirectRules.Rule(
            pattern: RoutePattern(stringLiteral: pattern), target: RoutePattern(stringLiteral: target),
            condition: condition, note: note, mapsRetiredLinks: retired)
    }

    private func condition(in value: Any?, at path: Path) throws(RedirectRulesError)
        -> RedirectRules.Condition
    {
        guard let value else { return RedirectRules.Condition() }
        guard let when = value as? [String: Any] else {
            throw wrongType("when", .object, value)
        }
        if let problem = fieldProblem(in: when, at: path, prefix: "when.", allowed: ["appVersion", "flag"]) {
            throw RedirectRulesError(problem: problem)
        }
        var condition = RedirectRules.Condition()
        if let value = when["appVersion"] {
            guard let range = value as? [String: Any] else {
                throw wrongType("when.appVersion", .object, value)
            }
            let prefix = "when.appVersion."
            if let problem = fieldProblem(
                in: range, at: path + [.key("appVersion")], prefix: prefix, allowed: ["min", "max"])
            {
                throw RedirectRulesError(problem: problem)
            }
            guard range["min"] != nil || range["max"] != nil else {
                throw RedirectRulesError(problem: .emptyVersionCondition)
            }
            condition.minimumVersion = try version(range, "min", prefix: prefix)
            condition.maximumVersion = try version(range, "max", prefix: prefix)
        }
        condition.flag = try string(when, "flag", prefix: "when.", required: false)
        return condition
    }

    private func wrongType(_ field: String, _ expected: RedirectRulesError.JSONType, _ value: Any)
        -> RedirectRulesError
    {
        RedirectRulesError(
            problem: .wrongType(field: field, expected: expected, found: JSONValueKind.kind(of: value)))
    }

    /// The first field of `object` written twice, then the first (by name) it does not allow.
    private func fieldProblem(
        in object: [String: Any], at path: Path, prefix: String, allowed: Set<String>
    ) -> RedirectRulesError.Problem? {
        if let duplicate = duplicateKeys[path]?.first { return .duplicateField(prefix + duplicate) }
        if let unknown = JSONValueKind.firstUnknownField(in: object, allowed: allowed) {
            return .unknownField(prefix + unknown)
        }
        return nil
    }

    private func string(
        _ object: [String: Any], _ key: String, prefix: String, required: Bool
    ) throws(RedirectRulesError) -> String? {
        guard let value = object[key] else {
            if required { throw RedirectRulesError(problem: .missingField(prefix + key)) }
            return nil
        }
        guard let string = value as? String else {
            throw wrongType(prefix + key, .string, value)
        }
        return string
    }

    private func version(_ object: [String: Any], _ key: String, prefix: String) throws(RedirectRulesError)
        -> RedirectRules.Version?
    {
        guard let text = try string(object, key, prefix: prefix, required: false) else { return nil }
        guard let version = RedirectRules.Version(text) else {
            throw RedirectRulesError(problem: .invalidVersion(field: prefix + key, text))
        }
        return version
    }
}
