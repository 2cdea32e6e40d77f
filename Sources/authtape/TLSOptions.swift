import ArgumentParser
import Foundation
import NIOSSL
import Recorder

/// `--tls`, `--tls-host`, `--tls-cert` and `--tls-key`: how `serve`, `mock`, `fuzz --serve` and `record`
/// (reverse mode's listening side) serve HTTPS. MSAL accepts only an `https` authority.
struct TLSOptions: ParsableArguments {
    @Flag(
        help: """
            Serve HTTPS with a certificate for localhost, 127.0.0.1 and ::1 (and each --tls-host), made on \
            start and signed by the authtape CA (created on first use; trust it with `authtape ca install` \
            or `authtape ca export`).
            """)
    var tls = false

    @Option(
        name: .customLong("tls-host"),
        help: ArgumentHelp(
            "Another name or address the --tls certificate covers (repeatable), e.g. 10.0.2.2 for an Android emulator.",
            valueName: "name"))
    var tlsHosts: [String] = []

    @Option(name: .customLong("tls-cert"), help: "Your own PEM certificate chain; serves HTTPS with --tls-key.")
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: "PEM private key for --tls-cert.")
    var tlsKey: String?

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if tls, tlsCert != nil {
            throw ValidationError("--tls makes its own certificate: give either --tls or --tls-cert/--tls-key")
        }
        if !tls, !tlsHosts.isEmpty { throw ValidationError("--tls-host needs --tls") }
        for host in tlsHosts where !Self.isPlausibleHost(host) {
            throw ValidationError("--tls-host '\(host)' is not a host name or IP address")
        }
    }

    /// Whether HTTPS is asked for.
    var isEnabled: Bool { tls || tlsCert != nil }

    /// The server side of TLS, nil for plain HTTP. With `--tls` the authtape CA in `caDirectory` is
    /// loaded (or created) and a fresh leaf is made for this run.
    func serverTLS(caDirectory: URL = CertificateAuthority.defaultDirectory()) throws -> ServerTLS? {
        if tls {
            let authority: CertificateAuthority
            let configuration: TLSConfiguration
            do {
                authority = try CertificateAuthority.loadOrCreate(in: caDirectory)
                configuration = try authority.serverConfiguration(extraHosts: tlsHosts)
            } catch {
                throw CLIFailure.failed("cannot make the --tls certificate: \(error)")
            }
            let names = (CertificateAuthority.loopbackNames + tlsHosts).joined(separator: ", ")
            return ServerTLS(
                configuration: configuration,
                summary: "TLS: a certificate for \(names), signed by the authtape CA \(authority.certificateURL.path) "
                    + "(trust it where the app runs: `authtape ca install --simulator` or `authtape ca export`)")
        }
        guard let tlsCert, let tlsKey else { return nil }
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(tlsCert)
            let key = try NIOSSLPrivateKey(file: tlsKey, format: .pem)
            let configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
            return ServerTLS(configuration: configuration, summary: "TLS: the certificate of \(tlsCert)")
        } catch {
            throw CLIFailure.badInput("cannot load --tls-cert/--tls-key: \(error)")
        }
    }

    /// A DNS name or an IP literal: letters, digits, `.`, `-`, `:`, `[`, `]`, `*` (a wildcard label).
    static func isPlausibleHost(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 253
            && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-:[]*".unicodeScalars.contains($0)) }
    }
}

/// The TLS configuration a server runs with and the line that says where its certificate comes from.
struct ServerTLS {
    var configuration: TLSConfiguration
    var summary: String
}
