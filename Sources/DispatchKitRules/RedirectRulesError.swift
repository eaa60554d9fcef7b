import DispatchKit
import Foundation

/// Why a redirect-rules document, or one rule, was refused.
///
/// ``ruleIndex`` says which rule (counted from 0 in the document's `"rules"` array, `nil` for a
/// problem with the document itself or a rule made in code), ``problem`` says what is wrong, and
/// ``description`` says both in one line, naming the field:
///
/// ```swift
/// func rules(from data: Data) -> RedirectRules? {
///     do {
///         return try RedirectRules(json: data)
///     } catch {
///         print("redirect rules refused: \(error)")
///         // redirect rules refused: rules[2]: the target uses parameter "slug", which the
///         // pattern does not capture
///         return nil
///     }
/// }
/// ```
///
/// Fields are named by their path inside the rule (`pattern`, `when.appVersion.min`) or inside
/// the document (`version`, `rules`); the empty path is the rule, or the document, itself.
public struct RedirectRulesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 0-based index of the rule in the document's `"rules"` array, or `nil` for a problem
    /// with the document as a whole, or with a rule made in code
    /// (``RedirectRules/Rule/init(pattern:target:condition:note:mapsRetiredLinks:)``).
    public let ruleIndex: Int?
    /// What is wrong.
    public let problem: Problem

    /// Creates an error; ``RedirectRules`` makes these, tests compare with them.
    public init(ruleIndex: Int? = nil, problem: Problem) {
        self.ruleIndex = ruleIndex
        self.problem = problem
    }

    /// What is wrong with a document or a rule.
    public enum Problem: Sendable, Hashable {
        // The document as a whole.

        /// The document is larger than ``RedirectRules/maximumDocumentSize`` (the associated value:
        /// its size in bytes).
        case documentTooLarge(bytes: Int)
        /// Arrays and objects nested deeper than ``RedirectRules/maximumNesting`` levels.
        case nestingTooDeep
        /// The bytes are not JSON, or not UTF-8; the associated text is the parser's explanation.
        case invalidJSON(String)
        /// The `"version"` is not one this library reads: 1 to
        /// ``RedirectRules/currentFormatVersion``.
        case unsupportedFormatVersion(Int)
        /// More rules than ``RedirectRules/maximumRuleCount`` (the associated value: how many).
        case tooManyRules(count: Int)

        // The shape of the JSON, in the document or in a rule.

        /// A value of the wrong JSON type at `field` (`""` for the document or the rule itself).
        case wrongType(field: String, expected: JSONType, found: JSONType)
        /// A field this format does not define (its path): a typo, or a field of a newer format.
        case unknownField(String)
        /// A field that a later version of the format defines, in a document of an earlier one
        /// (`"retired"` without `"version": 2`): declare that version.
        case fieldOfLaterVersion(field: String, version: Int)
        /// A field written twice in the same object (its path). JSON parsers disagree about which
        /// one counts, so neither does.
        case duplicateField(String)
        /// A required field is absent (its path).
        case missingField(String)
        /// A comma after the last element of the array or object at `field` (`""` for the document
        /// or the rule itself): `[1,]`, `{"a": 1,}`. It is not JSON, and JSON parsers disagree
        /// about it, so the rules, shared with other platforms, refuse it everywhere.
        case trailingComma(field: String)

        // The meaning of a rule.

        /// `field` (`pattern` or `target`) is not a valid `RoutePattern`.
        case invalidPattern(field: String, RoutePatternError)
        /// The target uses a parameter the pattern does not capture.
        case unknownParameter(String)
        /// The target needs a parameter (outside its optional groups) that the pattern captures
        /// only inside an optional group, so some matching URLs lack it. Put it in an optional
        /// group of the target too, or outside the pattern's groups.
        case optionalParameter(String)
        /// The target has an optional group that needs this parameter, and the pattern can match
        /// a URL while capturing others of that group but not this one (they sit in different
        /// optional groups of the pattern, or one is outside any), so that URL would fill the
        /// group only in part and no target could be built. Put the group's parameters in one
        /// optional group of the pattern too.
        case partlyFilledGroup(String)
        /// The target ends in `*` but the pattern has no `*` to fill it.
        case unknownWildcard
        /// The target's host is `*`, which no URL can be built with.
        case wildcardTargetHost
        /// The pattern and the target are the same pattern: every URL it matches would redirect
        /// to itself.
        case redirectsToItself
        /// `field` is not a version: dotted non-negative integers (`"3"`, `"3.1"`, `"3.1.4"`).
        case invalidVersion(field: String, String)
        /// `when.appVersion` has neither `min` nor `max`.
        case emptyVersionCondition
        /// The minimum version is above the maximum, so the rule could never apply.
        case emptyVersionRange(minimum: RedirectRules.Version, maximum: RedirectRules.Version)
        /// The condition's flag is the empty string.
        case emptyFlag
    }

    /// The JSON types, for ``Problem/wrongType(field:expected:found:)``.
    public enum JSONType: Sendable, Hashable, CustomStringConvertible {
        /// A JSON object, `{…}`.
        case object
        /// A JSON array, `[…]`.
        case array
        /// A JSON string.
        case string
        /// A JSON number that may have a fraction or an exponent.
        case number
        /// A JSON number that must be a whole number (a priority, a version component).
        case integer
        /// `true` or `false`.
        case boolean
        /// `null`.
        case null

        /// `"an object"`, `"a string"`, …
        public var description: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .integer: return "an integer"
            case .boolean: return "a boolean"
            case .null: return "null"
            }
        }
    }

    /// Where and what, in one line: `rules[2]: unknown field "when.flags"`. The index is 0-based,
    /// like ``ruleIndex``.
    public var description: String {
        // The document or a rule of the wrong type: name which, in words.
        if case .wrongType("", .object, let found) = problem {
            guard let ruleIndex else { return "the rules document must be a JSON object, not \(found)" }
            return "rules[\(ruleIndex)]: a rule must be a JSON object, not \(found)"
        }
        guard let ruleIndex else { return problem.description }
        return "rules[\(ruleIndex)]: \(problem)"
    }
}

