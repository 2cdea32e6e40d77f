import Driver
import Foundation
import HAR
import NativeAuth
import NativeAuthWire
import Testing

/// A transport that keeps what the engine sent and answers every request with one canned JSON body.
final class KeepingTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private let answer: String
    private var sentRequests: [NativeAuthHTTPRequest] = []

    init(answer: String) { self.answer = answer }

    var sent: [NativeAuthHTTPRequest] { lock.withLock { sentRequests } }

    func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        lock.withLock { sentRequests.append(request) }
        return NativeAuthHTTPResponse(
            statusCode: 200, headers: [NativeAuthHTTPHeader("Content-Type", "application/json")], body: Data(answer.utf8))
    }

    /// The form field `name` of request `index`.
    func field(_ name: String, ofRequest index: Int) -> String? {
        let requests = sent
        guard requests.indices.contains(index) else { return nil }
        return FormCodec.decodeLeniently(bytes: requests[index].body).first { $0.name == name }?.value
    }
}

@Suite("User actions performed on the engine")
struct UserActionOnTheEngineTests {
    static func driver(_ transport: any Transport) throws -> EngineDriver {
        try EngineDriver(
            authority: try #require(URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")),
            challengeTypes: ["oob", "password"], capabilities: [], transport: transport, uuids: SeededUUIDSource(seed: 7))
    }

    @Test("a sign-up's attributes reach the wire as the JSON the action holds: numbers and Booleans stay what they are")
    func signUpAttributesKeepTheirTypes() async throws {
        let transport = KeepingTransport(answer: #"{"continuation_token":"CT-1","challenge_type":"redirect"}"#)
        let attributes = JSONObject([(key: "city", value: "Oslo"), (key: "age", value: 42), (key: "newsletter", value: true)])
        let action = UserAction.signUp(username: "sam@example.com", password: nil, attributes: attributes)
        _ = try await Self.driver(transport).perform(action, held: HeldObjects())
        let sent = try #require(transport.field("attributes", ofRequest: 0))
        let compact = sent.filter { !$0.isWhitespace }
        #expect(compact.contains(#""city":"Oslo""#))
        #expect(compact.contains(#""age":42"#))
        #expect(compact.contains(#""newsletter":true"#))
    }

    @Test("the first offered method is none when nothing was offered; an id or a channel make a method of their own")
    func methodChoices() {
        #expect(EngineCall.method(.firstOffered, among: []) == nil)
        #expect(EngineCall.method(.id("m-1"), among: [])?.id == "m-1")
        let made = EngineCall.method(.channel(challengeType: "oob", channel: "sms"), among: [])
        #expect(made?.challengeType == "oob")
        #expect(made?.channelTargetType.value == "sms")
    }

    @Test("an offered method is chosen by id, by challenge type and channel, or as the first one")
    func offeredMethodsWin() {
        let email = MSALAuthMethod(
            id: "m-email", challengeType: "oob", channelTargetType: MSALNativeAuthChannelType(value: "email"), loginHint: nil)
        let sms = MSALAuthMethod(
            id: "m-sms", challengeType: "oob", channelTargetType: MSALNativeAuthChannelType(value: "sms"), loginHint: "+1***")
        #expect(EngineCall.method(.firstOffered, among: [email, sms])?.id == "m-email")
        #expect(EngineCall.method(.id("m-sms"), among: [email, sms])?.loginHint == "+1***")
        #expect(EngineCall.method(.channel(challengeType: "oob", channel: "sms"), among: [email, sms])?.id == "m-sms")
    }

    @Test("a challenge action on the first offered method cannot be performed when the app was offered none")
    func firstOfferedNeedsAnOffer() async throws {
        let transport = KeepingTransport(answer: "{}")
        let performed = try await Self.driver(transport).perform(.requestChallenge(), held: HeldObjects())
        #expect(performed == nil)
        #expect(transport.sent.isEmpty)
    }

    @Test("the values a user typed are the action's secrets; names are not")
    func secrets() {
        #expect(UserAction.signIn(username: "sam@example.com", password: "pw-1").secrets == ["pw-1"])
        #expect(UserAction.submitChallenge(challenge: "123456").secrets == ["123456"])
        #expect(UserAction.resetPassword(username: "sam@example.com").secrets.isEmpty)
        #expect(UserAction.signInAfterResetPassword().methodName == "signIn")
        #expect(UserAction.signInAfterResetPassword().name == "signInAfterResetPassword")
    }
}
