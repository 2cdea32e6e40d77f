#!/usr/bin/env bash
# Proxy benchmark: wrk (keep-alive) against the emulator (a) directly, (b) through
# `authtape record` writing a redacted capture, (c) through mitmproxy's `mitmdump` in reverse
# mode saving a HAR. Prints requests/s, p50/p99 latency and peak memory of each, the ratios
# against the design targets, and the recorder's memory before and after 1,000 concurrent
# connections.
#
#   tools/bench/proxy/run.sh                         # release build, 2 threads, 32 connections, 10 s
#   DURATION=30s CONNECTIONS=64 tools/bench/proxy/run.sh
#   AUTHTAPE_BIN=/path/to/authtape tools/bench/proxy/run.sh   # skip the build
#   SKIP_MITM=1 tools/bench/proxy/run.sh             # leave mitmdump out
#   SKIP_NGINX=1 tools/bench/proxy/run.sh            # leave the nginx reference out
#   SKIP_MEMORY=1 tools/bench/proxy/run.sh           # leave the 1,000-connection rounds out
#   RECORDER_THREADS=1 tools/bench/proxy/run.sh      # the recorder's event-loop threads (--threads)
#
# Besides wall-clock figures it prints each server's CPU time (user+sys) per request, which is
# what to compare on a shared machine, and (b') the same proxy in forward mode for a host outside
# the capture filter: the pure proxy path, nothing captured. (d) is a reference: nginx as a plain
# reverse proxy (keep-alive upstream, no access log, nothing captured), installed with apt when
# missing. Last it prints the CPU budget per request the targets leave a proxy on this machine.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
threads="${THREADS:-2}"
connections="${CONNECTIONS:-32}"
duration="${DURATION:-10s}"
upstream_port="${UPSTREAM_PORT:-18790}"
recorder_port="${RECORDER_PORT:-18791}"
mitm_port="${MITM_PORT:-18792}"
forward_port="${FORWARD_PORT:-18793}"
nginx_port="${NGINX_PORT:-18794}"
venv="${MITM_VENV:-$root/.build-bench-venv}"

if ! command -v wrk >/dev/null 2>&1; then
    echo "wrk not found; installing it with apt-get" >&2
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null; fi
fi

if [ -z "${SKIP_NGINX:-}" ] && ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
    echo "nginx not found; installing it with apt-get (SKIP_NGINX=1 leaves it out)" >&2
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nginx-light >/dev/null || true
    else sudo apt-get update -qq && sudo apt-get install -y -qq nginx-light >/dev/null || true; fi
fi
nginx_bin="$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true)"
[ -z "${SKIP_NGINX:-}" ] || nginx_bin=""

bin="${AUTHTAPE_BIN:-}"
if [ -z "$bin" ]; then
    (cd "$root" && swift build -c release --product authtape >&2)
    bin="$(cd "$root" && swift build -c release --show-bin-path)/authtape"
fi

mitmdump=""
if [ -z "${SKIP_MITM:-}" ]; then
    if [ ! -x "$venv/bin/mitmdump" ]; then
        echo "installing mitmproxy 11.0.x into $venv" >&2
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q 'mitmproxy>=11.0,<11.1' >&2
    fi
    mitmdump="$venv/bin/mitmdump"
fi

work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

