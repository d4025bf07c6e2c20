# shellcheck shell=bash
# The TLS servers of Courier's live tests, started by courier_servers_start (scripts/lib/servers.sh)
# once httpbin, the scenario server and the hostile server answer:
#
#   - scripts/tls_server.py: one loopback port per TLS case (see its docstring), and a plain-HTTP
#     control port that tells what each TLS connection received;
#   - scripts/tls_front.py, three times: https://localhost:PORT in front of httpbin, the
#     scenario server and the hostile server (a byte pipe: every behaviour of theirs stays).
#
# Certificates come from scripts/lib/tls.sh.  Without `openssl` nothing starts, nothing is
# exported, and a message says the TLS suite is skipped.  Otherwise exported:
#
#   COURIER_TLS_CA_FILE, COURIER_TLS_CLIENT_CERT_FILE, COURIER_TLS_CLIENT_KEY_FILE,
#   COURIER_TLS_VALID_PIN, COURIER_TLS_CA_PIN (from tls.sh);
#   COURIER_TLS_VALID_URL, COURIER_TLS_WRONG_HOST_URL, COURIER_TLS_EXPIRED_URL,
#   COURIER_TLS_SELF_SIGNED_URL, COURIER_TLS_OLD_PROTOCOL_URL (only when `openssl s_client -tls1`
#   shows the server really speaks TLS 1.0), COURIER_TLS_MTLS_URL, COURIER_TLS_TRUNCATE_URL,
#   COURIER_TLS_PINNED_URL (https://localhost:PORT each), COURIER_TLS_CONTROL_URL (http://127.0.0.1:PORT);
#   COURIER_HTTPBIN_HTTPS_URL, COURIER_SCENARIO_HTTPS_URL, COURIER_HOSTILE_HTTPS_URL.

# shellcheck source=scripts/lib/tls.sh
source "$COURIER_ROOT/scripts/lib/tls.sh"

COURIER_TLS_CASES=(valid wrong-host expired self-signed old-protocol mtls truncate pinned)

# Whether the server on 127.0.0.1:$1 completes a TLS 1.0 handshake (OpenSSL 3 refuses TLS 1.0
# at its default security level, on either side, unless told otherwise).
courier_tls_speaks_tls1() {
    openssl s_client -connect "127.0.0.1:$1" -tls1 -cipher 'DEFAULT:@SECLEVEL=0' </dev/null 2>/dev/null |
        grep -qE '^ *Protocol *: *TLSv1$'
}

# courier_tls_servers_start HTTPBIN_PORT SCENARIO_PORT HOSTILE_PORT
courier_tls_servers_start() {
    local backends=("$1" "$2" "$3") ports case_args=() i case variable tls_pgid names=(httpbin scenario hostile)
    local dir="$COURIER_RUN_DIR/tls"
    courier_tls_generate "$dir" || return 0
    mapfile -t ports < <(courier_free_ports $((${#COURIER_TLS_CASES[@]} + 4)))
    for i in "${!COURIER_TLS_CASES[@]}"; do
        case_args+=(--case "${COURIER_TLS_CASES[$i]}=${ports[$i]}")
    done
    local control_port="${ports[${#COURIER_TLS_CASES[@]}]}"
    courier_start_server tls python3 -W ignore::DeprecationWarning "$COURIER_ROOT/scripts/tls_server.py" \
        --certs "$dir" --control "$control_port" "${case_args[@]}"
    tls_pgid="${COURIER_SERVER_PGIDS[-1]}"
    for i in 0 1 2; do
        courier_start_server "tls-front-${names[$i]}" python3 "$COURIER_ROOT/scripts/tls_front.py" \
            --cert "$dir/localhost.pem" --key "$dir/localhost.key" \
            --listen "${ports[$((${#COURIER_TLS_CASES[@]} + 1 + i))]}" --backend "${backends[$i]}"
    done
    courier_wait_http tls "http://127.0.0.1:$control_port/health" "$tls_pgid"
    courier_wait_http tls "https://localhost:${ports[0]}/health" "$tls_pgid" "$dir/ca.pem"
    for i in 0 1 2; do
        courier_wait_http "tls-front-${names[$i]}" \
            "https://localhost:${ports[$((${#COURIER_TLS_CASES[@]} + 1 + i))]}/${COURIER_TLS_HEALTH_PATHS[$i]}" \
            "${COURIER_SERVER_PGIDS[$((${#COURIER_SERVER_PGIDS[@]} - 3 + i))]}" "$dir/ca.pem"
    done

    for i in "${!COURIER_TLS_CASES[@]}"; do
        case="${COURIER_TLS_CASES[$i]}"
        variable="COURIER_TLS_$(tr 'a-z-' 'A-Z_' <<<"$case")_URL"
        if [[ "$case" == old-protocol ]] && ! courier_tls_speaks_tls1 "${ports[$i]}"; then
            courier_tls_log "old-protocol case skipped: 'openssl s_client -tls1' finds no TLS 1.0 on" \
                "port ${ports[$i]} (this OpenSSL cannot serve it; see tls.log)"
            continue
        fi
        export "$variable=https://localhost:${ports[$i]}"
    done
    export COURIER_TLS_CONTROL_URL="http://127.0.0.1:$control_port"
    export COURIER_HTTPBIN_HTTPS_URL="https://localhost:${ports[$((${#COURIER_TLS_CASES[@]} + 1))]}"
    export COURIER_SCENARIO_HTTPS_URL="https://localhost:${ports[$((${#COURIER_TLS_CASES[@]} + 2))]}"
    export COURIER_HOSTILE_HTTPS_URL="https://localhost:${ports[$((${#COURIER_TLS_CASES[@]} + 3))]}"
    courier_log "TLS: CA ${COURIER_TLS_CA_FILE#"$COURIER_ROOT"/}, control $COURIER_TLS_CONTROL_URL" \
        "(log: ${COURIER_RUN_DIR#"$COURIER_ROOT"/}/tls.log); cases:"
    for i in "${!COURIER_TLS_CASES[@]}"; do
        variable="COURIER_TLS_$(tr 'a-z-' 'A-Z_' <<<"${COURIER_TLS_CASES[$i]}")_URL"
        [[ -n "${!variable:-}" ]] && courier_log "  $variable=${!variable}"
    done
    courier_log "TLS fronts: $COURIER_HTTPBIN_HTTPS_URL $COURIER_SCENARIO_HTTPS_URL $COURIER_HOSTILE_HTTPS_URL"
}

# The path each backend answers 2xx on (httpbin has no /health).
COURIER_TLS_HEALTH_PATHS=(get health health)
