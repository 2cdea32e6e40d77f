#!/usr/bin/env python3
"""Runs a command and prints its wall seconds, CPU seconds and peak resident memory (MB).

    redact_run.py COMMAND [ARGS...]

The command's own output is discarded; its exit status is printed last (authtape redact
exits 1 when its leak scan finds something, which the benchmark reports).
"""

import os
import subprocess
import sys
import time


def main():
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(sys.argv[1:], stdout=null, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        stderr = child.stderr.read().decode(errors="replace")
    wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.stderr.write(stderr)
    # ru_maxrss is in kilobytes on Linux, bytes on macOS.
    rss = usage.ru_maxrss / (1 << 20 if sys.platform == "darwin" else 1 << 10)
    print(f"{wall:.3f} {usage.ru_utime + usage.ru_stime:.3f} {rss:.1f} {code}")


if __name__ == "__main__":
    main()
