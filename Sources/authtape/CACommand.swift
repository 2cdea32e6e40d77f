import ArgumentParser
import Foundation
import Recorder

/// `authtape ca`: where the interception CA lives, and its certificate for installing on a device.
struct CACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Show or export the CA that forward mode uses to intercept TLS.",
        subcommands: [Path.self, Export.self])

    /// `authtape ca path`.
    struct Path: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the CA directory and certificate path (creating the CA on first use).")

        func run() async throws {
            let authority = try CertificateAuthority.loadOrCreate()
            print(authority.certificateURL.path)
        }
    }

    /// `authtape ca export`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the CA certificate (PEM), or write it to --out, for installing as a trusted root.")

        @Option(help: "File to write the certificate to (default: standard output).")
        var out: String?

        func run() async throws {
            let authority = try CertificateAuthority.loadOrCreate()
            if let out {
                try Data(authority.certificatePEM.utf8).write(to: URL(fileURLWithPath: out))
                print(out)
            } else {
                print(authority.certificatePEM, terminator: "")
            }
        }
    }
}
