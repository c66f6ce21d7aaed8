import Deflate
import Foundation
import IVSimKit
import PNGCodec
import Syntax

/// `ivsim png inspect FILE` and `ivsim png convert IN OUT [--level N]`.
enum PNGCommands {
    static let usage = """
        usage: ivsim png inspect FILE
                 header, chunks and problems of a PNG file (exit code 2 when it cannot be decoded)
               ivsim png convert IN OUT [--level 0-9]
                 decode IN and write OUT as .png (re-encoded at the level, default 6) or .rgba (straight RGBA8, row-major)
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") { return CommandLineTool.help(usage) }
        guard let subcommand = arguments.first else {
            throw UsageError(message: "png needs a subcommand: inspect or convert (ivsim png --help)")
        }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "inspect":
            guard rest.count == 1 else { throw UsageError(message: "usage: ivsim png inspect FILE") }
            return try inspect(rest[0])
        case "convert":
            return try convert(rest)
        default:
            throw UsageError(
                message: "unknown png subcommand '\(subcommand)'"
                    + CommandLineTool.suggestion(subcommand, among: ["inspect", "convert"]))
        }
    }

    static func read(_ path: String) throws -> [UInt8] {
        switch BoundedFile.read(URL(fileURLWithPath: path), limit: 1 << 30) {
        case let .success(bytes): return bytes
        case let .failure(failure):
            throw UsageError(
                message: "\(path): " + failure.message(limit: 1 << 30, what: "an image file given to ivsim"))
        }
    }

    static func inspect(_ path: String) throws -> Int32 {
        let inspection = PNGInspection(try read(path))
        print("\(path)")
        print(inspection.text)
        // The problem again on standard error, naming the file, as every other error does.
        if let error = inspection.error { printError("\(path): error: \(error)") }
        return inspection.error == nil ? ExitCode.success : ExitCode.badInput
    }

    /// `png convert` is `convert` (which reads JPEG too), kept for the scripts that use it.
    static func convert(_ arguments: [String]) throws -> Int32 {
        try ConvertCommand.run(arguments)
    }
}
