/// A JSON value written with its keys sorted (by UTF-8 bytes), two-space indentation and one value
/// per line, the same on every platform: what the route manifest, the apple-app-site-association
/// file and assetlinks.json are written with, so that a committed copy changes only where its
/// source does.
indirect enum SortedJSON {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([SortedJSON])
    case object([(String, SortedJSON)])

    func write(to text: inout String, indent: String) {
        switch self {
        case .string(let string): Self.write(string, to: &text)
        case .integer(let integer): text += String(integer)
        case .boolean(let boolean): text += boolean ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += indent + "  "
                element.write(to: &text, indent: indent + "  ")
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let fields):
            guard !fields.isEmpty else {
                text += "{}"
                return
            }
            let sorted = fields.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
            text += "{\n"
            for (index, (key, value)) in sorted.enumerated() {
                text += indent + "  "
                Self.write(key, to: &text)
                text += ": "
                value.write(to: &text, indent: indent + "  ")
                text += index == sorted.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    private static func write(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
