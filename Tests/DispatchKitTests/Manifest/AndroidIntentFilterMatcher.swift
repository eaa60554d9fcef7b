import Foundation

// How Android reads App Link intent filters, written from its documentation and the matcher's
// source, independently of the generator's code:
// - <data> (developer.android.com/guide/topics/manifest/data-element): all the <data> elements of
//   one filter combine, every scheme with every host with every path; `path` is the whole path,
//   `pathPrefix` its start, `pathPattern` and `pathAdvancedPattern` patterns; a `\` in a value is
//   read as an escape when the manifest is compiled, before the pattern is parsed.
// - PatternMatcher (developer.android.com/reference/android/os/PatternMatcher, and
//   core/java/android/os/PatternMatcher.java of the Android Open Source Project): the simple glob
//   reads `.` as any character, `x*` as a run of `x`, `.*` followed by a character as "up to the
//   first occurrence of that character" and at the end as "the rest", and `\` as an escape
//   (though an escaped `.` outside `.*` still matches any character); the advanced glob reads
//   `.`, sets `[…]`/`[^…]` with ranges, the modifiers `*`, `+`, `{m}`, `{m,n}`, `{m,}`, and `\`,
//   and matches greedily without backtracking.
// - The path compared is `Uri.getPath()`: decoded. Characters are UTF-16 code units, as in Java.

/// The intent filters of a generated XML text, and the answer for one URL.
struct AndroidIntentFilterMatcher {
    struct Filter {
        var schemes: [String] = []
        var hosts: [String] = []
        var paths: [(attribute: String, value: String)] = []
        var autoVerify = false
        var actions: [String] = []
        var categories: [String] = []
    }

    let filters: [Filter]

    init(xml: String) {
        var filters: [Filter] = []
        for block in xml.components(separatedBy: "<intent-filter").dropFirst() {
            var filter = Filter()
            let end = block.range(of: "</intent-filter>")?.lowerBound ?? block.endIndex
            let body = block[..<end]
            filter.autoVerify = body.prefix(while: { $0 != ">" }).contains("android:autoVerify=\"true\"")
            for element in body.components(separatedBy: "<").dropFirst() {
                let attributes = Self.attributes(of: element)
                if element.hasPrefix("action ") { filter.actions += attributes.map(\.1) }
                if element.hasPrefix("category ") { filter.categories += attributes.map(\.1) }
                guard element.hasPrefix("data ") else { continue }
                for (name, value) in attributes {
                    let compiled = Self.resourceString(Self.xmlText(value))
                    switch name {
                    case "android:scheme": filter.schemes.append(compiled)
                    case "android:host": filter.hosts.append(compiled)
                    default: filter.paths.append((String(name.dropFirst("android:".count)), compiled))
                    }
                }
            }
            filters.append(filter)
        }
        self.filters = filters
    }

