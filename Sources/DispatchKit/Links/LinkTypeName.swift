import Foundation

/// The name a message gives a link type: qualified by the types it is nested in, without its
/// module (`ProductActivity.Link`, where `String(describing:)` says only `Link`).
func linkTypeName(_ type: Any.Type) -> String {
    var name = String(reflecting: type)
    // A type declared in a function or as `private` has an anonymous context in its path.
    while let start = name.range(of: "(unknown context at "),
        let end = name[start.upperBound...].firstIndex(of: ")")
    {
        let next = name.index(after: end)
        name.removeSubrange(
            start.lowerBound..<(next < name.endIndex && name[next] == "." ? name.index(after: next) : next))
    }
    // The module: the first component, when there are others and it is not inside generic arguments.
    if let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") {
        name = String(name[name.index(after: dot)...])
    }
    return name
}
