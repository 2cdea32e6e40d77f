import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("authtape record under SIGKILL")
struct RecordCrashTests {
    /// Reads standard error until the recorder says where it listens.
    static func listeningURL(from pipe: Pipe, timeout: TimeInterval = 60) throws -> URL {
        let handle = pipe.fileHandleForReading
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            if let range = text.range(of: #"listening on (http://[0-9.]+:[0-9]+)"#, options: .regularExpression) {
                let match = String(text[range]).replacingOccurrences(of: "listening on ", with: "")
                return URL(string: match)!
            }
        }
        throw CLIFailureForTest(message: "the recorder did not say where it listens: \(text)")
    }

    struct CLIFailureForTest: Error { var message: String }

    @Test("A recorder killed with SIGKILL mid-flow loses nothing completed: recover yields a valid HAR with every exchange")
    func sigkillThenRecover() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("crash.har").path
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["record", "--port", "0", "--out", out, "--quiet"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let base = try Self.listeningURL(from: errors)

        // Three completed exchanges: sign-in starts for the seeded user, the password a canary.
        let session = URLSession(configuration: .ephemeral)
        let url = base.appendingPathComponent("contoso.onmicrosoft.com/oauth2/v2.0/initiate")
        for _ in 0..<3 {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("client_id=11111111-2222-4333-8444-555555555555&username=alex%40contoso.com&challenge_type=password+redirect".utf8)
            let (_, response) = try await session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: out), "the HAR should only exist after recovery")

        let recover = try CLIRunner.run(["recover", "--out", out])
        #expect(recover.status == 0, "\(recover.stderr)")
        #expect(recover.stdout.contains("recovered 3 entries"))
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!written.contains("alex@contoso.com"))
        let check = try CLIRunner.run(["check", out])
        #expect(check.status == 0, "\(check.stdout)")
        let parsed = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any]
        let entries = (parsed?["log"] as? [String: Any])?["entries"] as? [Any]
        #expect(entries?.count == 3)
    }
}
