import Foundation

/// The single-pass parser behind ``DispatchURL/init(string:limits:)``.
///
/// It walks the UTF-8 bytes of the input once, left to right: scheme, authority, path segments,
/// query pairs, fragment. Each component is validated and decoded as it is found, so no byte is
/// looked at more than a constant number of times and hostile input costs O(n).
struct URLParser: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: DispatchURL.Limits
    private var position = 0
    /// Whether ``paths`` would not write the path back as it was written, so that the parsed URL
    /// keeps the text (``DispatchURL/rawPath``): set by ``pathWithCare()`` and for a relative path
    /// without its leading `/`, never for an empty path.
    private var keepsRawPath = false

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: DispatchURL.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    static func parse(_ string: String, limits: DispatchURL.Limits) throws(DispatchURLError) -> DispatchURL {
        #if DEBUG
            assert(ByteClass.tableMatchesRule, "ByteClass.table does not spell out ByteClass.rule")
        #endif
        // A negative limit would read as none (a query count never equals it) or refuse
        // everything with a misleading message: the app's mistake, named whatever the input.
        if limits.hasNegativeLimit, let error = limits.invalidLimit() { throw error }
        if string.isEmpty { throw .empty }
        let length = string.utf8.count
        if length > limits.maximumLength { throw .tooLong(length: length, limit: limits.maximumLength) }
        // A native string lends its UTF-8 as it is; a bridged one is copied into a contiguous one.
        // The closures only rethrow untyped errors, so the typed one is carried out in `failure`.
        var failure: DispatchURLError?
        let body = { (bytes: UnsafeBufferPointer<UInt8>) -> DispatchURL? in
            var parser = URLParser(bytes: bytes, limits: limits)
            do throws(DispatchURLError) {
                return try parser.parseURL()
            } catch {
                failure = error
                return nil
            }
        }
        let parsed: DispatchURL?
        if let lent = string.utf8.withContiguousStorageIfAvailable(body) {
            parsed = lent
        } else {
            var contiguous = string
            parsed = contiguous.withUTF8(body)
        }
        if let parsed { return parsed }
        throw failure ?? .empty  // (failure is set whenever parsed is nil)
    }

    // MARK: - Components

    private mutating func parseURL() throws(DispatchURLError) -> DispatchURL {
        let scheme = parseScheme()
        var userinfo: String?
        var host: String?
        var port: Int?
        var opaque = false
        // Where the host is, or would be: after "//", else right after the scheme.
        let hostStart: Int
        if lookingAt(.slash, .slash) {
            position += 2
            hostStart = position
            (userinfo, host, port) = try parseAuthority()
        } else {
            hostStart = position
            if position < bytes.count, ByteClass.of(bytes[position]) & ByteClass.pathEnd == 0 {
                // `mailto:a@b.c`, `javascript:alert(1)`: a path that does not start with "/" (RFC
                // 3986 path-rootless). It is split and matched like any other; only the output differs.
                // A relative one (`a/b`) is written back with a "/", so its text is kept.
                if scheme != nil { opaque = true } else { keepsRawPath = true }
            }
        }
        // A web URL names a host: `http://` and `https:///product/42` are not links to anything
        // (WHATWG: a special scheme other than `file` needs a non-empty host), and reading the
        // path of the second as a relative reference would open a page no web link names. One
        // compare when there is no host, none when there is one.
        if host == nil, let scheme, Self.requiresHost(scheme) {
            throw .missingHost(scheme: scheme, offset: scalarOffset(hostStart))
        }
        let pathStart = position
        let paths = try parsePath()
        // The path as written, kept only where `paths` would not write it back the same: an
        // escape, an empty or dot segment (the root's "/" too), a relative path without its "/".
        // Ordinary paths keep nothing, and ``DispatchURL/rawPath`` writes them when asked.
        var tail: String?
        if position < bytes.count, bytes[position] == .questionMark {
            position += 1
            let start = position
            // Validated now (escapes, UTF-8, characters, the item limit), decoded when read.
            try validateQuery()
            if !keepsRawPath { tail = string(start..<position) }
        }
        // The path and the query as one text (``DispatchURL/tail``).
        if keepsRawPath { tail = rareString(pathStart..<position) }
        var fragment: String?
        if position < bytes.count, bytes[position] == .numberSign {
            fragment = try decode(position + 1..<bytes.count, plusIsSpace: false)
            position = bytes.count
        }
        if opaque, let scheme, !paths.isEmpty {
            return .opaque(
                scheme: scheme, paths: paths, tail: tail, tailHoldsPath: keepsRawPath, fragment: fragment)
        }
        return DispatchURL(
            scheme: scheme, userinfo: userinfo, host: host, port: port, paths: paths, tail: tail,
            tailHoldsPath: keepsRawPath, fragment: fragment)
    }

    /// Whether URLs of `scheme` (lowercased) always name a host: the WHATWG URL Standard's special
    /// schemes but `file`, whose host may be empty (`file:///etc/hosts`).
    private static func requiresHost(_ scheme: String) -> Bool {
        switch scheme {
        case "http", "https", "ws", "wss", "ftp": return true
        default: return false
        }
    }

    /// Decodes a query that an earlier parse validated (the text after `?`, before `#`).
    // Out of line, as `parseQuery(decoding:)`: each of the two held a copy of the query loop
    // (1 KB of an app); one call per query costs a parse next to nothing.
    @inline(never)
    static func queryItems(in query: String) -> [URLQueryItem] {
        var query = query
        return query.withUTF8 { bytes in
            let unlimited = DispatchURL.Limits(
                maximumLength: .max, maximumPathSegments: .max, maximumQueryItems: .max)
            var parser = URLParser(bytes: bytes, limits: unlimited)
            // It was validated when the URL was parsed, so this cannot fail; if it somehow did,
            // no items is the safe answer.
            return (try? parser.parseQuery(decoding: true)) ?? []
        }
    }

    /// The decoded values of the query items named `name` in a query that an earlier parse
    /// validated (`""` for an item without `=`), collected into `values`: the first, or every one
    /// in order.
    ///
    /// For a typed link, which reads a few names of a query that may carry many more (`utm_*`):
    /// names are compared as bytes (decoded first only if they hold `%` or `+`), and only the
    /// values of the items named `name` are decoded. No array of items is built.
    static func values(named name: String, in query: String, into values: inout QueryValues) {
        var query = query
        var name = name
        query.withUTF8 { bytes in
            name.withUTF8 { name in
                let unlimited = DispatchURL.Limits(
                    maximumLength: .max, maximumPathSegments: .max, maximumQueryItems: .max)
                URLParser(bytes: bytes, limits: unlimited).values(named: name, into: &values)
            }
        }
    }

    /// What ``values(named:in:into:)`` collects: the first value, or every one in order. A value
    /// rather than a closure to call for each: the visit was specialized for each closure passed to
    /// it, a kilobyte and a half of an app's code a copy.
    struct QueryValues {
        /// Whether to read every value, or stop at the first.
        let readsAll: Bool
        var first: String?
        var all: [String] = []
    }

    private func values(named name: UnsafeBufferPointer<UInt8>, into values: inout QueryValues) {
        let count = bytes.count
        var start = 0
        while start < count {
            // One item: its name up to "=" (or its end), its value after.
            var end = start
            var equals = -1
            var escaped = false
            while end < count {
                let byte = bytes[end]
                if byte == .ampersand || byte == .numberSign { break }
                if byte == .equals, equals < 0 { equals = end }
                if byte == .percent || byte == .plus { escaped = true }
                end += 1
            }
            let nameEnd = equals < 0 ? end : equals
            if end > start, isName(start..<nameEnd, name, escaped: escaped) {
                // Validated when the URL was parsed: decoding cannot fail; if it somehow did, the
                // item is skipped.
                let value: String?
                if equals < 0 {
                    value = ""
                } else if !escaped {
                    // Nothing to decode: the bytes are the value (and valid UTF-8, checked when parsed).
                    value = String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[equals + 1..<end]), as: UTF8.self)
                } else {
                    value = try? decode(equals + 1..<end, plusIsSpace: true)
                }
                if let value {
                    guard values.readsAll else {
                        values.first = value
                        return
                    }
                    values.all.append(value)
                }
            }
            if end < count, bytes[end] == .numberSign { return }
            start = end + 1
        }
    }

    /// Whether the query name in `range` decodes to `name`; `escaped`: whether its item holds a
    /// `%` or `+`, so that its name may need decoding.
    @inline(__always)
    private func isName(_ range: Range<Int>, _ name: UnsafeBufferPointer<UInt8>, escaped: Bool) -> Bool {
        if escaped, bytes[range].contains(where: { $0 == .percent || $0 == .plus }) {
            let decoded = (try? decode(range, plusIsSpace: true)) ?? ""
            return decoded.utf8.elementsEqual(name)
        }
        guard range.count == name.count else { return false }
        // A name is a few bytes: a loop, where memcmp would be a call (and a Darwin import).
        for offset in 0..<name.count where bytes[range.lowerBound + offset] != name[offset] {
            return false
        }
        return true
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` — anything else means "no scheme", and the
    /// input is a relative reference (so `mine_home:x` is a path, as RFC 3986 reads it).
    private mutating func parseScheme() -> String? {
        guard let first = bytes.first, first.isASCIILetter else { return nil }
        var index = 1
        var seen = ByteClass.of(first)
        while index < bytes.count {
            let byte = bytes[index]
            let flags = ByteClass.of(byte)
            // Letters, digits, "-" and "." are the host characters; "+" is the one more.
            if flags & ByteClass.notHostCharacter != 0 {
                guard byte == .colon else {
                    if byte == .plus {
                        index += 1
                        continue
                    }
                    return nil
                }
                let scheme = string(0..<index)
                position = index + 1
                return seen & ByteClass.uppercase != 0 ? scheme.lowercased() : scheme
            }
            seen |= flags
            index += 1
        }
        return nil
    }

    /// `[ userinfo "@" ] host [ ":" port ]`, up to the first `/`, `?` or `#`.
    private mutating func parseAuthority() throws(DispatchURLError) -> (String?, String?, Int?) {
        // One scan finds the end, the last "@" and the first ":" after it, and notes whether any
        // byte needs care and whether the host is plain (letters, digits, "-", "."), so that the
        // usual authority is not looked at again.
        let start = position
        var end = start
        var lastAt: Int?
        var colon: Int?
        var seen: UInt8 = 0  // the flags of every byte
        var hostSeen: UInt8 = 0  // the flags of the bytes after the last "@" and before the ":" after it
        while end < bytes.count {
            let byte = bytes[end]
            let flags = ByteClass.of(byte)
            if flags & ByteClass.pathEnd != 0 { break }
            seen |= flags
            if flags & ByteClass.notHostCharacter != 0 {
                if byte == .at {
                    lastAt = end
                    colon = nil
                    hostSeen = 0
                    end += 1
                    continue
                }
                if byte == .colon, colon == nil { colon = end }
            }
            if colon == nil { hostSeen |= flags }
            end += 1
        }
        position = end
        // Raw characters first, so that a space in a port or an IP literal is reported as the space.
        if seen & ByteClass.careful != 0 { try rejectDisallowedCharacters(in: start..<end) }

        var userinfo: String?
        var hostStart = start
        if let at = lastAt {
            userinfo = try decode(start..<at, plusIsSpace: false)
            hostStart = at + 1
        }

        var hostEnd = end
        var host: String?
        if hostStart < end, bytes[hostStart] == .leftBracket {
            guard let close = (hostStart..<end).first(where: { bytes[$0] == .rightBracket }) else {
                throw .invalidHost(text(hostStart..<end), offset: scalarOffset(hostStart))
            }
            host = try parseIPLiteral(hostStart + 1..<close)
            hostEnd = close + 1
            if hostEnd < end, bytes[hostEnd] != .colon {
                throw .invalidHost(text(hostStart..<end), offset: scalarOffset(hostStart))
            }
        } else {
            hostEnd = colon ?? end
            if hostStart < hostEnd, hostSeen & ByteClass.notHostCharacter == 0 {
                // The usual host: nothing to decode or check.
                let name = string(hostStart..<hostEnd)
                host = hostSeen & ByteClass.uppercase != 0 ? name.lowercased() : name
            } else {
                host = try parseRegisteredName(hostStart..<hostEnd)
            }
        }

        var port: Int?
        if hostEnd < end {  // bytes[hostEnd] is ":"
            port = try parsePort(hostEnd + 1..<end)
        }
        if host == nil, userinfo != nil || port != nil {
            throw .invalidHost("", offset: scalarOffset(hostStart))
        }
        return (userinfo, host, port)
    }

    /// A registered name that is not plain (``parseAuthority()`` handles those): decoded, then
    /// checked to hold only what a host can hold and lowercased, in one pass (``HostName``).
    private func parseRegisteredName(_ range: Range<Int>) throws(DispatchURLError) -> String? {
        if range.isEmpty { return nil }
        let normalized: String?
        if bytes[range].contains(.percent) {
            var decoded = try decode(range, plusIsSpace: false)
            normalized = decoded.withUTF8(HostName.normalized)
        } else {
            // Raw text: the authority scan has refused disallowed characters already, and a
            // slice of a Swift string is valid UTF-8.
            normalized = HostName.normalized(UnsafeBufferPointer(rebasing: bytes[range]))
        }
        guard let normalized else {
            throw .invalidHost(text(range), offset: scalarOffset(range.lowerBound))
        }
        // A Unicode host takes its ASCII form, as Foundation and browsers give it, so that a link
        // names one host however it arrives.
        guard let ascii = Punycode.asciiHost(normalized) else {
            throw .invalidHost(text(range), offset: scalarOffset(range.lowerBound))
        }
        return ascii
    }

    /// `[` IPv6 address `]` (RFC 4291 text form, with an optional dotted IPv4 tail). Zone IDs and
    /// IPvFuture literals are rejected: no deep link needs them.
    private func parseIPLiteral(_ range: Range<Int>) throws(DispatchURLError) -> String {
        guard IPLiteral.isValidIPv6(bytes, range) else {
            throw .invalidHost(
                text(range.lowerBound - 1..<range.upperBound + 1), offset: scalarOffset(range.lowerBound - 1))
        }
        return text(range).lowercased()
    }

    /// Decimal, 0 to 65535; leading zeros are allowed (RFC 3986 `port = *DIGIT`).
    private func parsePort(_ range: Range<Int>) throws(DispatchURLError) -> Int? {
        if range.isEmpty { return nil }  // "host:" is allowed by RFC 3986 and means no port
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte.isASCIIDigit else {
                throw .invalidPort(text(range), offset: scalarOffset(range.lowerBound))
            }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            // Checked per digit, so a thousand-digit port cannot overflow.
            if value > 65_535 { throw .invalidPort(text(range), offset: scalarOffset(range.lowerBound)) }
        }
        return value
    }

    private func rejectDisallowedCharacters(in range: Range<Int>) throws(DispatchURLError) {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte.isDisallowedASCII {
                    throw .disallowedCharacter(Unicode.Scalar(byte), offset: scalarOffset(index))
                }
                index += 1
                continue
            }
            guard UTF8Validation.mayBeDisallowed(lead: byte) else {
                index += UTF8Validation.length(lead: byte)
                continue
            }
            let (scalar, length) = UTF8Validation.scalar(in: bytes, at: index)
            if scalar.isDisallowedRaw { throw .disallowedCharacter(scalar, offset: scalarOffset(index)) }
            index += length
        }
    }

    /// Splits on `/` first and decodes each segment after, drops empty segments and resolves dot
    /// segments as they come, so `..` can never climb above the root.
    private mutating func parsePath() throws(DispatchURLError) -> [String] {
        if let (paths, end) = plainPath() {
            position = end
            return paths
        }
        return try pathWithCare()
    }

    /// The usual path, or `nil` for any other: printable ASCII without escapes, empty segments
    /// (but the one before a leading `/`) or dot segments, in at most 16 segments and within the
    /// limit, which is the path as ``DispatchURL/description`` writes it back. One scan notes where
    /// the segments are, then the array is made at its final size and filled. Returns the paths and
    /// where the path ends.
    ///
    /// Only looks: for any other path, ``pathWithCare()`` starts over and finds the same errors
    /// in the same order as ever, and notes that the path is to be kept as written.
    private func plainPath() -> ([String], Int)? {
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 16) { kept -> ([String], Int)? in
            var keptCount = 0
            var index = position
            while true {
                let segmentStart = index
                let seen = scanSegment(&index)
                if seen & ByteClass.careful != 0 { return nil }
                if index > segmentStart {
                    let length = index - segmentStart
                    if length <= 2, bytes[segmentStart] == .dot, bytes[index - 1] == .dot { return nil }
                    if keptCount == kept.count || keptCount == limits.maximumPathSegments { return nil }
                    kept.initializeElement(at: keptCount, to: segmentStart..<index)
                    keptCount += 1
                } else if segmentStart > position {
                    return nil
                }
                if index == bytes.count || bytes[index] != .slash { break }
                index += 1
            }
            if keptCount == 0 { return ([], index) }
            // Array literals allocate their exact size directly; reserving and appending costs a
            // generic reallocation of the empty array and a uniqueness check per element.
            let paths: [String]
            switch keptCount {
            case 1: paths = [string(kept[0])]
            case 2: paths = [string(kept[0]), string(kept[1])]
            case 3: paths = [string(kept[0]), string(kept[1]), string(kept[2])]
            // Longer paths are rarer: their segments are made by one out-of-line copy of `string`.
            case 4:
                paths = [rareString(kept[0]), rareString(kept[1]), rareString(kept[2]), rareString(kept[3])]
            case 5:
                paths = [
                    rareString(kept[0]), rareString(kept[1]), rareString(kept[2]), rareString(kept[3]),
                    rareString(kept[4]),
                ]
            default:
                var many: [String] = []
                many.reserveCapacity(keptCount)
                for segment in kept[..<keptCount] { many.append(rareString(segment)) }
                paths = many
            }
            return (paths, index)
        }
    }

    /// Moves `index` to the end of the path segment starting there (the next `/`, `?`, `#` or the
    /// end) and returns the union of the byte classes it passed.
    private func scanSegment(_ index: inout Int) -> UInt8 {
        var seen: UInt8 = 0
        while index < bytes.count {
            let flags = ByteClass.of(bytes[index])
            if flags & ByteClass.pathEnd != 0 { break }
            seen |= flags
            index += 1
        }
        return seen
    }

    /// Any path: each segment is scanned up to its delimiter while noting whether any byte needs
    /// care (an escape, non-ASCII, a disallowed character). Segments that need none become
    /// strings as they are; the others go through ``decode(_:plusIsSpace:building:)``. Notes in
    /// ``keepsRawPath`` whether they would be written back differently: an escape, or an empty or
    /// dot segment (but the empty one before a leading `/`, which writing back gives too).
    private mutating func pathWithCare() throws(DispatchURLError) -> [String] {
        var segments: [String] = []
        // Sized once: growing by doubling copied a long path's segments about twice over.
        segments.reserveCapacity(min(segmentCountBound(), limits.maximumPathSegments))
        var count = 0
        var rewritten = false
        let start = position
        var index = position
        while true {
            let segmentStart = index
            let seen = scanSegment(&index)
            if index > segmentStart {
                count += 1
                if count > limits.maximumPathSegments {
                    throw .tooManyPathSegments(limit: limits.maximumPathSegments)
                }
                if seen & ByteClass.careful == 0 {
                    // No escapes: the raw text is the decoded segment, so look for dots in the bytes.
                    let length = index - segmentStart
                    if length <= 2, bytes[segmentStart] == .dot, bytes[index - 1] == .dot {
                        if length == 2 { _ = segments.popLast() }
                        rewritten = true
                    } else {
                        segments.append(rareString(segmentStart..<index))
                    }
                } else {
                    // Raw non-ASCII is written back as it is; an escape is written only where needed.
                    if seen & ByteClass.percent != 0 { rewritten = true }
                    let segment = try decode(segmentStart..<index, plusIsSpace: false)
                    if segment == ".." {
                        _ = segments.popLast()
                    } else if segment != "." {
                        segments.append(segment)
                    }
                }
            } else if segmentStart > start {
                rewritten = true
            }
            if index == bytes.count || bytes[index] != .slash {
                position = index
                if rewritten { keepsRawPath = true }
                return segments
            }
            index += 1
        }
    }

    /// At least the number of segments the path from ``position`` holds: one more than its slashes.
    private func segmentCountBound() -> Int {
        var slashes = 0
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if byte == .questionMark || byte == .numberSign { break }
            if byte == .slash { slashes += 1 }
            index += 1
        }
        return slashes + 1
    }

    /// Moves past the query (to the `#` or the end), checking it as `parseQuery(decoding: false)`
    /// does. One scan counts the items and notes whether any byte needs care; only if one does, or
    /// if there are too many items, does `parseQuery` go over it again to find the first error.
    private mutating func validateQuery() throws(DispatchURLError) {
        let start = position
        var index = start
        var pairStart = start
        var items = 0
        var seen: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            let flags = ByteClass.of(byte)
            if flags & (ByteClass.ampersand | ByteClass.numberSign) != 0 {
                if byte == .numberSign { break }
                if index > pairStart { items += 1 }
                pairStart = index + 1
            }
            seen |= flags
            index += 1
        }
        if index > pairStart { items += 1 }
        if seen & ByteClass.careful == 0, items <= limits.maximumQueryItems {
            position = index
            return
        }
        _ = try parseQuery(decoding: false)
    }

    /// `&`-separated pairs up to `#`, each split at its first `=`; `+` is a space here only.
    /// Without `decoding`, checks every pair and returns no items.
    @inline(never)
    private mutating func parseQuery(decoding: Bool) throws(DispatchURLError) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        var count = 0
        var pairStart = position
        var equals: Int?
        while true {
            let atEnd = position == bytes.count
            let byte = atEnd ? 0 : bytes[position]
            if atEnd || byte == .ampersand || byte == .numberSign {
                if position > pairStart {
                    if count == limits.maximumQueryItems {
                        throw .tooManyQueryItems(limit: limits.maximumQueryItems)
                    }
                    count += 1
                    let nameEnd = equals ?? position
                    let name = try decode(pairStart..<nameEnd, plusIsSpace: true, building: decoding)
                    let value = try equals.map { (equals) throws(DispatchURLError) in
                        try decode(equals + 1..<position, plusIsSpace: true, building: decoding)
                    }
                    if decoding { items.append(URLQueryItem(name: name, value: value)) }
                }
                if atEnd || byte == .numberSign { return items }
                pairStart = position + 1
                equals = nil
            } else if byte == .equals, equals == nil {
                equals = position
            }
            position += 1
        }
    }

    // MARK: - Decoding

    /// Validates the characters and escapes of one component and returns it decoded (or, when
    /// not `building`, only validates it and returns `""`).
    ///
    /// The common case (no `%`, no `+` to translate) makes one pass and one string.
    private func decode(_ range: Range<Int>, plusIsSpace: Bool, building: Bool = true)
        throws(DispatchURLError) -> String
    {
        var needsDecoding = false
        var index = range.lowerBound
        // Printable ASCII without escapes needs no checks, only "+" may need translating: skip it.
        while index < range.upperBound {
            let flags = ByteClass.of(bytes[index])
            if flags & ByteClass.careful != 0 { break }
            if flags & ByteClass.plus != 0, plusIsSpace { needsDecoding = true }
            index += 1
        }
        while index < range.upperBound {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte.isDisallowedASCII {
                    throw .disallowedCharacter(Unicode.Scalar(byte), offset: scalarOffset(index))
                }
                if byte == .percent {
                    guard index + 2 < range.upperBound, bytes[index + 1].isASCIIHexDigit,
                        bytes[index + 2].isASCIIHexDigit
                    else {
                        throw .malformedPercentEscape(
                            text(escapeCandidate(at: index, in: range)), offset: scalarOffset(index))
                    }
                    if bytes[index + 1] == UInt8(ascii: "0"), bytes[index + 2] == UInt8(ascii: "0") {
                        throw .encodedNUL(offset: scalarOffset(index))
                    }
                    needsDecoding = true
                    index += 3
                    continue
                }
                if byte == .plus, plusIsSpace { needsDecoding = true }
                index += 1
            } else if !UTF8Validation.mayBeDisallowed(lead: byte) {
                // The input came from a Swift String, so its UTF-8 is valid: the lead byte tells the length.
                // (The same check as rejectDisallowedCharacters', written out: a shared throwing
                // helper cost 21% more instructions on a CJK path, even inlined.)
                index += UTF8Validation.length(lead: byte)
            } else {
                let (scalar, length) = UTF8Validation.scalar(in: bytes, at: index)
                if scalar.isDisallowedRaw {
                    throw .disallowedCharacter(scalar, offset: scalarOffset(index))
                }
                index += length
            }
        }
        if !needsDecoding {
            return building ? string(range) : ""
        }

        // Decoding never lengthens: a stack buffer for short components, one allocation for long ones.
        let outcome = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) {
            buffer -> Result<String, DispatchURLError> in
            var count = 0
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                if byte == .percent {
                    buffer[count] = UInt8(hexDigit: bytes[index + 1]) << 4 | UInt8(hexDigit: bytes[index + 2])
                    index += 3
                } else {
                    buffer[count] = byte == .plus && plusIsSpace ? .space : byte
                    index += 1
                }
                count += 1
            }
            let decoded = UnsafeBufferPointer(rebasing: buffer[..<count])
            if let bad = UTF8Validation.firstInvalidByte(in: decoded) {
                let escapes = escapeRun(containingDecodedByte: bad, of: range)
                return .failure(.invalidUTF8(text(escapes), offset: scalarOffset(escapes.lowerBound)))
            }
            return .success(building ? String(decoding: decoded, as: UTF8.self) : "")
        }
        return try outcome.get()
    }

    /// `%` and the (at most two) whole characters after it, for the message of a malformed escape:
    /// cutting at three bytes could split a multi-byte character.
    private func escapeCandidate(at index: Int, in range: Range<Int>) -> Range<Int> {
        var end = index + 1
        for _ in 0..<2 where end < range.upperBound {
            end += UTF8Validation.scalar(in: bytes, at: end).1
        }
        return index..<min(end, range.upperBound)
    }

    /// The run of consecutive `%XX` escapes in `range` that produced decoded byte `target`.
    /// Only called on the error path.
    private func escapeRun(containingDecodedByte target: Int, of range: Range<Int>) -> Range<Int> {
        var index = range.lowerBound
        var produced = 0
        var runStart: Int?
        while index < range.upperBound {
            if bytes[index] == .percent {
                if runStart == nil { runStart = index }
                if produced == target {
                    var end = index + 3
                    while end < range.upperBound, bytes[end] == .percent { end += 3 }
                    return (runStart ?? index)..<end
                }
                index += 3
            } else {
                runStart = nil
                index += 1
            }
            produced += 1
        }
        return range
    }

    // MARK: - Helpers

    private func lookingAt(_ first: UInt8, _ second: UInt8) -> Bool {
        position + 1 < bytes.count && bytes[position] == first && bytes[position + 1] == second
    }

    /// The bytes in `range` (within `bytes`, on scalar boundaries) as a string.
    ///
    /// Most components are short: up to 15 bytes, the string is built in place (no allocation) by
    /// copying the bytes, which is much cheaper than `String(decoding:as:)` (that validates the
    /// UTF-8 again and checks for ASCII in separate passes). The bytes are valid UTF-8 either way:
    /// they are a slice of a Swift string.
    @inline(__always)
    private func string(_ range: Range<Int>) -> String {
        let count = range.count
        if count <= 15, let base = bytes.baseAddress, #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            let source = UnsafeRawPointer(base + range.lowerBound)
            return String(unsafeUninitializedCapacity: count) { buffer in
                guard count <= buffer.count, let target = buffer.baseAddress else { return 0 }
                Self.copy(count, from: source, to: UnsafeMutableRawPointer(target))
                return count
            }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// ``string(_:)`` for the rarer components (a path of more than three segments, one with dot
    /// segments or escapes, a raw path kept): one copy of it instead of one per place (2 KB of an app).
    @inline(never)
    private func rareString(_ range: Range<Int>) -> String {
        string(range)
    }

    /// Copies `count` bytes, at most 15, with at most four loads and four stores (two overlapping
    /// halves) instead of a call to `memcpy`, which costs more than the copy at these sizes.
    @inline(__always)
    private static func copy(_ count: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer)
    {
        if count >= 8 {
            let tail = count - 8
            let head = source.loadUnaligned(as: UInt64.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: tail, as: UInt64.self), toByteOffset: tail,
                as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
        } else if count >= 4 {
            let tail = count - 4
            let head = source.loadUnaligned(as: UInt32.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: tail, as: UInt32.self), toByteOffset: tail,
                as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
        } else if count > 0 {
            // 1 to 3 bytes: the first, the middle and the last (some of them the same byte).
            let middle = count / 2
            let tail = count - 1
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            target.storeBytes(
                of: source.load(fromByteOffset: middle, as: UInt8.self), toByteOffset: middle, as: UInt8.self)
            target.storeBytes(
                of: source.load(fromByteOffset: tail, as: UInt8.self), toByteOffset: tail, as: UInt8.self)
        }
    }

    private func text(_ range: Range<Int>) -> String {
        String(
            decoding: UnsafeBufferPointer(rebasing: bytes[range.clamped(to: 0..<bytes.count)]), as: UTF8.self)
    }

    /// Converts a byte offset to the Unicode scalar offset that errors report.
    private func scalarOffset(_ byteOffset: Int) -> Int {
        var count = 0
        for index in 0..<min(byteOffset, bytes.count) where bytes[index] & 0xC0 != 0x80 {
            count += 1
        }
        return count
    }
}
