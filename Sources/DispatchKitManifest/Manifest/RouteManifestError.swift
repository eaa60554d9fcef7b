import DispatchKit
import DispatchKitRules

/// Why a manifest document was refused: where (a path such as `routes[3].pattern`) and what.
public struct RouteManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Hashable {
        /// Not UTF-8 JSON, or nested too deep: where (`line 3, column 7: …`) and what.
        case invalidJSON(String)
        /// A comma before a closing bracket, which JSON does not allow.
        case trailingComma
        /// A key written twice in one object.
        case duplicateKey(String)
        /// A `schemaVersion` this DispatchKit does not read.
        case unsupportedSchemaVersion(Int)
        /// A required field is missing.
        case missingField
        /// A field the schema does not define: a typo, or a field of a later schema version (whose
        /// document says so with its `schemaVersion`, and is refused whole).
        case unknownField
        /// A field, or the document, holds a value of another type, or `null`: `expected` and
        /// `found` name the JSON types (`an integer`, `a string`).
        case wrongType(expected: String, found: String)
        /// A field holds a value outside its set (an unknown parameter type or exposure level).
        case invalidValue(String)
        /// A pattern that does not parse.
        case invalidPattern(RoutePatternError)
        /// An entry that contradicts its pattern (parameters, wildcard, examples).
        case inconsistent(String)
    }

    /// Where: `routes[3].pattern`, `schemaVersion`; empty for the document as a whole.
    public let path: String
    /// What.
    public let problem: Problem

    /// An error at `path`.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The index of the route the error is in, if it is in one.
    public var routeIndex: Int? {
        guard path.hasPrefix("routes["), let end = path.firstIndex(of: "]") else { return nil }
        return Int(path[path.index(path.startIndex, offsetBy: 7)..<end])
    }

    /// `routes[3].pattern: …`, in plain words.
    public var description: String {
        let place = path.isEmpty ? "the document" : path
        switch problem {
        case .invalidJSON(let reason):
            return path.isEmpty ? "not valid JSON: \(reason)" : "\(place): \(reason)"
        case .trailingComma: return "\(place): a comma before the closing bracket, which JSON does not allow"
        case .duplicateKey(let key): return "\(place): the key \"\(key)\" is written twice"
        case .unsupportedSchemaVersion(let version):
            return "\(place): schema version \(version) is not one this DispatchKit reads "
                + "(it reads 1 to \(RouteManifest.currentSchemaVersion))"
        case .missingField: return "\(place): missing"
        case .unknownField:
            return "\(place): unknown field (the document's schema version does not define it)"
        case .wrongType(let expected, let found):
            if path.isEmpty { return "the manifest must be \(expected), not \(found)" }
            return "\(place): must be \(expected), not \(found)"
        case .invalidValue(let reason): return "\(place): \(reason)"
        case .invalidPattern(let error): return "\(place): invalid pattern: \(error)"
        case .inconsistent(let reason): return "\(place): \(reason)"
        }
    }

    /// The error for what the decoder refused in `document`, the same document as a
    /// `JSONSerialization` tree, where the value it refused is looked up to name its type.
    init(_ error: DecodingError, in document: Any) {
        func value(at codingPath: [any CodingKey]) -> Any? {
            var value: Any? = document
            for key in codingPath {
                if let index = key.intValue {
                    value = (value as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }
                } else {
                    value = (value as? [String: Any])?[key.stringValue]
                }
            }
            return value
        }
        func found(at codingPath: [any CodingKey]) -> String {
            value(at: codingPath).map { "\(JSONValueKind.kind(of: $0))" } ?? "nothing"
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath + [key]), problem: .missingField)
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            self.init(
                path: Self.path(context.codingPath),
                problem: .wrongType(expected: Self.jsonName(of: type), found: found(at: context.codingPath)))
        case .dataCorrupted(let context):
            let path = Self.path(context.codingPath)
            let given = (value(at: context.codingPath) as? String).map { "\"\($0)\" is " } ?? ""
            switch context.codingPath.last?.stringValue {
            case "type":
                let kinds = RouteManifest.ParameterKind.allCases.map(\.rawValue)
                self.init(
                    path: path,
                    problem: .invalidValue(given + "not one of " + Prose.list(kinds, conjunction: "or"))
                )
            case "level":
                let levels = RouteManifest.Exposure.Level.allCases.map(\.rawValue)
                self.init(
                    path: path,
                    problem: .invalidValue(given + "not one of " + Prose.list(levels, conjunction: "or")))
            default:
                self.init(
                    path: path,
                    problem: path.isEmpty
                        ? .invalidJSON(context.debugDescription) : .invalidValue(context.debugDescription))
            }
        @unknown default:
            self.init(path: "", problem: .invalidJSON("\(error)"))
        }
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    static func path(_ components: [JSONStructureScan.PathComponent]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            }
        }
        return text
    }

    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Bool.Type: return "true or false"
        default:
            return String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
