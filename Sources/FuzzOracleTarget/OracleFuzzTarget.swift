import Foundation
import Oracle

/// libFuzzer target over the oracle: the input is an ``OracleFuzzInput`` (step byte, status byte with a
/// PKeyAuth bit, body). Each execution is one ``StrictClassifier`` call and the outcome-table lookup it
/// feeds, as ``predictExpectation`` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func oracleFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let input = OracleFuzzInput(decoding: Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
    _ = input.expectation
    return 0
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
