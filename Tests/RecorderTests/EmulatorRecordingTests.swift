import Emulator
import Foundation
import HAR
import Logging
import NIOCore
import NIOSSL
import Testing

@testable import Recorder

/// The recorder in front of the real emulator, in reverse and forward (intercepting) modes.
@Suite("Recording the emulator")
struct EmulatorRecordingTests {
    enum Mode: String, CaseIterable {
        case reverse
        case forward
    }

    static let clientID = "11111111-2222-4333-8444-555555555555"
    static let newUser = "canary.user@contoso.com"
    static let newPassword = "Canary-Pa55word-91!"
    static let existingUser = "alex@contoso.com"
    static let existingPassword = "Sunny-Day-42!"

    /// Sends native-auth form posts through the proxy and collects every secret it saw.
    final class Driver: @unchecked Sendable {
        let port: Int
        let tenantPath: String
        let tunnel: TunnelPlan?
        let absoluteBase: String
        var journalPath = ""
        /// After each response: how many entries the journal held (a SIGKILL then loses none of them).
        var journalEntriesAfterResponse: [Int] = []
        var secrets: [String] = []
        var statuses: [Int] = []
        var paths: [String] = []

        init(port: Int, tenantPath: String, tunnel: TunnelPlan?, absoluteBase: String) {
            self.port = port
            self.tenantPath = tenantPath
            self.tunnel = tunnel
            self.absoluteBase = absoluteBase
        }

        func post(_ path: String, _ fields: [(String, String)], requestID: String) async throws -> [String: Any] {
            let form = ([("client_id", clientID)] + fields).map {
                "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            }.joined(separator: "&")
            var request = TestRequest.post(absoluteBase + tenantPath + path, form: form)
            request.headers.append(("client-request-id", requestID))
            let response = try #require(
                try await TestClient.send([request], to: port, group: group, host: "emulator", tunnel: tunnel).first)
            statuses.append(response.status)
            let journal = (try? String(contentsOfFile: journalPath, encoding: .utf8)) ?? ""
            journalEntriesAfterResponse.append(journal.split(separator: "\n").count - 1)
            paths.append(tenantPath + path)
            let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
            for key in ["continuation_token", "access_token", "refresh_token", "id_token"] {
                if let value = json[key] as? String { secrets.append(value) }
            }
            return json
        }
    }

