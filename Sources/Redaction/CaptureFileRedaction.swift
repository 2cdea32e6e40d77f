#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import HAR

extension Redactor {
    /// Reads the HAR at `input`, redacts it, and writes it to `output` (mode 0600). The
    /// output is written to a temporary file and renamed, so a failure never leaves half a
    /// capture and redacting in place loses nothing.
    @discardableResult
    public func redactFile(input: String, output: String) throws(HARError) -> RedactionSummary {
        let bytes: [UInt8]
        if let mapped = MappedFile(path: input) {
            // The mapping must outlive every use of its bytes.
            let summary = try withExtendedLifetime(mapped) { () throws(HARError) -> RedactionSummary? in
                try redactStreaming(mapped.bytes, to: output)
            }
            if let summary { return summary }
            bytes = withExtendedLifetime(mapped) { Array(mapped.bytes) }
        } else {
            bytes = try HARRawFile.read(contentsOf: input)
            if let (parts, summary, _) = redactCapture(bytes: bytes) {
                try HARRawFile.write(parts: parts, to: output)
                return summary
            }
        }
        let document = try HARReader.read(bytes: bytes, source: input)
        let (redacted, summary) = redact(document)
        try HARWriter.write(redacted, to: output)
        return summary
    }

    /// The splice path writing its output while it runs (`SplicedOutput.Stream`): the
    /// entries of a parallel redaction are written as their chunks are done, so the copy
    /// into the file overlaps the other threads' work. Nil (nothing written) when the
    /// capture must take the typed path.
    func redactStreaming(
        _ buffer: UnsafeBufferPointer<UInt8>, to output: String, parallelMinimum: Int = Redactor.parallelMinimum,
        workers: Int = Redactor.defaultWorkers
    ) throws(HARError) -> RedactionSummary? {
        var summary: RedactionSummary?
        var gaveUp = false
        var started = false
        do {
            try HARRawFile.write(to: output) { fd in
                started = true
                var stream = SplicedOutput.Stream(fd: fd, input: buffer)
                guard
                    let result = redactCapture(
                        buffer: buffer, parallelMinimum: parallelMinimum, workers: workers,
                        flush: { stream.flush($0, open: $1) })
                else {
                    // The temporary file is removed; the typed path writes the output.
                    gaveUp = true
                    return ECANCELED
                }
                summary = result.summary
                return stream.finish(result.output)
            }
        } catch {
            // No temporary file: the typed path reports a capture that is not valid HAR
            // first, as it did before output was written while redacting.
            if gaveUp || !started { return nil }
            throw error
        }
        return summary
    }
}
