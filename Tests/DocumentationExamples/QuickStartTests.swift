import DispatchKit
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Runs the README's Quick start (ReadmeQuickStart.swift) as a reader would, and checks what it
// prints.

/// Undoes what `registerRoutes()` does to the shared center.
@MainActor private func unregisterRoutes() {
    DispatchCenter.shared.unregister(ShopActivity.self)
    DispatchCenter.shared.linkOrigins = .none
}

// `handle(_:)` dispatches a link from another app, to either case of the module: the product page opens only because the
// Quick start exposes it (an activity is internal by default, and a reader's first link from
// outside was refused), and only for the app's own scheme and host.
@MainActor
@Test func theQuickStartPrintsWhatEachLinkDoes() throws {
    registerRoutes()
    defer { unregisterRoutes() }
    let output = try standardOutput {
        handle("cono://test.com/product/42?tab=reviews")
        handle("https://test.com/product/3")
        handle("/product/7")
        handle("cono://test.com/search?q=shoes")
        handle("cono://test.com/product/42?tab=photos")
        handle("cono://test.com/product/42?tab=%zz")
        handle("cono://test.com/nope")
        handle("https://evil.example/product/42")
        showReviews(of: 5)
    }
    // Other suites of the test process may print meanwhile: look for these lines, in this order.
    let expected = [
        "push ProductPage(id: 42, tab: reviews)",
        "push ProductPage(id: 3, tab: details)",
        "push ProductPage(id: 7, tab: details)",
        "push SearchPage(q: shoes)",
        "ShopActivity's link: tab \"photos\" is not a ProductTab",
        "invalid URL: malformed percent-escape \"%zz\" at offset 31",
        "no activity claims cono://test.com/nope",
        "rejected: the host evil.example is not one of the app's link origins, and the URL came from"
            + " another app (unidentified)",
        "push ProductPage(id: 5, tab: reviews)",
    ]
    let lines = output.split(separator: "\n").map(String.init).filter(expected.contains)
    #expect(lines == expected, "printed:\n\(output)")
}

/// The URL the Quick start's comment says a value builds.
@MainActor
@Test func theQuickStartsValueBuildsTheURLItsCommentSays() throws {
    registerRoutes()
    defer { unregisterRoutes() }
    let url = try DispatchCenter.shared.url(for: ShopActivity.Link.product(id: 42, tab: .reviews))
    #expect(url.description == "/product/42?tab=reviews")
}

/// What `body` writes to the standard output, which goes to a temporary file meanwhile.
private func standardOutput(of body: () throws -> Void) throws -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("quick-start-\(UUID().uuidString).txt").path
    guard FileManager.default.createFile(atPath: path, contents: nil),
        let file = FileHandle(forUpdatingAtPath: path)
    else { throw CaptureError(path: path) }
    defer {
        try? file.close()
        try? FileManager.default.removeItem(atPath: path)
    }
    fflush(nil)
    let saved = dup(STDOUT_FILENO)
    dup2(file.fileDescriptor, STDOUT_FILENO)
    defer {
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
        close(saved)
    }
    try body()
    fflush(nil)
    return try String(contentsOfFile: path, encoding: .utf8)
}

private struct CaptureError: Error, CustomStringConvertible {
    let path: String
    var description: String { "cannot write \(path)" }
}
