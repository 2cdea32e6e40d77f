import Foundation
import NativeAuthWire
import Testing

@testable import Emulator

@Suite("Support pieces")
struct SupportTests {
    @Test("continuation tokens round-trip and a flipped byte is rejected")
    func tokenSealing() {
        var keys = SeededGenerator(seed: 9)
        let codec = FlowTokenCodec(keyBytes: keys.bytes(32))
        let token = FlowToken(
            flowID: 77, step: .signUpCodeSent, clientIndex: 2, userID: "user-1", expiresAt: 1_800_000_600,
            challengeTypes: 5, capabilities: 3)
        let sealed = codec.seal(token)
        #expect(codec.open(sealed) == token)
        #expect(!sealed.contains("user-1"))
        var bytes = Base64URL.decode(sealed) ?? []
        bytes[20] ^= 1
        #expect(codec.open(Base64URL.encode(bytes)) == nil)
        let other = FlowTokenCodec(keyBytes: keys.bytes(32))
        #expect(other.open(sealed) == nil)
    }

    @Test("the seeded generator draws SplitMix64's values from the seed's first value, not the seed's own stream")
    func seededGeneratorIsSplitMix64() {
        var generator = SeededGenerator(seed: 42)
        var first = SplitMix64(seed: 42)
        var expected = SplitMix64(seed: first.next())
        let draws = (0..<4).map { _ in generator.next() }
        #expect(draws == (0..<4).map { _ in expected.next() })
        var engine = SplitMix64(seed: 42)
        #expect(!draws.contains(engine.next()))
    }

    @Test("guids are lower-case version-4 GUIDs and digits are decimal digits of the asked length")
    func seededGeneratorDraws() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<50 {
            let guid = generator.guid()
            let parts = guid.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
            #expect(parts == [8, 4, 4, 4, 12], "\(guid)")
            #expect(guid.allSatisfy { $0 == "-" || $0.isHexDigit && !$0.isUppercase }, "\(guid)")
            #expect(Array(guid)[14] == "4", "\(guid)")
            #expect("89ab".contains(Array(guid)[19]), "\(guid)")
            #expect(UUID(uuidString: guid) != nil, "\(guid)")
            let code = generator.digits(8)
            #expect(code.count == 8 && code.allSatisfy { $0.isASCII && $0.isNumber }, "\(code)")
        }
        #expect(generator.digits(0) == "")
        let codes = Set((0..<200).map { _ in generator.digits(1) })
        #expect(codes == Set("0123456789".map(String.init)))
    }

    @Test("timestamps use the envelope format")
    func timestamp() {
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00:00Z")
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: 951_825_599)) == "2000-02-29 11:59:59Z")
    }

    @Test("contacts are masked as Entra labels them")
    func masking() {
        #expect(Masking.mask("user@example.com", channel: "email") == "u**r@ex****e.com")
        #expect(Masking.mask("+14255550123", channel: "sms") == "+1425555****")
    }

    @Test("users created at sign-up survive a restart through the store file")
    func persistence() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-store-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var config = EmulatorConfig.default
        config.server.storePath = path
        let first = try EmulatorHarness(config: config)
        let start = first.post(.signUpStart, [("username", "kept@contoso.com"), ("password", "Brand-New-7x"), ("challenge_type", "oob password redirect")])
        let challenge = first.post(.signUpChallenge, [("continuation_token", start.token!)])
        _ = first.post(.signUpContinue, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", first.code("kept@contoso.com"))])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let second = try EmulatorHarness(config: config, seed: 99)
        #expect(second.signInPassword("kept@contoso.com", "Brand-New-7x").status == 200)
    }

    @Test("log lines never carry codes, passwords or tokens")
    func noSecretsInLogs() throws {
        let sink = LogSink()
        let core = try EmulatorCore(config: .default, seed: 5, clock: .manual(), logger: sink.logger)
        var h = try EmulatorHarness()
        h = EmulatorHarness(core: core)
        let reply = h.signInPassword("alex@contoso.com", "Sunny-Day-42!")
        let initiate = h.post(.signInInitiate, [("username", "sam@contoso.com"), ("challenge_type", "oob redirect")])
        _ = h.post(.signInChallenge, [("continuation_token", initiate.token!)])
        let secrets = ["Sunny-Day-42!", h.code("sam@contoso.com"), initiate.token!, reply["access_token"]!, reply["refresh_token"]!]
        let text = sink.lines.joined(separator: "\n")
        #expect(!sink.lines.isEmpty)
        for secret in secrets { #expect(!text.contains(secret)) }
    }
}