extension RedirectRulesError.Problem: CustomStringConvertible {
    /// The problem in plain words, naming the field.
    public var description: String {
        switch self {
        case .documentTooLarge(let bytes):
            return
                "the document is \(bytes) bytes, more than the \(RedirectRules.maximumDocumentSize) allowed"
        case .nestingTooDeep:
            return "arrays and objects nested deeper than \(RedirectRules.maximumNesting) levels"
        case .invalidJSON(let reason):
            return "not valid JSON: \(reason)"
        case .unsupportedFormatVersion(let version):
            let known = Prose.list((1...RedirectRules.currentFormatVersion).map(String.init))
            return "format version \(version) is not supported (this library reads versions \(known))"
        case .tooManyRules(let count):
            return "\(count) rules, more than the \(RedirectRules.maximumRuleCount) allowed"
        case .wrongType(let field, let expected, let found):
            let subject = field.isEmpty ? "expected" : "\"\(field)\" must be"
            return "\(subject) \(expected), not \(found)"
        case .unknownField(let field):
            return "unknown field \"\(field)\""
        case .fieldOfLaterVersion(let field, let version):
            return "\"\(field)\" is a field of format version \(version): declare \"version\": \(version)"
        case .duplicateField(let field):
            return "field \"\(field)\" appears more than once"
        case .missingField(let field):
            return "missing field \"\(field)\""
        case .trailingComma(let field):
            let place = field.isEmpty ? "a closing bracket" : "the closing bracket of \"\(field)\""
            return "a comma before \(place), which JSON does not allow"
        case .invalidPattern(let field, let error):
            return "\"\(field)\" is not a valid pattern: \(error)"
        case .unknownParameter(let name):
            return "the target uses parameter \"\(name)\", which the pattern does not capture"
        case .optionalParameter(let name):
            return
                "the target needs parameter \"\(name)\", which the pattern captures only in an optional group"
        case .partlyFilledGroup(let name):
            return
                "the target's optional group needs parameter \"\(name)\", which the pattern can leave out while capturing the rest of that group"
        case .unknownWildcard:
            return "the target ends in \"*\" but the pattern has no \"*\""
        case .wildcardTargetHost:
            return "the target's host is \"*\", which no URL can be built with"
        case .redirectsToItself:
            return "the target is the pattern itself"
        case .invalidVersion(let field, let value):
            return "\"\(field)\" is not a version: \"\(value)\" (use dotted numbers like \"3.1.4\")"
        case .emptyVersionCondition:
            return "\"when.appVersion\" needs \"min\", \"max\" or both"
        case .emptyVersionRange(let minimum, let maximum):
            return "the minimum version \(minimum) is above the maximum \(maximum)"
        case .emptyFlag:
            return "\"when.flag\" is empty"
        }
    }
}

extension RedirectRulesError: LocalizedError {
    /// The ``description``.
    public var errorDescription: String? { description }
}
