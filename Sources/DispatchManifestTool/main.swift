// dispatch-manifest: checks and converts DispatchKit route manifests, for CI, the server and the
// Android team. `dispatch-manifest --help` lists the commands.
import Foundation

let tool = ManifestTool(
    out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
    err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
