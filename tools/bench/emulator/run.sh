#!/usr/bin/env bash
# Load test of the emulator: wrk with keep-alive against /oauth2/v2.0/initiate (V1), /oauth2/v2.0/authorize-challenge
# (V2) and a full password sign-in (initiate → challenge → token). Prints requests/s and latency percentiles.
#
#   tools/bench/emulator/run.sh                 # builds authtape in release, 2 threads, 32 connections, 10 s
#   DURATION=30s CONNECTIONS=64 tools/bench/emulator/run.sh
#   AUTHTAPE_BIN=/path/to/authtape tools/bench/emulator/run.sh   # skip the build
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
threads="${THREADS:-2}"
connections="${CONNECTIONS:-32}"
duration="${DURATION:-10s}"
port="${PORT:-18787}"

if ! command -v wrk >/dev/null 2>&1; then
    echo "wrk not found; installing it with apt-get" >&2
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null; fi
fi

bin="${AUTHTAPE_BIN:-}"
if [ -z "$bin" ] && [ -z "${SERVER_CMD:-}" ]; then
    (cd "$root" && swift build -c release --product authtape >&2)
    bin="$(cd "$root" && swift build -c release --show-bin-path)/authtape"
fi

if [ -n "${SERVER_CMD:-}" ]; then read -r -a server_cmd <<<"$SERVER_CMD"
else server_cmd=("$bin" serve --port "$port" --seed 1); fi
state_dir="$(mktemp -d)"
AUTHTAPE_HOME="$state_dir" "${server_cmd[@]}" >"$state_dir/serve.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$state_dir"' EXIT
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/_authtape/health" >/dev/null 2>&1 && break
    sleep 0.1
done
base="http://127.0.0.1:$port/contoso.onmicrosoft.com"

echo "== emulator: POST /oauth2/v2.0/initiate ($threads threads, $connections connections, $duration, keep-alive)"
wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$here/initiate.lua" "$base/oauth2/v2.0/initiate"

echo
echo "== emulator: V2 POST /oauth2/v2.0/authorize-challenge ($threads threads, $connections connections, $duration, keep-alive; 401 answers expected)"
wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$here/authorize-challenge.lua" "$base/oauth2/v2.0/authorize-challenge"

echo
echo "== emulator: full password sign-in (initiate, challenge, token)"
wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$here/signin.lua" "$base"
