// The sample app's entry point: `swift run SampleApp 'cono://test.com/mine_home?uid=42'`,
// or URLs and commands on standard input (`swift run SampleApp < links.txt`).
import Foundation

// Unbuffered writes, so a transcript of standard output and standard error stays in order.
func write(_ line: String, to handle: FileHandle) {
    handle.write(Data((line + "\n").utf8))
}

let console = Console(
    app: DemoApp(log: { write($0, to: .standardOutput) }),
    out: { write($0, to: .standardOutput) },
    err: { write($0, to: .standardError) })
exit(
    console.run(
        arguments: Array(CommandLine.arguments.dropFirst()), interactive: isatty(STDIN_FILENO) != 0,
        readLine: { readLine() }))
