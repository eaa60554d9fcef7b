/// The name a message gives a link type: qualified by the types it is nested in, without its
/// module (`ProductActivity.Link`, where `String(describing:)` says only `Link`), and the same for
/// the types of its generic arguments (`Array<ProductActivity.Tab>`).
///
/// The name is stable across builds and platforms, so that the route manifest can record it: no
/// module (Foundation's `UUID` lives in `FoundationEssentials` on some platforms), no anonymous
/// context (a type declared in a function or as `private` has one, with an address that changes
/// from build to build).
package func linkTypeName(_ type: Any.Type) -> String {
    var reader = TypeNameReader(String(reflecting: type))
    return reader.readType()
}

/// Reads a name `String(reflecting:)` wrote — `Swift.Array<Shop.(unknown context at $1a2b).Tab>`
/// — and writes it without modules and anonymous contexts.
private struct TypeNameReader {
    private let characters: [Character]
    private var position = 0

    init(_ text: String) {
        characters = Array(text)
    }

    /// One type: dotted components, each with its generic arguments; ends before a `,` or `>` at
    /// this depth, or at the end.
    mutating func readType() -> String {
        var components: [String] = []
        while position < characters.count {
            var component = ""
            if characters[position] == "(" {
                // A parenthesized component: an anonymous context, or a tuple or function type,
                // kept as written.
                var depth = 0
                while position < characters.count {
                    let character = characters[position]
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1 }
                    component.append(character)
                    position += 1
                    if depth == 0 { break }
                }
            }
            while position < characters.count, !".<>,".contains(characters[position]) {
                component.append(characters[position])
                position += 1
            }
            if position < characters.count, characters[position] == "<" {
                position += 1
                var arguments: [String] = []
                while position < characters.count {
                    while position < characters.count, characters[position] == " " { position += 1 }
                    arguments.append(readType())
                    guard position < characters.count else { break }
                    let separator = characters[position]
                    position += 1
                    if separator == ">" { break }
                }
                component += "<" + arguments.joined(separator: ", ") + ">"
            }
            components.append(component)
            guard position < characters.count, characters[position] == "." else { break }
            position += 1
        }
        let named = components.filter { !$0.hasPrefix("(unknown context") }
        // The first component is the module, unless the name has only one.
        return named.dropFirst(named.count > 1 ? 1 : 0).joined(separator: ".")
    }
}
