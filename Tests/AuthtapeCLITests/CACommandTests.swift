import Foundation
import Testing

/// `authtape ca export` and `authtape ca install`, with the CA in a temporary `AUTHTAPE_HOME`.
@Suite("authtape ca export and install")
struct CACommandTests {
    @Test("ca export prints the PEM on standard output and, after it, how to trust it everywhere on standard error")
    func exportWithInstructions() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try runCLI(["ca", "export"], home: home)
        #expect(run.status == 0)
        let pem = try String(contentsOf: home.appendingPathComponent("ca/authtape-ca.pem"), encoding: .utf8)
        #expect(run.stdout == pem)
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
        let caPath = home.appendingPathComponent("ca/authtape-ca.pem").path
        for line in [
            "iOS simulator:", "xcrun simctl keychain booted add-root-cert \(caPath)",
            "iOS device (a configuration profile):", "Certificate Trust Settings",
            "Android emulator", "<certificates src=\"@raw/authtape_ca\" />", "<debug-overrides>",
            "android:networkSecurityConfig=\"@xml/network_security_config\"", "--tls-host 10.0.2.2",
            "Browser:", "Authorities > Import",
        ] {
            #expect(run.stderr.contains(line), "missing: \(line)")
        }
        #expect(!run.stderr.contains("PRIVATE KEY"))
        let keyMode = try FileManager.default.attributesOfItem(
            atPath: home.appendingPathComponent("ca/authtape-ca-key.pem").path)[.posixPermissions] as? Int
        #expect(keyMode == 0o600)
    }

    @Test("ca export --out writes the PEM to the file and names it in the instructions")
    func exportToFile() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let out = home.appendingPathComponent("exported ca.pem").path
        let run = try runCLI(["ca", "export", "--out", out], home: home)
        #expect(run.status == 0)
        #expect(run.stdout == out + "\n")
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(run.stderr.contains("add-root-cert '\(out)'"))
    }

    #if !os(macOS)
    @Test("ca install --simulator prints the simctl command away from macOS and exits 0")
    func installPrintsCommand() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let caPath = home.appendingPathComponent("ca/authtape-ca.pem").path
        let booted = try runCLI(["ca", "install", "--simulator"], home: home)
        #expect(booted.status == 0)
        #expect(booted.stdout.contains("  xcrun simctl keychain booted add-root-cert \(caPath)\n"))
        #expect(FileManager.default.fileExists(atPath: caPath))
        let udid = "8A3B1C2D-0E4F-4A5B-9C6D-7E8F90A1B2C3"
        let device = try runCLI(["ca", "install", "--simulator", udid], home: home)
        #expect(device.status == 0)
        #expect(device.stdout.contains("xcrun simctl keychain \(udid) add-root-cert \(caPath)"))
    }
    #endif

    @Test("ca install needs --simulator and a device that is `booted` or a UDID")
    func installUsage() throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let nowhere = try runCLI(["ca", "install"], home: home)
        #expect(nowhere.status == 64)
        #expect(nowhere.stderr.contains("--simulator"))
        let odd = try runCLI(["ca", "install", "--simulator", "my;phone"], home: home)
        #expect(odd.status == 64)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("ca").path))
    }
}
