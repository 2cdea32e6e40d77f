import AsyncHTTPClient
import Foundation
import NIOSSL
import Testing

@testable import Emulator

@Suite("Server options and operator tools")
struct ServerTests {
    static func makeCertificate(in directory: URL) throws -> EmulatorTLSFiles {
        let cert = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return EmulatorTLSFiles(certificatePath: cert, privateKeyPath: key)
    }

    @Test("with a certificate the emulator serves HTTPS", .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/openssl")))
    func tls() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-tls-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.makeCertificate(in: directory)
        let core = try EmulatorCore(config: .default, seed: 1, logger: .quiet)
        let running = try await EmulatorServer.start(core: core, port: 0, tls: files, logger: .quiet)
        #expect(running.authorityURL.absoluteString.hasPrefix("https://127.0.0.1:"))
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls))
        let reply = try? await LoopbackTests.send(client, running.baseURL.absoluteString + "/_authtape/health", method: .GET)
        try await client.shutdown()
        await running.shutdown()
        #expect(reply?.status == 200)
    }

    @Test("a bad certificate path fails start with a clear error")
    func badCertificate() async throws {
        let core = try EmulatorCore(config: .default, seed: 1, logger: .quiet)
        await #expect(throws: EmulatorServerError.self) {
            _ = try await EmulatorServer.start(
                core: core, port: 0, tls: EmulatorTLSFiles(certificatePath: "/nonexistent.pem", privateKeyPath: "/nonexistent.key"),
                logger: .quiet)
        }
    }

    @Test("`authtape otp` reads the state file and prints the codes of one user")
    func otpTool() async throws {
        let core = try EmulatorCore(config: .default, seed: 1, logger: .quiet)
        let running = try await EmulatorServer.start(core: core, port: 0, logger: .quiet)
        let stateFile = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-state-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: stateFile) }
        EmulatorCLI.writeStateFile(stateFile, base: running.baseURL.absoluteString, adminToken: running.adminToken)
        var h = EmulatorHarness(core: core)
        h.tenant = "contoso.onmicrosoft.com"
        let initiate = h.post(.signInInitiate, [("username", "sam@contoso.com"), ("challenge_type", "oob redirect")])
        _ = h.post(.signInChallenge, [("continuation_token", initiate.token!)])
        let code = try #require(core.latestCode(for: "sam@contoso.com"))
        let printed = try await EmulatorCLI.otp(user: "sam@contoso.com", server: nil, adminToken: nil, stateFile: stateFile)
        let none = try await EmulatorCLI.otp(user: "alex@contoso.com", server: nil, adminToken: nil, stateFile: stateFile)
        await running.shutdown()
        #expect(printed.contains(code))
        #expect(printed.contains("signIn"))
        #expect(none.hasPrefix("no codes sent"))
    }

    @Test("the serve banner shows the authority, admin token and users, never a password")
    func banner() throws {
        let core = try EmulatorCore(config: .default, seed: 1, logger: .quiet)
        let text = EmulatorCLI.banner(core: core, base: "http://127.0.0.1:8787")
        #expect(text.contains("http://127.0.0.1:8787/contoso.onmicrosoft.com"))
        #expect(text.contains(core.adminToken))
        #expect(text.contains("alex@contoso.com (password, alias alex)"))
        #expect(!text.contains("Sunny-Day-42!"))
    }
}

@Suite("Fault knobs over HTTP")
struct FaultKnobTests {
    @Test("added latency delays native-auth answers but not admin calls")
    func latency() async throws {
        var config = EmulatorConfig.default
        // Long enough that a loaded machine (suites run in parallel) cannot blur the two apart.
        config.faults.latencyMs = 2_000
        let core = try EmulatorCore(config: config, seed: 1, logger: .quiet)
        let running = try await EmulatorServer.start(core: core, port: 0, logger: .quiet)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let started = Date()
        let reply = try await LoopbackTests.send(
            client, running.authorityURL.absoluteString + "/oauth2/v2.0/initiate",
            form: [("client_id", "11111111-2222-4333-8444-555555555555"), ("username", "alex@contoso.com"),
                   ("challenge_type", "password redirect")])
        let slow = Date().timeIntervalSince(started)
        let adminStart = Date()
        _ = try await LoopbackTests.send(client, running.baseURL.absoluteString + "/_authtape/health", method: .GET)
        let fast = Date().timeIntervalSince(adminStart)
        try await client.shutdown()
        await running.shutdown()
        #expect(reply.status == 200)
        #expect(slow >= 2.0)
        #expect(fast < 1.0)
    }
}
