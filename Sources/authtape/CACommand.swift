import ArgumentParser
import Foundation
import Recorder

/// `authtape ca`: where the authtape CA lives, its certificate, and installing it where apps run.
struct CACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Show, export or install the authtape CA (forward-mode interception and every --tls server).",
        subcommands: [Path.self, Export.self, Install.self])

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
            abstract: "Print the CA certificate (PEM), or write it to --out, for installing as a trusted root.",
            discussion: "Standard error then says how to trust it on an iOS simulator, an iOS device, an Android "
                + "emulator and in a browser.")

        @Option(help: "File to write the certificate to (default: standard output).")
        var out: String?

        func run() async throws {
            let authority = try CertificateAuthority.loadOrCreate()
            let path: String
            // Written unbuffered, so the PEM comes before the instructions on a terminal.
            if let out {
                try Data(authority.certificatePEM.utf8).write(to: URL(fileURLWithPath: out))
                FileHandle.standardOutput.write(Data((out + "\n").utf8))
                path = out
            } else {
                FileHandle.standardOutput.write(Data(authority.certificatePEM.utf8))
                path = authority.certificateURL.path
            }
            FileHandle.standardError.write(Data(CATrustInstructions.text(certificatePath: path).utf8))
        }
    }

    /// `authtape ca install --simulator [booted|UDID]`.
    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install the CA as a trusted root where an app runs (an iOS simulator).",
            discussion: "Runs `xcrun simctl keychain DEVICE add-root-cert CA.pem` on macOS; elsewhere prints that "
                + "command (for the Mac that runs the simulator) and exits 0. Other places: `authtape ca export`.")

        @Flag(help: "Install into an iOS simulator's keychain.")
        var simulator = false

        @Argument(help: "With --simulator: `booted` (the running simulator) or a device UDID.")
        var device = "booted"

        func validate() throws {
            guard simulator else {
                throw ValidationError("say where: --simulator [booted|UDID] (for devices and browsers: authtape ca export)")
            }
            if !CATrustInstructions.isDeviceName(device) {
                throw ValidationError("'\(device)' is neither `booted` nor a simulator UDID")
            }
        }

        func run() async throws {
            let authority = try CertificateAuthority.loadOrCreate()
            let arguments = ["simctl", "keychain", device, "add-root-cert", authority.certificateURL.path]
            let command = "xcrun " + arguments.map(CATrustInstructions.shellQuoted).joined(separator: " ")
            #if os(macOS)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
            process.arguments = arguments
            do {
                try process.run()
            } catch {
                throw CLIFailure.failed("cannot run \(command): \(error)")
            }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw CLIFailure.failed("\(command) failed (status \(process.terminationStatus))")
            }
            print("installed the authtape CA in simulator \(device); restart the app to pick it up")
            #else
            print("xcrun runs on macOS only; on the Mac that runs the simulator, copy \(authority.certificateURL.path) there and run:")
            print("  \(command)")
            #endif
        }
    }
}

/// What to do with the CA certificate on each kind of device, printed by `authtape ca export`.
enum CATrustInstructions {
    /// The instructions for the certificate at `certificatePath`.
    static func text(certificatePath path: String) -> String {
        let quoted = shellQuoted(path)
        return """

            Trust this CA where the app runs (it signs the --tls certificates and forward-mode interception):

            iOS simulator:
              authtape ca install --simulator            (or: xcrun simctl keychain booted add-root-cert \(quoted))
            iOS device (a configuration profile):
              send \(quoted) to the device (AirDrop, mail), open it, then Settings > General > VPN & Device
              Management > install the profile, and Settings > General > About > Certificate Trust Settings >
              turn on full trust for "authtape interception CA". Serve on an address the device reaches:
              --host <the Mac's LAN address> --tls --tls-host <that address>.
            Android emulator (a debug build trusts it through its network security config):
              cp \(quoted) app/src/debug/res/raw/authtape_ca.pem
              app/src/debug/res/xml/network_security_config.xml:
                <network-security-config>
                  <debug-overrides>
                    <trust-anchors>
                      <certificates src="@raw/authtape_ca" />
                    </trust-anchors>
                  </debug-overrides>
                </network-security-config>
              AndroidManifest.xml <application android:networkSecurityConfig="@xml/network_security_config" ...>
              The emulator reaches this machine as 10.0.2.2: serve with --tls --tls-host 10.0.2.2.
            Browser:
              Chrome/Edge: Settings > Privacy and security > Security > Manage certificates > Authorities > Import
              Firefox: Settings > Privacy & Security > Certificates > View Certificates > Authorities > Import
                (trust it to identify websites)
              macOS keychain: security add-trusted-cert -r trustRoot -k ~/Library/Keychains/login.keychain-db \(quoted)
              Linux (NSS): certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n authtape -i \(quoted)
            Walk-through: docs/real-apps.md

            """
    }

    /// `booted` or a simulator UDID (hexadecimal digits and dashes).
    static func isDeviceName(_ text: String) -> Bool {
        text == "booted"
            || (!text.isEmpty && text.count <= 64
                && text.unicodeScalars.allSatisfy { $0 == "-" || ($0.isASCII && $0.properties.isASCIIHexDigit) })
    }

    /// `text` as one shell word: as is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+:=@,".unicodeScalars.contains($0))
        }
        if safe, !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
