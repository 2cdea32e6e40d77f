import Foundation
import HAR
import Redaction

/// libFuzzer target over the redactor on one entry: the input is a HAR file, and its first entry is
/// redacted with the built-in rules. The rules are compiled once per process and the placeholder table
/// is bounded, so an execution is one reading and one entry's redaction.
@_cdecl("LLVMFuzzerTestOneInput")
public func redactFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let redactor = RedactFuzzState.redactor else { fatalError("the built-in redaction rules did not compile") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? HARReader.read(bytes: bytes, source: "input"), let entry = document.log.entries.first else {
        return 0
    }
    _ = try? redactor.redact(entry)
    return 0
}

enum RedactFuzzState {
    static let redactor = try? Redactor(placeholders: PlaceholderTable(capacity: 256))
}

/// Hands Swift traps (SIGILL, SIGTRAP) back to libFuzzer, which calls this before it installs its signal
/// handlers: the Swift runtime's backtracer has taken them, and libFuzzer keeps a handler it finds in
/// place, so a trap would end the process without a crash file (platform-facts.md).
@_cdecl("LLVMFuzzerInitialize")
public func redactFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutableRawPointer) -> CInt {
    signal(SIGILL, SIG_DFL)
    signal(SIGTRAP, SIG_DFL)
    return 0
}
