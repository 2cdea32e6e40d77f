import Foundation
import Fuzz

/// libFuzzer's entry point over the fuzzer's case decoder. This target has no `main`:
/// `swift build --sanitize=fuzzer` links libFuzzer's. Package.swift declares it only when
/// AUTHTAPE_LIBFUZZER=1 (tools/libfuzzer sets it), so ordinary builds never see it.
@_cdecl("LLVMFuzzerTestOneInput")
public func authtapeFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzOneInput(UnsafeRawBufferPointer(start: data, count: size))
}

/// Hands Swift traps (SIGILL, SIGTRAP) back to libFuzzer, which calls this before it installs its signal
/// handlers: the Swift runtime's backtracer has taken them, and libFuzzer keeps a handler it finds in
/// place, so a trap would end the process without a crash file (platform-facts.md).
@_cdecl("LLVMFuzzerInitialize")
public func authtapeFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutableRawPointer) -> CInt {
    signal(SIGILL, SIG_DFL)
    signal(SIGTRAP, SIG_DFL)
    return 0
}