    @Test("records a sign-up with a wrong code and a password sign-in as grouped, redacted flows", arguments: Mode.allCases)
    func recordsFlows(mode: Mode) async throws {
        let core = try EmulatorCore(config: .default, seed: 11, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let emulator = try await EmulatorServer.start(core: core, port: 0, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let (authority, caDirectory) = try temporaryAuthority()
        let path = temporaryCapturePath()
        defer { try? FileManager.default.removeItem(at: caDirectory) }

        let host = CaptureFilter.emulatorHost
        var proxy: RecorderSettings
        switch mode {
        case .reverse:
            proxy = RecorderSettings(mode: .reverse(Upstream(host: "127.0.0.1", port: emulator.port, isTLS: false)))
        case .forward:
            proxy = RecorderSettings(mode: .forward)
            proxy.certificateAuthority = authority
            proxy.addressOverrides[host] = HostAndPort(host: "127.0.0.1", port: emulator.port)
            proxy.plainHTTPHosts.insert(host)
        }
        var configuration = RecordingSession.Configuration(proxy: proxy, capture: .init(outputPath: path))
        let lines = SendableBox<[String]>([])
        configuration.consoleWrite = { line in lines.mutate { $0.append(line) } }
        let session = try await RecordingSession.start(configuration)

        let tunnel = mode == .forward
            ? TunnelPlan(authority: "\(host):443", tls: try clientContext(trusting: authority.certificatePEM), serverName: host)
            : nil
        let driver = Driver(port: session.proxy.port, tenantPath: emulator.authorityURL.path, tunnel: tunnel, absoluteBase: "")
        driver.journalPath = session.writer.journalPath
        do {
            // Sign-up: start, challenge, a wrong code, the right code, then sign-in after sign-up.
            let signUp = "aaaaaaaa-1111-4111-8111-000000000001"
            let types = ("challenge_type", "oob password redirect")
            let start = try await driver.post("/signup/v1.0/start",
                [("username", Self.newUser), ("password", Self.newPassword), types], requestID: signUp)
            let challenge = try await driver.post("/signup/v1.0/challenge",
                [("continuation_token", start["continuation_token"] as? String ?? ""), types], requestID: signUp)
            let code = try #require(core.latestCode(for: Self.newUser))
            let wrong = code == "11111111" ? "22222222" : "11111111"
            let challengeToken = challenge["continuation_token"] as? String ?? ""
            let rejected = try await driver.post("/signup/v1.0/continue",
                [("continuation_token", challengeToken), ("grant_type", "oob"), ("oob", wrong)], requestID: signUp)
            let retryToken = rejected["continuation_token"] as? String ?? challengeToken
            let done = try await driver.post("/signup/v1.0/continue",
                [("continuation_token", retryToken), ("grant_type", "oob"), ("oob", code)], requestID: signUp)
            _ = try await driver.post("/oauth2/v2.0/token",
                [("continuation_token", done["continuation_token"] as? String ?? ""), ("grant_type", "continuation_token"),
                 ("username", Self.newUser), ("scope", "openid profile offline_access")], requestID: signUp)

            // Password sign-in of an existing user.
            let signIn = "bbbbbbbb-2222-4222-8222-000000000002"
            let initiate = try await driver.post("/oauth2/v2.0/initiate",
                [("username", Self.existingUser), ("challenge_type", "password redirect")], requestID: signIn)
            let passwordChallenge = try await driver.post("/oauth2/v2.0/challenge",
                [("continuation_token", initiate["continuation_token"] as? String ?? ""),
                 ("challenge_type", "password redirect")], requestID: signIn)
            _ = try await driver.post("/oauth2/v2.0/token",
                [("continuation_token", passwordChallenge["continuation_token"] as? String ?? ""),
                 ("grant_type", "password"), ("password", Self.existingPassword),
                 ("scope", "openid profile offline_access")], requestID: signIn)

            #expect(driver.statuses == [200, 200, 400, 200, 200, 200, 200, 200])
            // Each exchange is in the journal before its response reaches the client.
            #expect(driver.journalEntriesAfterResponse == Array(1...8))
            let journal = try String(contentsOfFile: session.writer.journalPath, encoding: .utf8)
            try await session.stop()
            await emulator.shutdown()

            let har = try String(contentsOfFile: path, encoding: .utf8)
            let document = try HARReader.read(contentsOf: path)
            let entries = document.log.entries
            #expect(entries.map(\.response.status) == driver.statuses)
            #expect(entries.map { URL(string: $0.request.url)!.path } == driver.paths)
            let flows = entries.map { $0.authtape?.flowId ?? "-" }
            #expect(Set(flows.prefix(5)).count == 1)
            #expect(Set(flows.suffix(3)).count == 1)
            #expect(flows.first != flows.last)
            #expect(entries.first?.authtape?.flowKind == "signUp")
            #expect(entries.last?.authtape?.flowKind == "signIn")
            #expect(document.log.authtape?.mode == "reverse-proxy")

            let log = lines.value.joined(separator: "\n")
            #expect(lines.value.count == 8)
            #expect(log.contains("invalid_grant/invalid_oob_value"))
            let canaries = driver.secrets + [Self.newPassword, Self.existingPassword, code]
            #expect(driver.secrets.count >= 8)
            for canary in canaries {
                #expect(!har.contains(canary), "HAR leaks a secret of length \(canary.count)")
                #expect(!journal.contains(canary), "journal leaks a secret of length \(canary.count)")
                #expect(!log.contains(canary), "console leaks a secret of length \(canary.count)")
            }
        } catch {
            _ = try? await session.stop()
            await emulator.shutdown()
            throw error
        }
    }
}
