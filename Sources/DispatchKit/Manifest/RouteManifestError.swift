/// Why a manifest document was refused: where (a path such as `routes[3].pattern`) and what.
public struct RouteManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Hashable {
        /// Not UTF-8 JSON, or nested too deep; the parser's words.
        case invalidJSON(String)
        /// A comma before a closing bracket, which JSON does not allow.
        case trailingComma
        /// A key written twice in one object.
        case duplicateKey(String)
        /// A `schemaVersion` this DispatchKit does not read.
        case unsupportedSchemaVersion(Int)
        /// A required field is missing.
        case missingField
        /// A field holds a value of another type, or `null`; `expected` names the type.
        case wrongType(expected: String)
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
        case .invalidJSON(let reason): return "\(place): not a JSON manifest: \(reason)"
        case .trailingComma: return "\(place): a comma before the closing bracket, which JSON does not allow"
        case .duplicateKey(let key): return "\(place): the key \"\(key)\" is written twice"
        case .unsupportedSchemaVersion(let version):
            return "\(place): schema version \(version) is not one this DispatchKit reads "
                + "(it reads \(RouteManifest.currentSchemaVersion))"
        case .missingField: return "\(place): missing"
        case .wrongType(let expected): return "\(place): not \(expected)"
        case .invalidValue(let reason): return "\(place): \(reason)"
        case .invalidPattern(let error): return "\(place): invalid pattern: \(error)"
        case .inconsistent(let reason): return "\(place): \(reason)"
        }
    }

    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath + [key]), problem: .missingField)
        case .typeMismatch(let type, let context):
            self.init(
                path: Self.path(context.codingPath), problem: .wrongType(expected: Self.jsonName(of: type)))
        case .valueNotFound(let type, let context):
            self.init(
                path: Self.path(context.codingPath), problem: .wrongType(expected: Self.jsonName(of: type)))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self.init(path: "", problem: .invalidJSON(context.debugDescription))
            } else {
                self.init(
                    path: Self.path(context.codingPath), problem: .invalidValue(context.debugDescription))
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
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            return "an object (\(name))"
        }
    }
}
