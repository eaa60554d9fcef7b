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

@MainActor
@Test func theQuickStartPrintsWhatEachLinkDoes() throws {
    registerRoutes()
    defer { DispatchCenter.shared.unregister(MineDispatchActivity.self) }
    let output = try standardOutput {
        handle("cono://test.com/mine_home?uid=42")
        handle("/settings_home")
        handle("cono://test.com/mine_home?uid=%zz")
        handle("cono://test.com/nope")
    }
    // Other suites of the test process may print meanwhile: look for these lines, in this order.
    let expected = [
        "push MinePage(uid: 42)",
        "push SettingsPage",
        "invalid URL: malformed percent-escape \"%zz\" at offset 30",
        "no activity claims cono://test.com/nope",
    ]
    let lines = output.split(separator: "\n").map(String.init).filter(expected.contains)
    #expect(lines == expected, "printed:\n\(output)")
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
