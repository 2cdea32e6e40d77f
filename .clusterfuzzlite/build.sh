#!/bin/bash -eu
# Builds authtape's libFuzzer targets for ClusterFuzzLite (and OSS-Fuzz). Uses only the build
# environment: $SRC (the checkout is $SRC/authtape), $OUT (fuzzers and their files), $WORK (the
# SwiftPM scratch folder), $SANITIZER and the flags `precompile_swift` exports (SWIFT6_2FLAGS, as
# Package.swift is tools-version 6.2). For every target it writes to $OUT: the binary, NAME.dict,
# NAME_seed_corpus.zip (from .clusterfuzzlite/seeds/NAME.seeds) and NAME.options.
#
# AUTHTAPE_FUZZ_TARGETS (default: all five) limits the build, e.g. to the light targets in the
# test that runs this script outside Docker (tools/test-clusterfuzzlite).
set -euo pipefail
. precompile_swift
cd "$SRC/authtape"
targets="${AUTHTAPE_FUZZ_TARGETS:-AuthTapeFuzzer FuzzClassifyTarget FuzzOracleTarget FuzzHARTarget FuzzRedactTarget}"

modules=()
for target in $targets; do
    case "$target" in
    AuthTapeFuzzer) modules+=(Fuzz) ;;
    FuzzClassifyTarget) modules+=(NativeAuth) ;;
    FuzzOracleTarget) modules+=(Oracle) ;;
    FuzzHARTarget) modules+=(HAR) ;;
    FuzzRedactTarget) modules+=(Redaction HAR) ;;
    *) echo "build.sh: unknown fuzz target $target" >&2; exit 2 ;;
    esac
done
export AUTHTAPE_LIBFUZZER=1
AUTHTAPE_TARGETS="$(IFS=,; echo "${modules[*]}")"
export AUTHTAPE_TARGETS

# With two --sanitize options SwiftPM hands the compiler only the last one, so the fuzzer
# instrumentation is asked for once more (docs/fuzzing.md, "Nightly on ClusterFuzzLite").
flags=(${SWIFT6_2FLAGS})
if [ "${SANITIZER:-address}" != "coverage" ]; then
    flags+=(-Xswiftc "-sanitize=fuzzer,${SANITIZER:-address}")
fi
scratch="$WORK/authtape-swiftpm"
for target in $targets; do
    swift build -c release --product "$target" --scratch-path "$scratch" "${flags[@]}"
done
bin="$(swift build -c release --scratch-path "$scratch" "${flags[@]}" --show-bin-path)"

for target in $targets; do
    cp "$bin/$target" "$OUT/$target"
    case "$target" in
    FuzzHARTarget | FuzzRedactTarget)
        cat .clusterfuzzlite/authtape.dict .clusterfuzzlite/har.dict > "$OUT/$target.dict"
        max_len=65536 ;;
    *)
        cp .clusterfuzzlite/authtape.dict "$OUT/$target.dict"
        max_len=16384 ;;
    esac
    printf '[libfuzzer]\nmax_len = %s\ntimeout = 10\nrss_limit_mb = 2560\n' "$max_len" > "$OUT/$target.options"
    python3 - ".clusterfuzzlite/seeds/$target.seeds" "$OUT/${target}_seed_corpus.zip" <<'PY'
import base64, hashlib, sys, zipfile
with open(sys.argv[1]) as lines, zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as archive:
    for line in lines:
        if line.strip():
            data = base64.b64decode(line)
            archive.writestr(hashlib.sha1(data).hexdigest(), data)
PY
    echo "build.sh: $OUT/$target (+ .dict, _seed_corpus.zip, .options)"
done
