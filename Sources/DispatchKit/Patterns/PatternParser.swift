/// Parses the route-pattern grammar (see ``RoutePattern``) in one pass over its UTF-8 bytes.
package struct PatternParser: ~Copyable {
    /// Optional groups a pattern may have; each doubles the number of forms the index holds.
    static let maximumGroups = 8

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// A handful at most: an array is cheaper than a set.
    private var names: [String] = []
    private var groupCount = 0
    private var hasWildcard = false

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    package static func parse(_ string: String) -> Result<CompiledPattern, RoutePatternError> {
        var string = string
        return string.withUTF8 { bytes in
            var parser = PatternParser(bytes: bytes)
            do throws(RoutePatternError) {
                return .success(try parser.parsePattern())
            } catch {
                return .failure(error)
            }
        }
    }

    private mutating func parsePattern() throws(RoutePatternError) -> CompiledPattern {
        guard !bytes.isEmpty else { throw .empty }
        try rejectControlCharacters()
        var scheme: String?
        var host = CompiledPattern.Host.any
        // An optional group may start a path-only pattern: "(/lang/:l)/home".
        if bytes[0] != .slash, bytes[0] != .leftParenthesis {
            scheme = try parseScheme()
        }
        if scheme != nil || (bytes[0] == .slash && bytes.count > 1 && bytes[1] == .slash) {
            position += 2  // "//"
            host = try parseHost()
        }
        let elements = try parseSequence(groupStart: nil)
        if groupCount > Self.maximumGroups { throw .tooManyGroups(count: groupCount) }
        // Without groups the pattern has one form: the segments themselves.
        let expansions: [[SegmentMatcher]]
        if groupCount == 0 {
            var segments: [SegmentMatcher] = []
            segments.reserveCapacity(elements.count)
            for case .segment(let segment) in elements { segments.append(segment) }
            expansions = [segments]
        } else {
            expansions = Self.expand(elements)
        }
        return CompiledPattern(
            scheme: scheme, host: host, elements: elements, expansions: expansions, hasWildcard: hasWildcard)
    }

    /// Control and bidirectional formatting characters, anywhere: a URL never holds them raw (see
    /// ``RoutePatternError/disallowedCharacter(_:offset:)``). Whitespace and backslashes stay
    /// allowed: a literal `a b` matches the segment of `a%20b`.
    private func rejectControlCharacters() throws(RoutePatternError) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F {
                    throw .disallowedCharacter(Unicode.Scalar(byte), offset: offset(index))
                }
                index += 1
                continue
            }
            let (scalar, length) = UTF8Validation.scalar(in: bytes, at: index)
            if UTF8Validation.mayBeDisallowed(lead: byte), scalar.isDisallowedRaw,
                scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
            {
                throw .disallowedCharacter(scalar, offset: offset(index))
            }
            index += length
        }
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` followed by `://`.
    private mutating func parseScheme() throws(RoutePatternError) -> String {
        var end = 0
        while end < bytes.count,
            bytes[end].isASCIILetter
                || (end > 0
                    && (bytes[end].isASCIIDigit
                        || bytes[end] == .plus || bytes[end] == .minus || bytes[end] == .dot))
        {
            end += 1
        }
        guard end > 0, end + 2 < bytes.count, bytes[end] == .colon, bytes[end + 1] == .slash,
            bytes[end + 2] == .slash
        else {
            // `{scheme}://host/a`: a placeholder where the scheme goes.
            if let separator = firstIndex(of: "://"), bytes[..<separator].contains(where: \.isForeignSyntax) {
                throw .unsupportedSyntax(
                    text(0..<separator), suggestion: "name the scheme, or start with // for any scheme",
                    offset: 0)
            }
            throw .missingLeadingSlash
        }
        position = end + 1
        return text(0..<end).lowercased()
    }

    /// A literal host, `:name` or `*`, up to the path.
    private mutating func parseHost() throws(RoutePatternError) -> CompiledPattern.Host {
        let start = position
        while position < bytes.count, bytes[position] != .slash, bytes[position] != .leftParenthesis,
            bytes[position] != .rightParenthesis
        {
            position += 1
        }
        let host = text(start..<position)
        if host.isEmpty { throw .syntax("empty host", offset: offset(start)) }
        if host == "*" { return .wildcard }
        if host.utf8.first == .colon {
            try rejectForeignSyntax(inParameter: start..<position, isHost: true)
            let name = String(host.dropFirst())
            try declare(name, at: start)
            return .parameter(name)
        }
        try rejectForeignSyntax(in: start..<position, isHost: true)
        for scalar in host.unicodeScalars where !scalar.isAllowedInHost {
            let reason = scalar == ":" ? " (ports are not part of patterns)" : ""
            throw .syntax("\"\(scalar)\" cannot appear in a host\(reason)", offset: offset(start))
        }
        // The form a parsed URL's host takes: lowercased as the URL parser does, then in ASCII.
        var lowercased = host
        lowercased = lowercased.withUTF8(HostName.lowercased)
        do throws(Punycode.LabelTooLong) {
            return .literal(try Punycode.asciiHostNamingLabel(lowercased))
        } catch {
            throw .syntax(
                "the host label \"\(error.label)\" is over \(Punycode.maximumLabelLength) bytes in its ASCII (punycode) form",
                offset: offset(start))
        }
    }

    /// Segments and groups until the end, or until the `)` that closes the group opened at `groupStart`.
    private mutating func parseSequence(groupStart: Int?) throws(RoutePatternError) -> [PathElement] {
        var elements: [PathElement] = []
        if groupStart == nil {
            // One element per "/" at most: one allocation instead of regrowing.
            elements.reserveCapacity(bytes[position...].reduce(0) { $0 + ($1 == .slash ? 1 : 0) })
        }
        while position < bytes.count {
            switch bytes[position] {
            case .slash:
                let slash = position
                position += 1
                let start = position
                while position < bytes.count, bytes[position] != .slash, bytes[position] != .leftParenthesis,
                    bytes[position] != .rightParenthesis
                {
                    position += 1
                }
                if start == position {
                    // One trailing "/" is harmless (URLs drop it too); any other empty segment is a mistake.
                    if position == bytes.count, groupStart == nil { return elements }
                    throw .emptySegment(offset: offset(slash))
                }
                if let segment = try parseSegment(start..<position, inGroup: groupStart != nil) {
                    elements.append(.segment(segment))
                }
            case .leftParenthesis:
                let open = position
                position += 1
                guard position < bytes.count, bytes[position] == .slash else {
                    throw .emptyGroup(offset: offset(open))
                }
                groupCount += 1
                let group = try parseSequence(groupStart: open)
                if group.isEmpty { throw .emptyGroup(offset: offset(open)) }
                elements.append(.group(group))
            case .rightParenthesis:
                guard groupStart != nil else { throw .unbalancedGroup(offset: offset(position)) }
                position += 1
                return elements
            default:
                throw .syntax("expected \"/\" or \"(\"", offset: offset(position))
            }
        }
        if let groupStart { throw .unbalancedGroup(offset: offset(groupStart)) }
        return elements
    }

    /// One segment's text: `*` (returns `nil`), `:name`, `:name<type>` or a literal.
    private mutating func parseSegment(_ range: Range<Int>, inGroup: Bool) throws(RoutePatternError)
        -> SegmentMatcher?
    {
        let segment = text(range)
        if segment == "*" {
            guard !inGroup, position == bytes.count else {
                throw .misplacedWildcard(offset: offset(range.lowerBound))
            }
            hasWildcard = true
            return nil
        }
        guard bytes[range.lowerBound] == .colon else {
            try rejectForeignSyntax(in: range, isHost: false)
            if segment == "." || segment == ".." { throw .dotSegment(offset: offset(range.lowerBound)) }
            if range.contains(where: { bytes[$0] == UInt8(ascii: "*") }) {
                throw .syntax("\"*\" stands alone, as the last segment", offset: offset(range.lowerBound))
            }
            return .literal(segment)
        }
        let nameStart = range.lowerBound + 1
        var nameEnd = nameStart
        while nameEnd < range.upperBound, bytes[nameEnd] != .lessThan { nameEnd += 1 }
        let name = text(nameStart..<nameEnd)
        try rejectForeignSyntax(inParameter: range, isHost: false)
        try declare(name, at: range.lowerBound)
        guard nameEnd < range.upperBound else { return .parameter(name, nil) }
        guard bytes[range.upperBound - 1] == .greaterThan else {
            throw .syntax("a type ends with \">\" at the end of its segment", offset: offset(nameEnd))
        }
        let type = text(nameEnd + 1..<range.upperBound - 1)
        switch type {
        case "int": return .parameter(name, .int)
        case "uuid": return .parameter(name, .uuid)
        default:
            // Split as a Substring, as the placeholder's parts are: one copy of the split code.
            let values = Substring(type).split(separator: "|", omittingEmptySubsequences: false).map(
                String.init)
            guard values.count > 1 else { throw .unknownType(type, offset: offset(nameEnd + 1)) }
            if values.contains(where: \.isEmpty) {
                throw .syntax("empty value in the list <\(type)>", offset: offset(nameEnd + 1))
            }
            return .parameter(name, .oneOf(values))
        }
    }

    /// Refuses `<`, `>`, `{`, `}` and `?` in a literal segment or host: other routers' parameters
    /// (`<int:id>`, `{id}`) and a query (`/search?q=:q`), which would otherwise be literal text that
    /// no URL's decoded segment ever holds by intent, and the route would silently never match.
    /// The error names the DispatchKit spelling where there is one.
    private func rejectForeignSyntax(in range: Range<Int>, isHost: Bool) throws(RoutePatternError) {
        guard let first = range.first(where: { bytes[$0].isForeignSyntax }) else { return }
        if bytes[first] == .questionMark {
            // The query runs to the end of the pattern, slashes included (`?next=/a/b`).
            throw .unsupportedSyntax(
                text(first..<bytes.count), suggestion: Self.querySuggestion, offset: offset(first))
        }
        let whole = text(range)
        let placeholder: String
        if let spelling = Self.parameterSpelling(of: whole) {
            placeholder = isHost ? "a host parameter is written :\(spelling.name)" : spelling.suggestion
        } else {
            placeholder = Self.placeholderSuggestion
        }
        throw .unsupportedSyntax(whole, suggestion: placeholder, offset: offset(range.lowerBound))
    }

    private static let querySuggestion =
        "a pattern matches the path, never the query; read query items from query or from the properties "
        + "of a typed link"

    private static let placeholderSuggestion =
        "\"<\", \">\", \"{\" and \"}\" are not literal text in a pattern; a parameter is written :name or "
        + ":name<int>, and a segment that holds one of them is matched with a parameter"

    /// Other routers' syntax in a parameter segment (`:…`, or a `:name` host), which would
    /// otherwise be an invalid name with no hint: a query after the name or the type
    /// (`:q?page=:p`, `:id<int>?page=1`), an optional parameter (`:id?`, `:id<int>?`), a type in
    /// braces (`:id{int}`) or a placeholder after the colon (`:{id}`, `:<int:id>`). The error names
    /// the DispatchKit spelling. A type that ends the segment (`<a|b?>`) is a list of values to
    /// compare, where these characters are text.
    private func rejectForeignSyntax(inParameter range: Range<Int>, isHost: Bool) throws(RoutePatternError) {
        let last = range.upperBound - 1
        let typeStart = isHost ? nil : range.dropFirst().first { bytes[$0] == .lessThan }
        let name = range.lowerBound + 1..<(typeStart ?? range.upperBound)
        // A `?` ends the segment (an optional parameter) or starts a query, unless a type that ends
        // the segment lists it.
        let typeEndsSegment = typeStart != nil && bytes[last] == .greaterThan
        let questionMark = (typeEndsSegment ? name : range.lowerBound + 1..<range.upperBound).first {
            bytes[$0] == .questionMark
        }
        guard questionMark != nil || name.isEmpty || name.contains(where: { bytes[$0].isForeignSyntax })
        else { return }
        let segment = text(range)
        if let questionMark, questionMark != last || isHost {
            // The query runs to the end of the pattern, slashes included (`?next=/a/b`).
            throw .unsupportedSyntax(
                text(questionMark..<bytes.count), suggestion: Self.querySuggestion,
                offset: offset(questionMark))
        }
        let suggestion: String
        if questionMark != nil {
            let spelling = Self.dispatchKitSpelling(ofParameter: String(segment.dropLast())) ?? ":name"
            suggestion = "an optional segment is a group: (/\(spelling))"
        } else if let spelling = Self.dispatchKitSpelling(ofParameter: segment) {
            // `:id{int}`, `:{id}`, and `:<int:id>`, whose placeholder reads as a nameless type.
            suggestion =
                isHost
                ? "a host parameter is written :\(spelling.dropFirst().prefix { $0 != "<" })"
                : "a parameter is written \(spelling)"
        } else if !name.isEmpty {
            suggestion = Self.placeholderSuggestion
        } else {
            // `/:`: no name, which the name check reports.
            return
        }
        throw .unsupportedSyntax(segment, suggestion: suggestion, offset: offset(range.lowerBound))
    }

    /// How DispatchKit writes a parameter segment `:…` that may use another router's syntax:
    /// itself when it is DispatchKit's (`:id`, `:id<int>`), `:id<int>` for `:id{int}`, `:{id:int}`
    /// or `:<int:id>`; `nil` when no name can be read from it.
    static func dispatchKitSpelling(ofParameter segment: String) -> String? {
        let body = segment.utf8.dropFirst()
        let nameBytes = body.prefix(while: \.isPatternNameByte)
        let name = String(decoding: nameBytes, as: UTF8.self)
        let rest = String(decoding: body.dropFirst(nameBytes.count), as: UTF8.self)
        if !name.isEmpty, rest.isEmpty || (rest.first == "<" && rest.last == ">") { return segment }
        if name.isEmpty, let placeholder = placeholder(in: rest), !placeholder.isRest {
            return placeholder.typed
        }
        // `:id{int}`: the type in braces after the name.
        if !name.isEmpty, rest.first == "{", rest.last == "}", rest.count > 2,
            let placeholder = placeholder(in: "{\(name):\(rest.dropFirst().dropLast())}")
        {
            return placeholder.typed
        }
        return nil
    }

    /// The DispatchKit spelling of another router's placeholder that fills a whole segment:
    /// `<id>`, `<int:id>` (URLNavigator, Flask), `{id}`, `{id:int}`, `{id?}`, `{*rest}`.
    static func parameterSpelling(of text: String) -> (name: String, suggestion: String)? {
        guard let placeholder = placeholder(in: text) else { return nil }
        let suggestion: String
        if placeholder.isRest {
            suggestion = "the rest of the path is matched by a final *"
        } else if placeholder.isOptional {
            suggestion = "an optional segment is a group: (/\(placeholder.typed))"
        } else {
            suggestion = "a parameter is written \(placeholder.typed)"
        }
        return (placeholder.name, suggestion)
    }

    /// Another router's placeholder read: its name, how DispatchKit writes it (`:id<int>`), and
    /// whether it is optional (`{id?}`) or takes the rest of the path (`{*rest}`, `<path:rest>`).
    private static func placeholder(in text: String) -> (
        name: String, typed: String, isOptional: Bool, isRest: Bool
    )? {
        guard let open = text.first, let close = text.last, text.count > 2,
            (open == "<" && close == ">") || (open == "{" && close == "}")
        else { return nil }
        var body = Substring(text.dropFirst().dropLast())
        if body.hasPrefix("*") {
            let name = String(body.drop(while: { $0 == "*" }))
            return (name, ":\(name)", false, true)
        }
        let isOptional = body.hasSuffix("?")
        if isOptional { body = body.dropLast() }
        // `<type:name>` puts the type first, `{name:type}` last.
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let (name, type) =
            parts.count == 1
            ? (parts[0], Substring("")) : open == "<" ? (parts[1], parts[0]) : (parts[0], parts[1])
        guard !name.isEmpty, name.utf8.allSatisfy(\.isPatternNameByte) else { return nil }
        if type == "path" { return (String(name), ":\(name)", false, true) }
        let typed: String
        switch type.lowercased() {
        case "int", "long", "number": typed = ":\(name)<int>"
        case "uuid", "guid": typed = ":\(name)<uuid>"
        default: typed = ":\(name)"
        }
        return (String(name), typed, isOptional, false)
    }

    private mutating func declare(_ name: String, at start: Int) throws(RoutePatternError) {
        guard !name.isEmpty, name.utf8.allSatisfy(\.isPatternNameByte) else {
            throw .invalidParameterName(name, offset: offset(start + 1))
        }
        guard !names.contains(name) else { throw .duplicateParameter(name) }
        names.append(name)
    }

    /// Every way through the optional groups: each group taken before it is skipped, left to
    /// right, so earlier forms are preferred when two match equally well.
    static func expand(_ elements: [PathElement]) -> [[SegmentMatcher]] {
        var forms: [[SegmentMatcher]] = [[]]
        for element in elements {
            switch element {
            case .segment(let segment):
                for index in forms.indices { forms[index].append(segment) }
            case .group(let group):
                let inner = expand(group)
                forms = forms.flatMap { form in inner.map { form + $0 } + [form] }
            }
        }
        return forms
    }

    /// Where `needle` (ASCII) first starts in the pattern.
    private func firstIndex(of needle: StaticString) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard bytes.count >= count else { return nil }
        return (0...(bytes.count - count)).first { start in
            (0..<count).allSatisfy { bytes[start + $0] == needle.utf8Start[$0] }
        }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Byte offset to character (Unicode scalar) offset, for messages.
    private func offset(_ byteOffset: Int) -> Int {
        (0..<min(byteOffset, bytes.count)).reduce(0) { $0 + (bytes[$1] & 0xC0 != 0x80 ? 1 : 0) }
    }
}

extension UInt8 {
    static let leftParenthesis = UInt8(ascii: "(")
    static let rightParenthesis = UInt8(ascii: ")")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let leftBrace = UInt8(ascii: "{")
    static let rightBrace = UInt8(ascii: "}")

    /// Letters, digits and `_`: what a parameter's name is made of.
    var isPatternNameByte: Bool { isASCIILetter || isASCIIDigit || self == UInt8(ascii: "_") }

    /// `<`, `>`, `{`, `}` and `?`: other routers' syntax, never literal text in a pattern.
    var isForeignSyntax: Bool {
        self == .lessThan || self == .greaterThan || self == .leftBrace || self == .rightBrace
            || self == .questionMark
    }
}
