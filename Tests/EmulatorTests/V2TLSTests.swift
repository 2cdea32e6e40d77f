import AsyncHTTPClient
import Foundation
import NIOSSL
import Testing

@testable import Emulator

/// `serve --tls` for V2: a client that trusts only the emulator's own root (full verification, no
/// system roots) drives a V2 sign-in.
@Suite("V2 over TLS")
struct V2TLSTests {
    /// A self-signed root for 127.0.0.1 with the IP in subjectAltName, so hostname verification passes.
    static func makeRoot(in directory: URL) throws -> EmulatorTLSFiles {
        let cert = directory.appendingPathComponent("root.pem").path
        let key = directory.appendingPathComponent("root.key").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=authtape test root",
            "-addext", "subjectAltName=IP:127.0.0.1", "-addext", "basicConstraints=critical,CA:TRUE",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return EmulatorTLSFiles(certificatePath: cert, privateKeyPath: key)
    }

    @Test(
        "a client trusting only the emulator's root completes a V2 password sign-in over HTTPS",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/openssl")))
    func signInOverTLS() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-v2-tls-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.makeRoot(in: directory)
        var client = TLSConfiguration.makeClientConfiguration()
        client.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(files.certificatePath))
        client.certificateVerification = .fullVerification
        try await V2Driver.run(tls: (files, client)) { d in
            #expect(d.origin.hasPrefix("https://127.0.0.1:"))
            let challenge = try await d.begin("sign_in", username: "alex@contoso.com")
            let verify = try await d.follow(challenge.challenge("password"), from: challenge)
            let done = try await d.follow(verify.link("verify"), from: verify, [("password", .string("Sunny-Day-42!"))])
            let tokens = try await d.redeem(done)
            #expect(tokens.status == 200)
            #expect(d.claims(tokens["id_token"])?["iss"]?.stringValue?.hasPrefix("https://127.0.0.1:") == true)
        }
    }
}
