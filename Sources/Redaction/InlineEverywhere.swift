/// Replace-everywhere inside `authtape redact`'s one pass (`StreamRedaction`): after each part
/// (an entry, mostly) is redacted, the secrets known so far are replaced in every string of
/// what it wrote, so a value redacted once is gone from its own entry and every later one.
///
/// A secret first met in a later part may also be in a part already written (its first
/// occurrence came before the field that identifies it). The runs of word bytes written and
/// not replaced go into a Bloom filter (`SeenRuns`); each new secret's anchor is looked up in
/// it, and on a possible hit ``needsSecondPass`` is set: `redactFile` then runs
/// `EverywherePass` over the whole output once more. On captures where every secret's first
/// occurrence is in (or after) the entry that identifies it, there is no second pass.
struct InlineEverywhere {
    let index: SecretIndex
    private var seen = SeenRuns()
    private var scratch: [UInt8] = []
    /// Whether the output may hold a secret met only later: a second pass is needed.
    private(set) var needsSecondPass = false
    /// Values replaced.
    private(set) var replaced = 0

    init(index: SecretIndex) {
        self.index = index
    }

    /// Replaces known secrets in `buffer[start...]`, a part's output (whole JSON values).
    mutating func process(_ buffer: inout [UInt8], from start: Int) {
        var edits: [ByteEdit] = []
        buffer.withUnsafeBufferPointer { bytes in
            self.edits(bytes, from: start, to: bytes.count, into: &edits)
        }
        if edits.isEmpty { return }
        // The replaced tail goes through a scratch buffer kept from part to part (no allocation).
        scratch.removeAll(keepingCapacity: true)
        buffer.withUnsafeBufferPointer { bytes in
            ValueRedactor.append(bytes, from: start, to: bytes.count, applying: edits, to: &scratch)
        }
        buffer.replaceSubrange(start..., with: scratch)
    }

    /// Appends to `edits`, in order, the replacements of known secrets in `bytes[start..<end]`,
    /// a part's output (whole JSON values); nothing once a second pass is known to be needed.
    mutating func edits(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into edits: inout [ByteEdit]) {
        if needsSecondPass { return }
        let anchors = index.takeAnchors()
        if !seen.isEmpty, anchors.contains(where: seen.mayContain(anchor:)) {
            // The second pass will replace everything: stop here, and free the filter.
            needsSecondPass = true
            seen = .disabled
            return
        }
        let known = index.snapshot()
        var walk = JSONStringWalk()
        let before = edits.count
        _ = walk.walk(bytes, from: start, to: end) { from, to, isText in
            if !known.edits(in: bytes, from: from, to: to, into: &edits, seen: &seen), isText,
                let text = EverywherePass.base64Edit(bytes, from: from, to: to, known: known)
            {
                edits.append(text)
            }
            return true
        }
        replaced += edits.count - before
    }
}
