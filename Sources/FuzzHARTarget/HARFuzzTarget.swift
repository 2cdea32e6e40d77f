import Foundation
import HAR

/// libFuzzer target over the HAR reader: the input is a HAR file. A document that reads is written
/// again with ``HARWriter`` and read back; the second writing must equal the first (the writer is
/// deterministic and what it writes reads back to the same document), or the target traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func harFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? HARReader.read(bytes: bytes, source: "input") else { return 0 }
    let written = HARWriter.bytes(document)
    guard let again = try? HARReader.read(bytes: written, source: "written") else {
        fatalError("HARWriter wrote a document HARReader cannot read back")
    }
    if HARWriter.bytes(again) != written {
        fatalError("HARWriter's output read back and written again differs")
    }
    return 0
}

/// Hands Swift traps (SIGILL, SIGTRAP) back to libFuzzer, which calls this before it installs its signal
/// handlers: the Swift runtime's backtracer has taken them, and libFuzzer keeps a handler it finds in
/// place, so a trap would end the process without a crash file (platform-facts.md).
@_cdecl("LLVMFuzzerInitialize")
public func harFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutableRawPointer) -> CInt {
    signal(SIGILL, SIG_DFL)
    signal(SIGTRAP, SIG_DFL)
    return 0
}
