/// The input format of the oracle's libFuzzer target (`FuzzOracleTarget`), decoded here once for the
/// target, crash import and the seed writer: byte 0 picks the step (``Step/allCases``, modulo), the low three
/// bits of byte 1 the status (``statuses``) and its top bit a `WWW-Authenticate: PKeyAuth` challenge; the
/// rest is the body, served as JSON.
public struct OracleFuzzInput: Sendable, Hashable {
    /// The statuses the low three bits of byte 1 pick from, in order.
    public static let statuses = [200, 400, 401, 403, 404, 429, 500, 503]
    /// The challenge header's value when byte 1's top bit is set.
    public static let pkeyAuthChallenge = #"PKeyAuth Nonce="n", CertAuthorities="", Version="1.0", SubmitUrl="u", Context="c""#
    /// The top bit of byte 1.
    static let pkeyAuthBit: UInt8 = 0x80

    public var step: Step
    public var status: Int
    /// True when the answer carries the PKeyAuth challenge header.
    public var pkeyAuth: Bool
    public var body: [UInt8]

    public init(step: Step, status: Int, pkeyAuth: Bool = false, body: [UInt8]) {
        self.step = step
        self.status = status
        self.pkeyAuth = pkeyAuth
        self.body = body
    }

    /// The input `bytes` stand for; nil for fewer than two bytes.
    public init?(decoding bytes: [UInt8]) {
        guard bytes.count >= 2 else { return nil }
        let steps = Step.allCases
        self.init(step: steps[Int(bytes[0]) % steps.count], status: Self.statuses[Int(bytes[1] & 0x07)],
                  pkeyAuth: bytes[1] & Self.pkeyAuthBit != 0, body: Array(bytes.dropFirst(2)))
    }

    /// The bytes that decode to this input; nil when the step or the status is not one the format can name.
    public var bytes: [UInt8]? {
        guard let stepIndex = Step.allCases.firstIndex(of: step), stepIndex <= Int(UInt8.max),
            let statusIndex = Self.statuses.firstIndex(of: status)
        else { return nil }
        return [UInt8(stepIndex), UInt8(statusIndex) | (pkeyAuth ? Self.pkeyAuthBit : 0)] + body
    }

    /// The answer's headers: JSON, and the PKeyAuth challenge when ``pkeyAuth``.
    public var headers: [(String, String)] {
        let json = [("Content-Type", "application/json; charset=utf-8")]
        return pkeyAuth ? json + [("WWW-Authenticate", Self.pkeyAuthChallenge)] : json
    }

    /// What the oracle expects of the answer: one ``StrictClassifier`` call and the outcome-table row it selects.
    public var expectation: Expectation {
        predictExpectation(step: step, status: status, headers: headers, body: body)
    }
}
