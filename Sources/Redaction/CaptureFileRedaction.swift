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
                guard let (pieces, summary, _) = redactCapture(buffer: mapped.bytes) else { return nil }
                try pieces.write(input: mapped.bytes, to: output)
                return summary
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
}