    /// `name="value"` pairs of one element.
    static func attributes(of element: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var rest = Substring(element)
        while let equals = rest.range(of: "=\"") {
            let name = rest[..<equals.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            let afterQuote = rest[equals.upperBound...]
            guard let close = afterQuote.firstIndex(of: "\"") else { break }
            result.append((name, String(afterQuote[..<close])))
            rest = afterQuote[afterQuote.index(after: close)...]
        }
        return result
    }

    /// XML's entities and character references.
    static func xmlText(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                if entity.hasPrefix("#x"), let value = UInt32(entity.dropFirst(2), radix: 16),
                    let scalar = Unicode.Scalar(value)
                {
                    out.unicodeScalars.append(scalar)
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }

    /// The resource compiler's escapes: `\\`, `\"`, `\'`.
    static func resourceString(_ text: String) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                if !["\\", "\"", "'"].contains(character) { out.append("\\") }
                out.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Whether an `https` URL on `host` with this decoded path opens the app.
    func claims(host: String, decodedPath path: String) -> Bool {
        filters.contains { filter in
            filter.autoVerify && filter.schemes.contains("https") && filter.hosts.contains(host)
                && filter.actions.contains("android.intent.action.VIEW")
                && filter.categories.contains("android.intent.category.BROWSABLE")
                && filter.paths.contains { Self.matches($0.attribute, $0.value, path) }
        }
    }

    /// Whether a link of an app's own `scheme` on `host` (`nil`: a link without one) with this
    /// decoded path opens the app. Android compares the scheme and the host as written; a host of
    /// `*` matches every host, but a link must have one to match a filter that names hosts.
    func claims(scheme: String, host: String?, decodedPath path: String) -> Bool {
        guard let host else { return false }
        return filters.contains { filter in
            filter.schemes.contains(scheme) && filter.hosts.contains { $0 == "*" || $0 == host }
                && filter.actions.contains("android.intent.action.VIEW")
                && filter.categories.contains("android.intent.category.BROWSABLE")
                && filter.paths.contains { Self.matches($0.attribute, $0.value, path) }
        }
    }

    static func matches(_ attribute: String, _ pattern: String, _ path: String) -> Bool {
        switch attribute {
        case "path": return path == pattern
        case "pathPrefix": return path.hasPrefix(pattern)
        case "pathPattern": return simpleGlob(Array(pattern.utf16), Array(path.utf16))
        case "pathAdvancedPattern": return advancedGlob(Array(pattern.utf16), Array(path.utf16))
        default: return false
        }
    }

    static let dot = UInt16(UInt8(ascii: "."))
    static let star = UInt16(UInt8(ascii: "*"))
    static let backslash = UInt16(UInt8(ascii: "\\"))

    static func simpleGlob(_ pattern: [UInt16], _ text: [UInt16]) -> Bool {
        if pattern.isEmpty { return text.isEmpty }
        var p = 0
        var t = 0
        while p < pattern.count, t < text.count {
            var character = pattern[p]
            p += 1
            var escaped = false
            if character == backslash, p < pattern.count {
                character = pattern[p]
                p += 1
                escaped = true
            }
            if p < pattern.count, pattern[p] == star {
                p += 1
                if !escaped && character == dot {
                    if p >= pattern.count { return true }
                    var stop = pattern[p]
                    if stop == backslash, p + 1 < pattern.count {
                        p += 1
                        stop = pattern[p]
                    }
                    while t < text.count, text[t] != stop { t += 1 }
                    if t == text.count { return false }
                    p += 1
                    t += 1
                } else {
                    while t < text.count, text[t] == character { t += 1 }
                }
            } else {
                if character != dot, text[t] != character { return false }
                t += 1
            }
        }
        if p >= pattern.count, t >= text.count { return true }
        return p == pattern.count - 2 && pattern[p] == dot && pattern[p + 1] == star
    }

    enum AdvancedToken {
        case any
        case character(UInt16)
        case set([ClosedRange<UInt16>], inverted: Bool)
    }

    static func advancedGlob(_ pattern: [UInt16], _ text: [UInt16]) -> Bool {
        var tokens: [(token: AdvancedToken, minimum: Int, maximum: Int)] = []
        var p = 0
        func ascii(_ character: Character) -> UInt16 { UInt16(character.asciiValue ?? 0) }
        while p < pattern.count {
            let character = pattern[p]
            p += 1
            let token: AdvancedToken
            if character == ascii("[") {
                var inverted = false
                if p < pattern.count, pattern[p] == ascii("^") {
                    inverted = true
                    p += 1
                }
                var ranges: [ClosedRange<UInt16>] = []
                while p < pattern.count, pattern[p] != ascii("]") {
                    var low = pattern[p]
                    if low == backslash, p + 1 < pattern.count {
                        p += 1
                        low = pattern[p]
                    }
                    if p + 2 < pattern.count, pattern[p + 1] == ascii("-"), pattern[p + 2] != ascii("]") {
                        ranges.append(low...pattern[p + 2])
                        p += 3
                    } else {
                        ranges.append(low...low)
                        p += 1
                    }
                }
                p += 1
                token = .set(ranges, inverted: inverted)
            } else if character == dot {
                token = .any
            } else if character == backslash, p < pattern.count {
                token = .character(pattern[p])
                p += 1
            } else {
                token = .character(character)
            }
            var minimum = 1
            var maximum = 1
            if p < pattern.count {
                if pattern[p] == star {
                    (minimum, maximum) = (0, Int.max)
                    p += 1
                } else if pattern[p] == ascii("+") {
                    (minimum, maximum) = (1, Int.max)
                    p += 1
                } else if pattern[p] == ascii("{"), let close = pattern[p...].firstIndex(of: ascii("}")) {
                    let range = String(decoding: pattern[(p + 1)..<close], as: UTF16.self)
                    let bounds = range.split(separator: ",", omittingEmptySubsequences: false)
                    minimum = Int(bounds[0]) ?? 0
                    maximum = bounds.count == 1 ? minimum : (Int(bounds[1]) ?? Int.max)
                    p = close + 1
                }
            }
            tokens.append((token, minimum, maximum))
        }
        var t = 0
        for (token, minimum, maximum) in tokens {
            var count = 0
            while count < maximum, t + count < text.count {
                let unit = text[t + count]
                let accepted: Bool
                switch token {
                case .any: accepted = true
                case .character(let character): accepted = unit == character
                case .set(let ranges, let inverted):
                    accepted = ranges.contains { $0.contains(unit) } != inverted
                }
                guard accepted else { break }
                count += 1
            }
            if count < minimum { return false }
            t += count
        }
        return t == text.count
    }
}
