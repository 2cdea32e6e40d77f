import Foundation
import Testing

@testable import NativeAuthWire

@Suite("Headers, telemetry and timestamps")
struct WireHelpersTests {
    @Test("the telemetry ids match the spec's table and format as schema 4")
    func telemetryIDs() {
        #expect(WireTelemetry(endpoint: .signInInitiate).headerValue == "4|74002,2|")
        #expect(WireTelemetry(endpoint: .signUpStart) == WireTelemetry(apiID: 75010, operation: 3))
        #expect(WireTelemetry(endpoint: .token, grantType: .password).operation == 0)
        #expect(WireTelemetry(endpoint: .token, grantType: .refreshToken).operation == 1)
        #expect(WireTelemetry(endpoint: .resetPasswordPollCompletion) == WireTelemetry(apiID: 75009, operation: 4))
        #expect(WireTelemetry(endpoint: .registerContinue) == WireTelemetry(apiID: 75029, operation: 2))
    }

    @Test("request headers follow §8.0")
    func requestHeaders() {
        let headers = WireHeader.requestHeaders(
            correlationID: "0E5C3B1A-7D2F-4C6E-9A8B-1F2E3D4C5B6A", sku: "MSAL.iOS", version: "2.0.0", os: "18.0",
            telemetry: WireTelemetry(endpoint: .signInInitiate))
        let lines = headers.map { "\($0.name): \($0.value)" }
        #expect(
            lines == [
                "Content-Type: application/x-www-form-urlencoded", "Accept: application/json", "x-ms-PkeyAuth+: 1.0",
                "client-request-id: 0E5C3B1A-7D2F-4C6E-9A8B-1F2E3D4C5B6A", "return-client-request-id: true",
                "x-client-SKU: MSAL.iOS", "x-client-Ver: 2.0.0", "x-client-OS: 18.0",
                "x-client-current-telemetry: 4|74002,2|",
            ])
    }

    @Test("timestamps are UTC in the error-body format")
    func timestamps() {
        #expect(WireTimestamp.format(Date(timeIntervalSince1970: 1_735_725_600)) == "2025-01-01 10:00:00Z")
        #expect(WireTimestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00:00Z")
    }

    @Test("an Entra-shaped envelope puts the AADSTS code first in the description")
    func aadstsEnvelope() throws {
        let envelope = WireErrorEnvelope.aadsts(
            .invalidGrant, code: .invalidCredentials, message: "Error validating credentials.", traceID: "tr",
            correlationID: "co", timestamp: "2025-01-01 10:00:00Z")
        #expect(
            envelope.errorDescription
                == "AADSTS50126: Error validating credentials. Trace ID: tr Correlation ID: co Timestamp: 2025-01-01 10:00:00Z"
        )
        #expect(envelope.errorCodes == [.invalidCredentials])
        let decoded = try WireResponse.error(envelope).decodeError()
        #expect(decoded == envelope)
    }
}
