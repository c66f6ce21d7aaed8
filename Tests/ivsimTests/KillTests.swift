import Foundation
import PNGCodec
import ScenarioFormat
import Testing
import TestSupport
import Syntax

/// `ivsim record` killed at any moment (SIGKILL) leaves every baseline either as it was or as the
/// next record writes it, always decodable; temporary files it leaves are ignored by `check` and
/// removed by the next `record` (docs/RELIABILITY.md §Writes).
@Suite struct KillTests {
    /// A scenario of 12 trait combinations × 11 states = 132 variants (264 files), with `color`.
    static func scenario(color: String) -> String {
        let states = (0..<10).map { "{ \"name\": \"s\($0)\", \"set\": { \"v.alpha\": \(Double($0 + 1) / 40) } }" }
        return """
            { "canvas": { "size": [24, 16] },
              "root": { "subviews": [ { "id": "v", "frame": [2, 2, 12, 8], "backgroundColor": "\(color)" } ] },
              "variants": { "matrix": { "displayScale": [1, 2, 3], "userInterfaceStyle": ["light", "dark"],
                                        "layoutDirection": ["leftToRight", "rightToLeft"] },
                            "states": [\(states.joined(separator: ", "))] } }
            """
    }

    /// The baseline files of a workspace, by path.
    static func baselines(_ w: CommandLineTests.Workspace) -> [String: Data] {
        w.snapshot("Snapshots").filter { $0.key.hasSuffix(".png") || $0.key.hasSuffix(".layout.json") }
    }

    @Test func recordKilledAtAnyMomentLeavesOldOrNewBaselines() throws {
        // Two complete sets of baselines, red and blue, from their own workspaces; the timed
        // red record sets where the kills land (fractions of a whole run).
        let colors = ["#E53935", "#1E88E5"]
        var sets: [[String: Data]] = []
        var seconds = 0.0
        for color in colors {
            let reference = try CommandLineTests.Workspace()
            try FileManager.default.createDirectory(
                at: reference.url("Scenarios/many"), withIntermediateDirectories: true)
            try reference.write("Scenarios/many/grid.json", Self.scenario(color: color))
            let start = Date()
            try reference.run(["record", "--jobs", "2"], environment: ["IVSIM_WRITE_PAUSE_US": "3000"])
            seconds = max(seconds, Date().timeIntervalSince(start))
            sets.append(Self.baselines(reference))
        }
        #expect(sets[0].count == sets[1].count && sets[0].count > 260 && sets[0] != sets[1])

        let w = try CommandLineTests.Workspace()
        try FileManager.default.createDirectory(at: w.url("Scenarios/many"), withIntermediateDirectories: true)
        try w.write("Scenarios/many/grid.json", Self.scenario(color: colors[0]))
        try w.run(["record"])
        var killedMidway = 0
        for (round, fraction) in [0.05, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 0.2, 0.5, 0.8].enumerated() {
            // Each round records the other colour and is killed part of the way through.
            let target = (round + 1) % 2
            try w.write("Scenarios/many/grid.json", Self.scenario(color: colors[target]))
            let process = Process()
            process.executableURL = CommandLineTests.binary
            process.arguments = ["record", "--jobs", "2"]
            process.currentDirectoryURL = w.root
            // Each file written in two halves 3 ms apart: kills land inside writes.
            process.environment = ProcessInfo.processInfo.environment.merging(["IVSIM_WRITE_PAUSE_US": "3000"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(seconds * fraction * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let now = Self.baselines(w)
            #expect(Set(now.keys) == Set(sets[0].keys), "round \(round): the baseline files are the same set")
            var fromTarget = 0
            for (path, bytes) in now {
                if bytes == sets[target][path] { fromTarget += 1; continue }
                #expect(bytes == sets[1 - target][path], "round \(round): \(path) is neither the old nor the new file")
            }
            if fromTarget > 0 && fromTarget < now.count { killedMidway += 1 }
            for (path, bytes) in now where path.hasSuffix(".png") {
                #expect((try? PNGDecoder().decode([UInt8](bytes))) != nil, "round \(round): \(path) does not decode")
            }
            for (path, bytes) in now where path.hasSuffix(".layout.json") {
                #expect((try? JSONParser.parse([UInt8](bytes))) != nil, "round \(round): \(path) does not parse")
            }
            // Temporary files left are named as such; check sees no baseline in them and says so.
            if w.snapshot("Snapshots").keys.contains(where: { $0.contains(".ivsim-tmp.") }) {
                let check = try w.run(["check"])
                #expect(check.stdout.contains("temporary file(s) an interrupted write left"), "round \(round)")
            }
        }
        // The next record finishes the job and removes every temporary file.
        try w.write("Scenarios/many/grid.json", Self.scenario(color: colors[1]))
        let last = try w.run(["record"])
        #expect(last.status == 0)
        #expect(Self.baselines(w) == sets[1])
        #expect(!w.snapshot("Snapshots").keys.contains { $0.contains(".ivsim-tmp.") || $0.contains(".dat.nosync") })
        #expect(killedMidway >= 1, "only \(killedMidway) of 10 kills landed while baselines were being written")
    }

    @Test func oldTemporariesAnywhereUnderSnapshotsAreStraysWhateverTheirProcessID() throws {
        // Process 1 is always alive, so only the age makes these strays: one at the top of
        // Snapshots/, one in the folder of a scenario that no longer exists.
        let w = try CommandLineTests.Workspace()
        try FileManager.default.createDirectory(at: w.url("Snapshots/gone"), withIntermediateDirectories: true)
        let old = Date(timeIntervalSinceNow: -3600)
        for path in ["Snapshots/.top.png.ivsim-tmp.1.2", "Snapshots/gone/.x.png.ivsim-tmp.1.3"] {
            try w.write(path, "partial")
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: w.url(path).path)
        }
        try w.write("Snapshots/.fresh.png.ivsim-tmp.1.4", "a live writer's")  // recent, and pid 1 lives: not a stray
        let check = try w.run(["check"])
        #expect(check.stdout.contains("note: 2 temporary file(s) an interrupted write left"))
        #expect(check.stdout.contains(".top.png.ivsim-tmp.1.2") && check.stdout.contains("gone/.x.png.ivsim-tmp.1.3"))
        #expect(!check.stdout.contains(".fresh.png"))
        try w.run(["record"])
        #expect(
            w.read("Snapshots/.top.png.ivsim-tmp.1.2") == nil && w.read("Snapshots/gone/.x.png.ivsim-tmp.1.3") == nil)
        #expect(w.read("Snapshots/.fresh.png.ivsim-tmp.1.4") != nil)
    }
}