wait_for() { # url [pid]: the answer must come from pid (another process on the port would be measured instead)
    for _ in $(seq 1 200); do
        if [ -n "${2:-}" ] && ! kill -0 "$2" 2>/dev/null; then
            echo "the server for $1 exited (is the port taken?); its log:" >&2
            cat "$work"/*.log >&2 2>/dev/null || true
            exit 1
        fi
        curl -s -o /dev/null "$1" && return 0
        sleep 0.1
    done
    echo "nothing answers at $1" >&2
    exit 1
}

peak_kb() { awk '/VmHWM/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

# CPU time (user+sys) of a process so far, in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
ticks_per_s=$(getconf CLK_TCK)

# Runs wrk and prints "requests_per_s p50_ms p99_ms requests"; extra arguments go to wrk.
measure() { # base-url script [pid...] -- CPU per request of the pids lands in $work/cpu
    local url="$1" script="$2" out
    shift 2
    local before=0 after=0 pid
    for pid in "$@"; do before=$((before + $(cpu_ticks "$pid"))); done
    out="$(wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$script" \
        "$url/contoso.onmicrosoft.com/oauth2/v2.0/initiate")"
    for pid in "$@"; do after=$((after + $(cpu_ticks "$pid"))); done
    echo "$out" >>"$work/wrk.log"
    echo "$out" | awk -v ticks=$((after - before)) -v hz="$ticks_per_s" '
        function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
        /Requests\/sec:/ { rps = $2 }
        / requests in / { requests = $1 }
        $1 == "50.000%" || $1 == "50%" { p50 = ms($2) }
        $1 == "99.000%" || $1 == "99%" { p99 = ms($2) }
        END { cpu = requests > 0 ? ticks / hz * 1e6 / requests : 0; printf "%.0f %.2f %.2f %.0f\n", rps, p50, p99, cpu }'
}

AUTHTAPE_HOME="$work" "$bin" serve --port "$upstream_port" --seed 1 >"$work/serve.log" 2>&1 &
upstream_pid=$!
pids+=("$upstream_pid")
wait_for "http://127.0.0.1:$upstream_port/_authtape/health" "$upstream_pid"

AUTHTAPE_HOME="$work" "$bin" record --upstream "http://127.0.0.1:$upstream_port" --port "$recorder_port" \
    --out "$work/bench.har" --quiet ${RECORDER_THREADS:+--threads "$RECORDER_THREADS"} >"$work/record.log" 2>&1 &
recorder_pid=$!
pids+=("$recorder_pid")
wait_for "http://127.0.0.1:$recorder_port/_authtape/health" "$recorder_pid"

AUTHTAPE_HOME="$work" "$bin" record --forward --upstream "http://127.0.0.1:$upstream_port" --port "$forward_port" --out "$work/forward.har" --quiet ${RECORDER_THREADS:+--threads "$RECORDER_THREADS"} >"$work/forward.log" 2>&1 &
forward_pid=$!
pids+=("$forward_pid")
for _ in $(seq 1 100); do
    curl -s -o /dev/null -x "http://127.0.0.1:$forward_port" "http://127.0.0.1:$upstream_port/_authtape/health" && break
    sleep 0.1
done

echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== (a) direct to the emulator"
read -r a_rps a_p50 a_p99 a_cpu < <(measure "http://127.0.0.1:$upstream_port" "$here/initiate.lua" "$upstream_pid")
a_mem=$(peak_kb "$upstream_pid")
echo "== (b) through authtape record (capture on)"
read -r b_rps b_p50 b_p99 b_cpu < <(measure "http://127.0.0.1:$recorder_port" "$here/initiate.lua" "$recorder_pid")
b_mem=$(peak_kb "$recorder_pid")
echo "== (b') through authtape record --forward, host not captured (pure proxy path)"
export UPSTREAM="127.0.0.1:$upstream_port"
read -r f_rps f_p50 f_p99 f_cpu < <(
    measure "http://127.0.0.1:$forward_port" "$here/forward.lua" "$forward_pid")
f_mem=$(peak_kb "$forward_pid")

c_rps=0 c_p50=0 c_p99=0 c_mem=0 c_cpu=0
if [ -n "$mitmdump" ]; then
    "$mitmdump" --mode "reverse:http://127.0.0.1:$upstream_port" --listen-host 127.0.0.1 -p "$mitm_port" \
        --set hardump="$work/mitm.har" -q >"$work/mitm.log" 2>&1 &
    mitm_pid=$!
    pids+=("$mitm_pid")
    wait_for "http://127.0.0.1:$mitm_port/_authtape/health" "$mitm_pid"
    echo "== (c) through mitmdump (reverse mode, saving HAR)"
    read -r c_rps c_p50 c_p99 c_cpu < <(measure "http://127.0.0.1:$mitm_port" "$here/initiate.lua" "$mitm_pid")
    c_mem=$(peak_kb "$mitm_pid")
fi
d_rps=0 d_p50=0 d_p99=0 d_mem=0 d_cpu=0
if [ -n "$nginx_bin" ]; then
    mkdir -p "$work/nginx"
    cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  upstream emulator { server 127.0.0.1:$upstream_port; keepalive 64; }
  server {
    listen 127.0.0.1:$nginx_port;
    location / { proxy_pass http://emulator; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
EOF
    "$nginx_bin" -c "$work/nginx/nginx.conf" 2>>"$work/nginx/error.log" || true
    sleep 0.3
    nginx_master="$(cat "$work/nginx/nginx.pid" 2>/dev/null || true)"
    if [ -n "$nginx_master" ]; then
        nginx_workers=$(pgrep -P "$nginx_master" | tr '\n' ' ' || true)
        wait_for "http://127.0.0.1:$nginx_port/_authtape/health"
        echo "== (d) reference: nginx as a plain reverse proxy (nothing captured)"
        # shellcheck disable=SC2086
        read -r d_rps d_p50 d_p99 d_cpu < <(measure "http://127.0.0.1:$nginx_port" "$here/initiate.lua" $nginx_workers)
        for pid in $nginx_workers; do d_mem=$((d_mem + $(peak_kb "$pid"))); done
        kill -QUIT "$nginx_master" 2>/dev/null || true
    fi
fi
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

after_1=0 after_2=0
before=$(rss_kb "$recorder_pid")
if [ -z "${SKIP_MEMORY:-}" ]; then
    echo "== recorder with 1,000 concurrent connections (twice), memory"
    for round in 1 2; do
        wrk -t"$threads" -c1000 -d5s -s "$here/initiate.lua" \
            "http://127.0.0.1:$recorder_port/contoso.onmicrosoft.com/oauth2/v2.0/initiate" >>"$work/wrk.log" 2>&1 || true
        eval "after_$round=$(rss_kb "$recorder_pid")"
    done
fi

echo
printf '%-40s %8s %8s %8s %9s %13s\n' "setup ($connections connections)" "req/s" "p50 ms" "p99 ms" "peak MB" "CPU us/req"
row() { printf '%-40s %8s %8s %8s %9.1f %13s\n' "$1" "$2" "$3" "$4" "$(echo "$5/1024" | bc -l)" "$6"; }
row "(a) direct (emulator)" "$a_rps" "$a_p50" "$a_p99" "$a_mem" "$a_cpu"
row "(b) authtape record, capture" "$b_rps" "$b_p50" "$b_p99" "$b_mem" "$b_cpu"
row "(b') authtape record --forward, no capture" "$f_rps" "$f_p50" "$f_p99" "$f_mem" "$f_cpu"
if [ -n "$mitmdump" ]; then
    row "(c) mitmdump, HAR" "$c_rps" "$c_p50" "$c_p99" "$c_mem" "$c_cpu"
fi
if [ "$d_rps" != 0 ]; then
    row "(d) nginx reverse proxy, no capture" "$d_rps" "$d_p50" "$d_p99" "$d_mem" "$d_cpu"
fi
echo "(CPU us/req: the server process's user+sys time per request; for (a) the emulator's, for the"
echo " others the proxy's own, excluding the emulator behind it; for (d) nginx's workers')"
echo
ratio_ba=$(echo "$b_rps / $a_rps" | bc -l)
added_p99=$(echo "$b_p99 - $a_p99" | bc -l)
printf 'b/a throughput: %.2f   (target >= 0.50)\n' "$ratio_ba"
if [ -n "$mitmdump" ] && [ "$c_rps" != 0 ]; then
    printf 'b/c throughput: %.1fx  (target >= 30x)\n' "$(echo "$b_rps / $c_rps" | bc -l)"
fi
printf 'p99 added by the recorder: %.2f ms  (target <= 2 ms)\n' "$added_p99"
if [ -n "$mitmdump" ] && [ "$c_rps" != 0 ]; then
    # Every setup shares the same cores with wrk and the emulator, so a proxy's throughput is
    # bounded by CPU per request: direct, wrk and the emulator take cores/a of CPU per request,
    # and a proxy meeting both throughput targets (b >= 30c and b >= a/2) may add at most
    # cores/max(30c, a/2) - cores/a of its own.
    awk -v cores="$(nproc)" -v a="$a_rps" -v c="$c_rps" -v b="$b_cpu" -v f="$f_cpu" -v d="$d_cpu" 'BEGIN {
        need = 30 * c > a / 2 ? 30 * c : a / 2
        printf "CPU a proxy may add per request and still meet both throughput targets here: %.0f us (%d cores)\n", cores * 1e6 / need - cores * 1e6 / a, cores
        printf "  used: authtape record %d us, authtape record --forward %d us", b, f
        if (d > 0) printf ", nginx with nothing captured %d us", d
        printf "\n"
    }'
fi
[ -n "${SKIP_MEMORY:-}" ] || printf 'recorder RSS: %.1f MB before, %.1f MB after 1,000 connections, %.1f MB after a second round\n' \
    "$(echo "$before/1024" | bc -l)" "$(echo "$after_1/1024" | bc -l)" "$(echo "$after_2/1024" | bc -l)"
kill -INT "$recorder_pid" 2>/dev/null || true
wait "$recorder_pid" 2>/dev/null || true
entries=$(grep -o '"startedDateTime"' "$work/bench.har" 2>/dev/null | wc -l || echo 0)
echo "capture: $entries entries written by the recorder"
