import DispatchKit
import Foundation

/// A value type of the decoding table (see ``DispatchLink``) known by its name, the one the route
/// manifest records for a link's property (`linkTypeName(_:)`): `String`, `Bool`, `Double`,
/// `Float`, `UUID` and the integers of every width.
///
/// What a tool without the app's types — a comparison of two exported manifests — decodes a text
/// with: the same rules as the link decoder, so that it refuses exactly what the app refuses.
enum LinkBuiltInType: Sendable, Hashable {
    case string, bool, double, float, uuid
    /// An integer of `bitWidth` bits. `Int` and `UInt` are 64 bits wide on every platform an app
    /// ships on (arm64 and x86_64), so they are recorded as `Int64` and `UInt64` are.
    case integer(bitWidth: Int, isSigned: Bool)

    /// The type named `typeName`, or `nil` for any other name (an enum, a type of the app).
    init?(typeName: String) {
        switch typeName {
        case "String": self = .string
        case "Bool": self = .bool
        case "Double": self = .double
        case "Float": self = .float
        case "UUID": self = .uuid
        case "Int", "Int64": self = .integer(bitWidth: 64, isSigned: true)
        case "Int8": self = .integer(bitWidth: 8, isSigned: true)
        case "Int16": self = .integer(bitWidth: 16, isSigned: true)
        case "Int32": self = .integer(bitWidth: 32, isSigned: true)
        case "UInt", "UInt64": self = .integer(bitWidth: 64, isSigned: false)
        case "UInt8": self = .integer(bitWidth: 8, isSigned: false)
        case "UInt16": self = .integer(bitWidth: 16, isSigned: false)
        case "UInt32": self = .integer(bitWidth: 32, isSigned: false)
        default: return nil
        }
    }

    /// Why the link decoder refuses `text` for this type, or `nil` if it decodes: by the functions
    /// the decoder reads each of these types with, not by decoding one of each type, which copied
    /// the decoder once per type into the binary.
    func refusal(of text: String) -> LinkDecodingError.Reason? {
        do throws(LinkDecodingError) {
            switch self {
            case .string: break
            case .bool: _ = try LinkScalar.bool(text, key: "")
            case .double: _ = try LinkScalar.double(text, key: "")
            case .float: _ = try LinkScalar.float(text, key: "")
            case .uuid: if LinkText.uuid(text) == nil { return .malformed }
            case .integer(let bitWidth, let isSigned):
                _ = try LinkScalar.integerBits(
                    text, bitWidth: bitWidth, isSigned: isSigned, key: "", naming: Int.self)
            }
            return nil
        } catch {
            return error.reason
        }
    }
}
