#!/usr/bin/env python3
"""Checks that two redacted HAR files hold the same values, whatever their layouts.

    redact_compare.py A.har B.har

authtape keeps the input's layout; the Python baseline writes 2-space JSON. Both are read
with json.load and compared value for value (key order and white space do not matter):
the same placeholders in the same places, the same `_authtape.redactions` counts. Prints
"same values" and exits 0, or the first difference and exits 1.
"""

import json
import sys


def differences(a, b, path="$"):
    if type(a) is not type(b):
        yield f"{path}: {type(a).__name__} / {type(b).__name__}"
    elif isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                yield f"{path}.{key}: only in {'B' if key not in a else 'A'}"
            else:
                yield from differences(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list):
        if len(a) != len(b):
            yield f"{path}: {len(a)} / {len(b)} items"
        for index, (x, y) in enumerate(zip(a, b)):
            yield from differences(x, y, f"{path}[{index}]")
    elif a != b:
        yield f"{path}: values differ ({len(str(a))} / {len(str(b))} characters)"


def main():
    with open(sys.argv[1], encoding="utf-8-sig") as f:
        a = json.load(f)
    with open(sys.argv[2], encoding="utf-8-sig") as f:
        b = json.load(f)
    for found in differences(a, b):
        print(found)
        return 1
    print("same values")
    return 0


if __name__ == "__main__":
    sys.exit(main())
