# shellcheck shell=bash
# Test servers for Courier's live tests: httpbin (under gunicorn, from a pinned virtualenv),
# scripts/scenario_server.py and scripts/hostile_server.py (standard library only).  Sourced
# by scripts/test; any other script can use it the same way:
#
#     source scripts/lib/servers.sh
#     courier_servers_start   # exports COURIER_HTTPBIN_URL, COURIER_SCENARIO_URL, COURIER_HOSTILE_URL
#                             # and, when openssl is installed, the TLS servers' variables
#                             # (scripts/lib/tls_servers.sh lists them)
#     trap courier_servers_stop EXIT
#
# Each server runs in its own session (setsid), so stopping it kills its whole process
# group: the gunicorn master and all of its workers.  Everything a run writes (logs, the
# process-group ids) lives in .build/test-servers/run-<pid of the script>/; a later run
# stops the servers of an earlier run whose script died without cleaning up (SIGKILL),
# and deletes its folder.  Runs that are still alive are left alone.
#
# Settings (environment): COURIER_SERVER_WAIT (seconds to wait for a server, default 30).

COURIER_ROOT="${COURIER_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
COURIER_VENV="$COURIER_ROOT/.venv"
COURIER_SERVERS_DIR="$COURIER_ROOT/.build/test-servers"
COURIER_RUN_DIR="$COURIER_SERVERS_DIR/run-$$"
COURIER_PIP_REQUIREMENTS=("httpbin==0.10.4" "gunicorn==27.0.1")
COURIER_SERVER_PGIDS=()
COURIER_SERVER_NAMES=()
# shellcheck source=scripts/lib/tls_servers.sh
source "$COURIER_ROOT/scripts/lib/tls_servers.sh"

courier_log() { printf '[servers] %s\n' "$*" >&2; }

# Creates .venv (when missing or broken) and installs the pinned packages unless they are
# already there at exactly those versions.
courier_ensure_venv() {
    if [[ ! -x "$COURIER_VENV/bin/python" ]] || ! "$COURIER_VENV/bin/python" -c '' 2>/dev/null; then
        courier_log "creating virtualenv $COURIER_VENV"
        rm -rf "$COURIER_VENV"
        python3 -m venv "$COURIER_VENV" || {
            courier_log "error: 'python3 -m venv' failed (on Debian: apt-get install python3-venv)"
            return 1
        }
    fi
    if "$COURIER_VENV/bin/python" - "${COURIER_PIP_REQUIREMENTS[@]}" <<'PY' 2>/dev/null; then
import sys
from importlib.metadata import version, PackageNotFoundError
for requirement in sys.argv[1:]:
    name, wanted = requirement.split("==")
    try:
        if version(name) != wanted:
            sys.exit(1)
    except PackageNotFoundError:
        sys.exit(1)
PY
        return 0
    fi
    courier_log "installing ${COURIER_PIP_REQUIREMENTS[*]} into .venv"
    "$COURIER_VENV/bin/python" -m pip install -q --disable-pip-version-check "${COURIER_PIP_REQUIREMENTS[@]}"
}

# Prints N free loopback ports, one a line (all bound at once, so they differ).
courier_free_ports() {
    python3 - "$1" <<'PY'
import socket, sys
sockets = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    sockets.append(s)
for s in sockets:
    print(s.getsockname()[1])
    s.close()
PY
}

