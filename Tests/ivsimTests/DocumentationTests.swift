import Foundation
import Testing

/// What the README and docs promise a new user: the example exists as printed, every command is
/// listed, and every link resolves inside the repository.
@Suite struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) -> String {
        String(
            decoding: FileManager.default.contents(atPath: repository.appendingPathComponent(path).path) ?? Data(),
            as: UTF8.self)
    }

    @Test func theReadmeExampleIsTheDemoScenario() throws {
        let readme = Self.read("README.md")
        let marker = "`Scenarios/demo/hello.json`:\n\n```json\n"
        let start = try #require(readme.range(of: marker))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == Self.read("Scenarios/demo/hello.json"))
    }

    @Test func theReadmeListsEveryCommand() throws {
        let help = try CommandLineTests.run(["help"], in: Self.repository)
        let commands = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop {
            !$0.hasPrefix("commands:")
        }.dropFirst()
            .prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 9)
        let readme = Self.read("README.md")
        for command in commands {
            #expect(readme.contains("| `ivsim \(command)"), "README's command table lacks \(command)")
        }
    }

    @Test func everyLinkInTheDocsResolvesInsideTheRepository() throws {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("docs").path
        )
        .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        for file in ["README.md", "CHANGELOG.md", "Examples/AppSnapshots/README.md"] + docs.sorted() {
            let text = Self.read(file)
            #expect(!text.isEmpty, "\(file) is missing")
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().relativePath
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let link = String(text[Range(match.range(at: 1), in: text)!])
                if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("#")
                    || link.hasPrefix("mailto:")
                {
                    continue
                }
                let path = String(link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let target = Self.repository.appendingPathComponent(folder == "." ? path : folder + "/" + path)
                    .standardizedFileURL
                #expect(
                    target.path.hasPrefix(Self.repository.standardizedFileURL.path),
                    "\(file): \(link) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: target.path), "\(file): \(link) does not resolve")
            }
        }
    }
}
