// ivsim: the command-line tool. Parsing and exit codes live here; every behaviour is a library
// call (see docs/CLI.md). Exit codes: 0 success, 1 mismatch or missing baseline, 2 bad input or
// usage.

import Foundation

let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
