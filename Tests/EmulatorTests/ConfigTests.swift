import Foundation
import Testing

@testable import Emulator

@Suite("Tenant configuration")
struct ConfigTests {
    @Test("a YAML file overrides defaults field by field")
    func yamlOverrides() throws {
        let config = try EmulatorConfig.parse(
            """
            tenant:
              subdomain: fabrikam
            clients:
              - id: aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee
                userFlow: otp
            userFlows:
              - name: otp
                method: emailOtp
                sspr: false
                attributes:
                  - name: extension_1234_favouriteColor
                    required: true
                    regex: "^[a-z]+$"
                    page: 2
            users:
              - email: kim@fabrikam.com
                mfaRequired: true
                methods:
                  - channel: sms
                    target: "+4790000000"
            oneTimeCodes:
              length: 6
            """)
        #expect(config.tenant.domain == "fabrikam.onmicrosoft.com")
        #expect(config.userFlows[0].method == .emailOtp)
        #expect(config.userFlows[0].attributes[0].page == 2)
        #expect(config.users[0].methods[0].target == "+4790000000")
        #expect(config.oneTimeCodes.length == 6)
        #expect(config.passwordPolicy.minLength == 8)
    }

    @Test("JSON is accepted too")
    func json() throws {
        let config = try EmulatorConfig.parse(#"{"faults": {"latencyMs": 5, "serverErrorRate": 0.25}}"#)
        #expect(config.faults.latencyMs == 5)
        #expect(config.faults.serverErrorRate == 0.25)
    }

    @Test("errors name the field and line", arguments: [
        ("users:\n  - email: a@b.com\n    mfaRequired: maybe\n", "users[0].mfaRequired", 3),
        ("userFlows:\n  - name: x\n    method: sms\n", "userFlows[0].method", 3),
        ("oneTimeCodes:\n  lenght: 6\n", "oneTimeCodes.lenght", 2),
        ("clients:\n  - name: no id\n", "clients[0].id", 2),
    ] as [(String, String, Int)])
    func namedErrors(text: String, field: String, line: Int) {
        do {
            _ = try EmulatorConfig.parse(text)
            Issue.record("expected an error for \(field)")
        } catch let error as EmulatorConfigError {
            #expect(error.field == field)
            #expect(error.line == line)
            #expect(error.description.contains(field))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a client naming a missing user flow is refused")
    func crossField() {
        #expect(throws: EmulatorConfigError.self) {
            _ = try EmulatorConfig.parse("clients:\n  - id: 1\n    userFlow: nope\n")
        }
    }
}

@Suite("Documentation")
struct DocumentationTests {
    @Test("the full example in docs/emulator.md parses and builds a tenant")
    func docsExample() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/emulator.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```yaml\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let config = try EmulatorConfig.parse(String(text[start.upperBound..<end.lowerBound]))
        #expect(config.users.contains { $0.email == "mia@contoso.com" && $0.mfaRequired })
        #expect(config.userFlows[0].attributes.count == 3)
        _ = try EmulatorCore(config: config, logger: .quiet)
    }
}
