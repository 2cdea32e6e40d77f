import Fuzz

/// libFuzzer's entry point over the fuzzer's case decoder. This target has no `main`:
/// `swift build --sanitize=fuzzer` links libFuzzer's. Package.swift declares it only when
/// AUTHTAPE_LIBFUZZER=1 (tools/libfuzzer sets it), so ordinary builds never see it.
@_cdecl("LLVMFuzzerTestOneInput")
public func authtapeFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzOneInput(UnsafeRawBufferPointer(start: data, count: size))
}
