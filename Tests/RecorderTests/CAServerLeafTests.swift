import Foundation
import NIOSSL
import Testing
import X509

@testable import Recorder

/// The leaf `--tls` servers present: loopback names, extra hosts, signed by the authtape CA.
@Suite("Certificate authority: server leaves for --tls")
struct CAServerLeafTests {
    @Test("a server leaf names localhost, 127.0.0.1, ::1 and each extra host, and is signed by the CA")
    func namesAndSignature() throws {
        let (authority, directory) = try temporaryAuthority()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (chain, key) = try authority.makeServerLeaf(extraHosts: ["10.0.2.2", "Dev-Mac.local", "[fe80::1]", "localhost"])
        let leaf = try #require(chain.first)
        let ca = try Certificate(pemEncoded: authority.certificatePEM)
        #expect(chain.count == 2)
        #expect(chain.last == ca)
        #expect(leaf.issuer == ca.subject)
        #expect(ca.publicKey.isValidSignature(leaf.signature, for: leaf))
        #expect(leaf.publicKey == Certificate.PublicKey(key.publicKey))
        let names = try #require(try leaf.extensions.subjectAlternativeNames)
        var dns: [String] = []
        var addresses: [[UInt8]] = []
        for name in names {
            switch name {
            case .dnsName(let value): dns.append(value)
            case .ipAddress(let bytes): addresses.append(Array(bytes.bytes))
            default: Issue.record("unexpected name \(name)")
            }
        }
        #expect(dns == ["localhost", "dev-mac.local"])
        #expect(addresses == [[127, 0, 0, 1], [UInt8](repeating: 0, count: 15) + [1], [10, 0, 2, 2],
                              [0xfe, 0x80] + [UInt8](repeating: 0, count: 13) + [1]])
        #expect(try leaf.extensions.basicConstraints == .notCertificateAuthority)
        #expect(try leaf.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        #expect(leaf.notValidAfter.timeIntervalSince(leaf.notValidBefore) <= 31 * 86_400)
    }

    @Test("each server leaf has a key of its own, unlike the interception leaves")
    func freshKeys() throws {
        let (authority, directory) = try temporaryAuthority()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try authority.makeServerLeaf().key
        let second = try authority.makeServerLeaf().key
        #expect(first.rawRepresentation != second.rawRepresentation)
    }

    @Test("only IPv4 and IPv6 literals are read as addresses")
    func addressLiterals() {
        #expect(CertificateAuthority.addressBytes("192.168.1.20") == [192, 168, 1, 20])
        #expect(CertificateAuthority.addressBytes("[::1]")?.count == 16)
        #expect(CertificateAuthority.addressBytes("10.0.2") == nil)
        #expect(CertificateAuthority.addressBytes("300.1.1.1") == nil)
        #expect(CertificateAuthority.addressBytes("example.com") == nil)
    }

    @Test("the server configuration loads into a TLS context")
    func configurationLoads() throws {
        let (authority, directory) = try temporaryAuthority()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = try authority.serverConfiguration(extraHosts: ["10.0.2.2"])
        #expect(configuration.applicationProtocols == ["http/1.1"])
        _ = try NIOSSLContext(configuration: configuration)
    }
}
