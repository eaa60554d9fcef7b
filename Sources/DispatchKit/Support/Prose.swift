// The words of messages that name several things. The runtime, the route tools and the command-line
// tool all write such messages; they share these so that a list reads the same everywhere, and
// `package` so that the route tools can use them from a module of their own.

/// Lists and agreement for messages: `a, b and c`, `/a reaches`, `/a and /b reach`, `2 rules`.
package enum Prose {
    /// `a`, `a and b`, `a, b and c`; empty for no items.
    ///
    /// - Parameter conjunction: The word before the last item: `and`, or `or` for alternatives.
    package static func list(_ items: [String], conjunction: String = "and") -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// The items in double quotes, listed: `"a", "b" and "c"`.
    package static func quotedList(_ items: [String], conjunction: String = "and") -> String {
        list(items.map { "\"\($0)\"" }, conjunction: conjunction)
    }

    /// `singular` for one thing, else `plural`: the verb (or noun) that agrees with `count` things.
    package static func agreeing(with count: Int, _ singular: String, _ plural: String) -> String {
        count == 1 ? singular : plural
    }

    /// The items listed, then the verb that agrees with them: `/a now reaches`, `/a and /b now
    /// reach`.
    package static func subject(_ items: [String], _ singular: String, _ plural: String) -> String {
        list(items) + " " + agreeing(with: items.count, singular, plural)
    }

    /// `1 rule`, `2 rules`: a count and its noun (plural with `s` unless given).
    package static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + agreeing(with: count, noun, plural ?? noun + "s")
    }
}
