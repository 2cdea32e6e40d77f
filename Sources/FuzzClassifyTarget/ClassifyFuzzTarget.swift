import Foundation
import NativeAuth

/// libFuzzer target over the engine's response classification (``ClassificationFuzzEntry``): byte 0
/// picks the endpoint, byte 1 the status, the rest is the body. Links NativeAuth and nothing heavier,
/// so each execution is one classification. Declared only when AUTHTAPE_LIBFUZZER=1 (Package.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func classifyFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = ClassificationFuzzEntry.classify(input: UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// Hands Swift traps (SIGILL, SIGTRAP) back to libFuzzer, which calls this before it installs its signal
/// handlers: the Swift runtime's backtracer has taken them, and libFuzzer keeps a handler it finds in
/// place, so a trap would end the process without a crash file (platform-facts.md).
@_cdecl("LLVMFuzzerInitialize")
public func classifyFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutableRawPointer) -> CInt {
    signal(SIGILL, SIG_DFL)
    signal(SIGTRAP, SIG_DFL)
    return 0
}
