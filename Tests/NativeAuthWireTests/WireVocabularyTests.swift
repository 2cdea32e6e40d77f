import Foundation
import Testing

@testable import NativeAuthWire

@Suite("Wire vocabulary")
struct WireVocabularyTests {
    @Test("both capabilities parse from a space-separated list in any order")
    func parsesCapabilities() throws {
        for value in [
            "mfa_required registration_required", "registration_required mfa_required",
            "  mfa_required   registration_required ",
        ] {
            #expect(try WireCapabilities(parsing: value) == .all)
        }
        #expect(try WireCapabilities(parsing: "mfa_required mfa_required") == [.mfaRequired])
        #expect(try WireCapabilities(parsing: "") == .none)
    }

    @Test("a comma-joined capability list is one unknown value")
    func rejectsCommaJoinedCapabilities() {
        #expect(throws: WireCapabilitiesError(unknownValue: "mfa_required,registration_required")) {
            try WireCapabilities(parsing: "mfa_required,registration_required")
        }
    }

    @Test("an unknown capability is rejected even next to known ones")
    func rejectsUnknownCapability() {
        #expect(throws: WireCapabilitiesError(unknownValue: "MFA_REQUIRED")) {
            try WireCapabilities(parsing: "registration_required MFA_REQUIRED")
        }
    }

    @Test("capabilities encode in MSAL order and an empty set is omitted")
    func encodesCapabilities() {
        #expect(
            WireCapabilities([.registrationRequired, .mfaRequired]).formValue == "mfa_required registration_required")
        #expect(WireCapabilities([.registrationRequired]).formValue == "registration_required")
        #expect(WireCapabilities.none.formValue == nil)
    }

    @Test("challenge type lists keep order and report unknown members")
    func challengeTypeLists() {
        let list = WireChallengeTypes(parsing: "oob  password redirect otp")
        #expect(list.values == [.oob, .password, .redirect, "otp"])
        #expect(list.unknownValues == ["otp"])
        #expect(list.contains(.redirect))
        #expect(WireChallengeTypes([.oob, .redirect]).formValue == "oob redirect")
    }

    @Test("unknown vocabulary values survive and are flagged")
    func unknownValuesSurvive() throws {
        let error = WireErrorCode("brand_new_error")
        #expect(error.rawValue == "brand_new_error")
        #expect(!error.isKnown)
        #expect(WireErrorCode.invalidGrant.isKnown)
        #expect(WireSuberror("password_*").isPasswordError == false)
        #expect(WireSuberror.passwordBanned.isPasswordError)
        let data = try JSONEncoder().encode([WireSuberror.providerBlockedByAdmin])
        #expect(String(decoding: data, as: UTF8.self) == #"["provider_blocked_by_admin"]"#)
    }

    @Test("the catalogue lists every error, suberror and AADSTS code of the spec")
    func catalogueIsComplete() {
        #expect(WireErrorCode.known.count == 20)
        #expect(Set(WireErrorCode.known).count == 20)
        #expect(WireSuberror.known.count == 14)
        #expect(Set(WireSuberror.known.map(\.rawValue)).count == 14)
        #expect(AADSTSCode.known.count == 18)
        #expect(Set(AADSTSCode.known).count == 18)
        #expect(AADSTSCode.invalidCredentials.description == "AADSTS50126")
        #expect(WireGrantType.mfaOOB.rawValue == "mfa_oob")
    }
}
