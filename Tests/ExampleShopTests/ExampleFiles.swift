import Foundation

/// The example app's folder in this checkout, found from this file's path so that the tests read
/// the committed files whatever the working directory.
enum ExampleFiles {
    static let shop = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Shop")

    static func url(_ name: String) -> URL { shop.appendingPathComponent(name) }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }
}
