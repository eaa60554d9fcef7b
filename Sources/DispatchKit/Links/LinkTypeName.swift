/// The name a message gives a link type: qualified by the types it is nested in, without its
/// module (`ProductActivity.Link`, where `String(describing:)` says only `Link`).
func linkTypeName(_ type: Any.Type) -> String {
    // "Module.Outer.(unknown context at $1a2b).Inner": a type declared in a function or as
    // `private` has an anonymous context in its path; drop those and the module.
    var components: [Substring] = []
    var depth = 0
    var start = String(reflecting: type)[...]
    var current = start.startIndex
    // Split on the dots outside generic arguments and parentheses.
    while current < start.endIndex {
        let character = start[current]
        if character == "<" || character == "(" { depth += 1 }
        if character == ">" || character == ")" { depth -= 1 }
        if character == ".", depth == 0 {
            components.append(start[start.startIndex..<current])
            start = start[start.index(after: current)...]
            current = start.startIndex
            continue
        }
        current = start.index(after: current)
    }
    components.append(start)
    let named = components.filter { !$0.hasPrefix("(unknown context") }
    return named.dropFirst(named.count > 1 ? 1 : 0).joined(separator: ".")
}
