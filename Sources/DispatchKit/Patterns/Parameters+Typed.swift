import Foundation

extension Dictionary where Key == String, Value == String {
    /// The parameter `name` as an integer (`parameters.int("id")`), or `nil` if it is missing or not
    /// a decimal integer. A `:id<int>` parameter always converts.
    public func int(_ name: String) -> Int? {
        self[name].flatMap { ParameterType.isInteger($0) ? Int($0) : nil }
    }

    /// The parameter `name` as a `UUID` (either case), or `nil` if it is missing or not a UUID.
    public func uuid(_ name: String) -> UUID? {
        self[name].flatMap(UUID.init(uuidString:))
    }
}
