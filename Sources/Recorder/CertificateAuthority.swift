import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOSSL
import X509

/// The per-installation CA that signs interception leaves, stored as `authtape-ca.pem` and
/// `authtape-ca-key.pem` (mode 0600, directory 0700).
public final class CertificateAuthority: Sendable {
    /// The directory holding the certificate and key.
    public let directory: URL
    /// The CA certificate in PEM, for installing as a trusted root.
    public let certificatePEM: String
    private let certificate: Certificate
    private let privateKey: P256.Signing.PrivateKey
    private let leafKey: P256.Signing.PrivateKey
    private let leaves = NIOLockedValueBox<[String: NIOSSLContext]>([:])
    private let now: @Sendable () -> Date

    /// File name of the CA certificate.
    public static let certificateFileName = "authtape-ca.pem"
    /// File name of the CA private key.
    public static let keyFileName = "authtape-ca-key.pem"

    /// The default directory: `$AUTHTAPE_HOME/ca`, else `~/.authtape/ca`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment["AUTHTAPE_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home).appendingPathComponent("ca")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".authtape/ca")
    }

    /// Path of the CA certificate file.
    public var certificateURL: URL { directory.appendingPathComponent(Self.certificateFileName) }
    /// Path of the CA key file.
    public var keyURL: URL { directory.appendingPathComponent(Self.keyFileName) }

    private init(directory: URL, certificate: Certificate, privateKey: P256.Signing.PrivateKey,
        now: @escaping @Sendable () -> Date) throws
    {
        self.directory = directory
        self.certificate = certificate
        self.privateKey = privateKey
        self.certificatePEM = try certificate.serializeAsPEM().pemString
        self.leafKey = P256.Signing.PrivateKey()
        self.now = now
    }

    /// Loads the CA from `directory`, creating it there (key mode 0600) when it does not exist yet.
    public static func loadOrCreate(
        in directory: URL = defaultDirectory(), now: @escaping @Sendable () -> Date = { Date() }
    ) throws(RecorderError) -> CertificateAuthority {
        let files = FileManager.default
        let certURL = directory.appendingPathComponent(certificateFileName)
        let keyURL = directory.appendingPathComponent(keyFileName)
        do {
            if files.fileExists(atPath: certURL.path), files.fileExists(atPath: keyURL.path) {
                let certificate = try Certificate(pemEncoded: String(contentsOf: certURL, encoding: .utf8))
                let key = try P256.Signing.PrivateKey(pemRepresentation: String(contentsOf: keyURL, encoding: .utf8))
                guard certificate.publicKey == Certificate.PublicKey(key.publicKey) else {
                    throw RecorderError.certificateAuthority("\(keyURL.path) does not match \(certURL.path)")
                }
                return try CertificateAuthority(directory: directory, certificate: certificate, privateKey: key, now: now)
            }
            try files.createDirectory(at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let key = P256.Signing.PrivateKey()
            let certificate = try makeCertificate(key: key, now: now())
            try writePrivate(Data(key.pemRepresentation.utf8), to: keyURL)
            try writePrivate(Data(certificate.serializeAsPEM().pemString.utf8), to: certURL, mode: 0o644)
            return try CertificateAuthority(directory: directory, certificate: certificate, privateKey: key, now: now)
        } catch let error as RecorderError {
            throw error
        } catch {
            throw .certificateAuthority("cannot load or create the CA in \(directory.path): \(error)")
        }
    }

    private static func makeCertificate(key: P256.Signing.PrivateKey, now: Date) throws -> Certificate {
        let name = try DistinguishedName {
            OrganizationName("authtape")
            CommonName("authtape interception CA (\(ProcessInfo.processInfo.hostName))")
        }
        let publicKey = Certificate.PublicKey(key.publicKey)
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(10 * 365 * 86_400),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
    }

    /// Writes `data` atomically with `mode` (0600 unless told otherwise).
    static func writePrivate(_ data: Data, to url: URL, mode: Int = 0o600) throws {
        let temporary = url.appendingPathExtension("tmp-\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data,
            attributes: [.posixPermissions: 0o600])
        else {
            throw RecorderError.certificateAuthority("cannot write \(temporary.path)")
        }
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: temporary.path)
        if rename(temporary.path, url.path) != 0 {
            throw RecorderError.certificateAuthority("cannot rename into \(url.path): errno \(errno)")
        }
    }

    /// A P-256 leaf for `host`, signed by this CA, valid from a day ago for 30 days.
    public func makeLeaf(forHost host: String) throws -> (certificatePEM: String, keyPEM: String) {
        let leaf = try leafCertificate(forHost: host)
        return (try leaf.serializeAsPEM().pemString, leafKey.pemRepresentation)
    }

    private func leafCertificate(forHost host: String) throws -> Certificate {
        let publicKey = Certificate.PublicKey(leafKey.publicKey)
        let issuerKeyID = try certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        let date = now()
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: date.addingTimeInterval(-86_400), notValidAfter: date.addingTimeInterval(30 * 86_400),
            issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(host) },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName(host)])
                if let issuerKeyID {
                    AuthorityKeyIdentifier(keyIdentifier: issuerKeyID)
                }
            },
            issuerPrivateKey: Certificate.PrivateKey(privateKey))
    }

    /// The names every ``serverConfiguration(forHosts:)`` leaf covers: the loopback names.
    public static let loopbackNames = ["localhost", "127.0.0.1", "::1"]

    /// A P-256 leaf (with its own fresh key) for a local HTTPS server: its subject alternative names are
    /// ``loopbackNames`` and `extraHosts` (an IPv4 or IPv6 literal becomes an address entry, anything
    /// else a DNS name), valid from a day ago for 30 days. Returns the chain (leaf, then this CA) and key.
    public func makeServerLeaf(extraHosts: [String] = []) throws -> (chain: [Certificate], key: P256.Signing.PrivateKey) {
        var names: [GeneralName] = []
        var seen = Set<String>()
        for host in Self.loopbackNames + extraHosts {
            let host = host.lowercased()
            guard !host.isEmpty, seen.insert(host).inserted else { continue }
            if let address = Self.addressBytes(host) {
                names.append(.ipAddress(.init(contentBytes: ArraySlice(address))))
            } else {
                names.append(.dnsName(host))
            }
        }
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let issuerKeyID = try certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        let date = now()
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: date.addingTimeInterval(-86_400), notValidAfter: date.addingTimeInterval(30 * 86_400),
            issuer: certificate.subject,
            subject: try DistinguishedName {
                OrganizationName("authtape")
                CommonName("localhost")
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
                if let issuerKeyID {
                    AuthorityKeyIdentifier(keyIdentifier: issuerKeyID)
                }
            },
            issuerPrivateKey: Certificate.PrivateKey(privateKey))
        return ([leaf, certificate], key)
    }

    /// A TLS server configuration (HTTP/1.1) presenting a fresh ``makeServerLeaf(extraHosts:)`` leaf,
    /// for `authtape serve`, `mock`, `fuzz --serve` and `record` with `--tls`.
    public func serverConfiguration(extraHosts: [String] = []) throws -> TLSConfiguration {
        let (chain, key) = try makeServerLeaf(extraHosts: extraHosts)
        let certificates = try chain.map { try NIOSSLCertificate(bytes: $0.serializeAsPEM().derBytes, format: .der) }
        let privateKey = try NIOSSLPrivateKey(bytes: Array(key.derRepresentation), format: .der)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        configuration.applicationProtocols = ["http/1.1"]
        return configuration
    }

    /// The network-order bytes of an IPv4 or IPv6 literal (brackets allowed), nil for anything else.
    static func addressBytes(_ text: String) -> [UInt8]? {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(text), &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, String(text), &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    /// A TLS server context presenting a leaf for `host` (made once per host and cached).
    public func serverContext(forHost host: String) throws -> NIOSSLContext {
        let host = host.lowercased()
        if let cached = leaves.withLockedValue({ $0[host] }) { return cached }
        let leaf = try leafCertificate(forHost: host)
        let chain = [
            try NIOSSLCertificate(bytes: leaf.serializeAsPEM().derBytes, format: .der),
            try NIOSSLCertificate(bytes: certificate.serializeAsPEM().derBytes, format: .der),
        ]
        let key = try NIOSSLPrivateKey(bytes: Array(leafKey.derRepresentation), format: .der)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.applicationProtocols = ["http/1.1"]
        let context = try NIOSSLContext(configuration: configuration)
        return leaves.withLockedValue { leaves in
            if let raced = leaves[host] { return raced }
            leaves[host] = context
            return context
        }
    }
}
