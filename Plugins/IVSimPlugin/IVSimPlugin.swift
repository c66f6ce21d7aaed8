import Foundation
import PackagePlugin

/// `swift package ivsim <command> [arguments]`: runs the ivsim tool (built from this package) in
/// the package's folder, so that ivsim.json, Scenarios/ and Snapshots/ are found as on the
/// command line (README §SwiftPM plugin).
///
/// The plugin asks for no permission: `check`, `validate`, `layout` and the rest only read the
/// package (failure artifacts go to `.ivsim/`, which the tool writes wherever the package's
/// policy lets it). `record` and `init` write baselines and files into the package, so SwiftPM's
/// sandbox (macOS) must be told so on the command line, `swift package
/// --allow-writing-to-package-directory ivsim record`; without it the plugin stops before
/// running and says this. On Linux SwiftPM runs plugins unsandboxed.
@main
struct IVSimPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "ivsim")
        let directory = context.package.directoryURL
        let writes = ["record", "init"].contains(arguments.first ?? "")
        if writes && !canWrite(in: directory) {
            Diagnostics.error(
                "ivsim \(arguments[0]) writes into the package: run `swift package --allow-writing-to-package-directory ivsim "
                    + arguments.joined(separator: " ") + "`")
            return
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["help"] : arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            Diagnostics.error("ivsim \(arguments.first ?? "") exited with status \(process.terminationStatus)")
        }
    }

    /// Whether the sandbox lets the plugin write into the package folder.
    private func canWrite(in directory: URL) -> Bool {
        let probe = directory.appendingPathComponent(
            ".ivsim-plugin-write-probe-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else { return false }
        try? FileManager.default.removeItem(at: probe)
        return true
    }
}
