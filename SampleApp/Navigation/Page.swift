/// A screen of the sample app: its name and the parameters it was opened with, in order.
struct Page: Hashable, CustomStringConvertible {
    struct Field: Hashable {
        var name: String
        var value: String
    }

    var name: String
    var fields: [Field]

    init(_ name: String, _ fields: [(String, String)] = []) {
        self.name = name
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    /// `ProductPage(id: 42, from: push)`, the way the navigator prints a transition.
    var description: String {
        fields.isEmpty ? name : "\(name)(\(fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ")))"
    }
}
