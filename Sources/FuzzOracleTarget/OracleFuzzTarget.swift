import Foundation
import Oracle

/// libFuzzer target over the oracle: byte 0 picks the step (``Step/allCases``, modulo), byte 1's low
/// three bits the status (200, 400, 401, 403, 404, 429, 500, 503) and its top bit a
/// `WWW-Authenticate: PKeyAuth` header, the rest is the body. Each execution is one
/// ``StrictClassifier`` call and the outcome-table lookup it feeds, as ``predictExpectation`` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func oracleFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let steps = Step.allCases
    let step = steps[Int(input[0]) % steps.count]
    let status = OracleFuzzInput.statuses[Int(input[1] & 0x07)]
    let headers = input[1] & 0x80 != 0 ? OracleFuzzInput.pkeyAuth : OracleFuzzInput.json
    _ = predictExpectation(step: step, status: status, headers: headers, body: Array(input[2...]))
    return 0
}

enum OracleFuzzInput {
    static let statuses = [200, 400, 401, 403, 404, 429, 500, 503]
    static let json = [("Content-Type", "application/json; charset=utf-8")]
    static let pkeyAuth = json + [("WWW-Authenticate", #"PKeyAuth Nonce="n", CertAuthorities="", Version="1.0", SubmitUrl="u", Context="c""#)]
}

/// Hands Swift traps (SIGILL, SIGTRAP) back to libFuzzer, which calls this before it installs its signal
/// handlers: the Swift runtime's backtracer has taken them, and libFuzzer keeps a handler it finds in
/// place, so a trap would end the process without a crash file (platform-facts.md).
@_cdecl("LLVMFuzzerInitialize")
public func oracleFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutableRawPointer) -> CInt {
    signal(SIGILL, SIG_DFL)
    signal(SIGTRAP, SIG_DFL)
    return 0
}