# Stops the servers of earlier runs whose script is gone, and deletes their folders.
courier_reap_stale_runs() {
    local dir owner pgid_file pgid
    [[ -d "$COURIER_SERVERS_DIR" ]] || return 0
    for dir in "$COURIER_SERVERS_DIR"/run-*; do
        [[ -d "$dir" ]] || continue
        owner="${dir##*/run-}"
        if [[ "$owner" =~ ^[0-9]+$ ]] && [[ "$owner" != "$$" ]] && kill -0 "$owner" 2>/dev/null; then
            continue  # that run is still going
        fi
        for pgid_file in "$dir"/*.pgid; do
            [[ -f "$pgid_file" ]] || continue
            pgid="$(cat "$pgid_file")"
            # Only a group whose leader is still one of our servers (pids get reused).
            if [[ "$pgid" =~ ^[0-9]+$ ]] && grep -qaE 'gunicorn|scenario_server|hostile_server|tls_server|tls_front' "/proc/$pgid/cmdline" 2>/dev/null; then
                courier_log "stopping leftover server group $pgid from an earlier run"
                courier_kill_group "$pgid"
            fi
        done
        rm -rf "$dir"
    done
}

# Sends TERM to a process group, waits up to 5 s, then KILL.
courier_kill_group() {
    local pgid="$1" i
    if ! kill -TERM -- "-$pgid" 2>/dev/null; then
        # Not a group (the server never became a group leader): the process alone.
        kill -TERM "$pgid" 2>/dev/null || true
    fi
    for ((i = 0; i < 50; i++)); do
        kill -0 -- "-$pgid" 2>/dev/null || kill -0 "$pgid" 2>/dev/null || return 0
        sleep 0.1
    done
    courier_log "process group $pgid did not stop on TERM; killing it"
    kill -KILL -- "-$pgid" 2>/dev/null || kill -KILL "$pgid" 2>/dev/null || true
}

# courier_start_server NAME COMMAND... : starts COMMAND in a new session, logging to
# $COURIER_RUN_DIR/NAME.log, and records its process group.
courier_start_server() {
    local name="$1" pid pgid i
    shift
    if [[ $- == *m* ]]; then
        # Job control is on: bash already gives the job its own process group (and setsid
        # would fork, hiding the server's pid).
        "$@" >"$COURIER_RUN_DIR/$name.log" 2>&1 </dev/null &
    else
        setsid "$@" >"$COURIER_RUN_DIR/$name.log" 2>&1 </dev/null &
    fi
    pid=$!
    # The child becomes a group leader a moment after the fork.
    for ((i = 0; i < 50; i++)); do
        pgid="$(ps -o pgid= -p "$pid" 2>/dev/null | tr -d ' ')"
        [[ "$pgid" == "$pid" || -z "$pgid" ]] && break
        sleep 0.02
    done
    pgid="$pid"
    echo "$pgid" >"$COURIER_RUN_DIR/$name.pgid"
    COURIER_SERVER_PGIDS+=("$pgid")
    COURIER_SERVER_NAMES+=("$name")
}

# courier_wait_http NAME URL PGID [CA_FILE] : polls URL until it answers 2xx (an https URL
# trusted through CA_FILE), for at most $COURIER_SERVER_WAIT seconds; fails early when the
# server process died.
courier_wait_http() {
    local name="$1" url="$2" pgid="$3" ca="${4:-}" deadline=$((SECONDS + ${COURIER_SERVER_WAIT:-30}))
    while ((SECONDS < deadline)); do
        if ! kill -0 "$pgid" 2>/dev/null; then
            courier_log "error: $name exited before answering; last lines of its log:"
            tail -n 30 "$COURIER_RUN_DIR/$name.log" >&2 || true
            return 1
        fi
        if python3 -c 'import ssl, sys, urllib.request
context = ssl.create_default_context(cafile=sys.argv[2]) if sys.argv[2] else None
urllib.request.urlopen(sys.argv[1], timeout=2, context=context).read()' "$url" "$ca" 2>/dev/null; then
            return 0
        fi
        sleep 0.2
    done
    courier_log "error: $name did not answer $url within ${COURIER_SERVER_WAIT:-30} s; last lines of its log:"
    tail -n 30 "$COURIER_RUN_DIR/$name.log" >&2 || true
    return 1
}

# Starts the three servers, waits until they answer, and exports their base URLs.
courier_servers_start() {
    local ports httpbin_port scenario_port hostile_port httpbin_tls_port
    courier_reap_stale_runs
    mkdir -p "$COURIER_RUN_DIR"
    ln -sfn "run-$$" "$COURIER_SERVERS_DIR/latest"
    courier_ensure_venv
    mapfile -t ports < <(courier_free_ports 4)
    httpbin_port="${ports[0]}"
    scenario_port="${ports[1]}"
    hostile_port="${ports[2]}"
    httpbin_tls_port="${ports[3]}"  # the port scripts/tls_front.py pipes to (scripts/httpbin_https.py)

    # --header-map dangerous: gunicorn otherwise drops header names with an underscore
    # (the apps' `sys_ver`); with it httpbin shows them as `Sys-Ver`.  The scenario server's
    # /echo reports header names exactly as sent.
    COURIER_HTTPBIN_BEHIND_TLS_PORT="$httpbin_tls_port" courier_start_server httpbin \
        "$COURIER_VENV/bin/gunicorn" -k gthread -w 2 --threads 16 \
        -b "127.0.0.1:$httpbin_port" -b "127.0.0.1:$httpbin_tls_port" --keep-alive 15 --graceful-timeout 2 \
        --no-control-socket --header-map dangerous --access-logfile - \
        --pythonpath "$COURIER_ROOT/scripts" httpbin_https:app
    courier_start_server scenario python3 "$COURIER_ROOT/scripts/scenario_server.py" --port "$scenario_port"
    courier_start_server hostile python3 "$COURIER_ROOT/scripts/hostile_server.py" --port "$hostile_port" \
        --cache "$COURIER_SERVERS_DIR"

    courier_wait_http httpbin "http://127.0.0.1:$httpbin_port/get" "${COURIER_SERVER_PGIDS[0]}"
    courier_wait_http scenario "http://127.0.0.1:$scenario_port/health" "${COURIER_SERVER_PGIDS[1]}"
    courier_wait_http hostile "http://127.0.0.1:$hostile_port/health" "${COURIER_SERVER_PGIDS[2]}"

    export COURIER_HTTPBIN_URL="http://127.0.0.1:$httpbin_port"
    export COURIER_SCENARIO_URL="http://127.0.0.1:$scenario_port"
    export COURIER_HOSTILE_URL="http://127.0.0.1:$hostile_port"
    courier_log "COURIER_HTTPBIN_URL=$COURIER_HTTPBIN_URL  (log: ${COURIER_RUN_DIR#"$COURIER_ROOT"/}/httpbin.log)"
    courier_log "COURIER_SCENARIO_URL=$COURIER_SCENARIO_URL  (log: ${COURIER_RUN_DIR#"$COURIER_ROOT"/}/scenario.log)"
    courier_log "COURIER_HOSTILE_URL=$COURIER_HOSTILE_URL  (log: ${COURIER_RUN_DIR#"$COURIER_ROOT"/}/hostile.log)"
    courier_tls_servers_start "$httpbin_tls_port" "$scenario_port" "$hostile_port"
}

# Prints the end of each server's log (used when a run fails).
courier_servers_tail_logs() {
    local name
    for name in "${COURIER_SERVER_NAMES[@]}"; do
        [[ -f "$COURIER_RUN_DIR/$name.log" ]] || continue
        courier_log "---- last lines of $name.log ----"
        tail -n 20 "$COURIER_RUN_DIR/$name.log" >&2 || true
    done
}

# Stops every server this script started (safe to call more than once).
courier_servers_stop() {
    local pgid
    for pgid in "${COURIER_SERVER_PGIDS[@]}"; do
        courier_kill_group "$pgid"
    done
    COURIER_SERVER_PGIDS=()
}
