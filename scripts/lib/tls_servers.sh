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
#   COURIER_TLS_PINNED_URL, COURIER_TLS_CLOSING_URL, COURIER_TLS_NOT_YET_VALID_URL,
#   COURIER_TLS_CN_ONLY_URL (https://localhost:PORT each), COURIER_TLS_CONTROL_URL (http://127.0.0.1:PORT);
#   COURIER_HTTPBIN_HTTPS_URL, COURIER_SCENARIO_HTTPS_URL, COURIER_HOSTILE_HTTPS_URL.

# shellcheck source=scripts/lib/tls.sh
source "$COURIER_ROOT/scripts/lib/tls.sh"

COURIER_TLS_CASES=(valid wrong-host expired self-signed old-protocol mtls truncate pinned closing not-yet-valid
    cn-only)

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
    courier_tls_write_system_bundle "$dir"
    courier_tls_find_trust_wrapper
}

# Where distributions keep the system's CA bundle (libcurl's and OpenSSL's default file).
COURIER_TLS_SYSTEM_BUNDLES=(/etc/ssl/certs/ca-certificates.crt /etc/pki/tls/certs/ca-bundle.crt /etc/ssl/ca-bundle.pem)

# Writes DIR/system-and-test-ca.pem, the system's CA bundle with the test CA appended, and exports
# its path as COURIER_TLS_SYSTEM_AND_TEST_CA_FILE: scripts/test points SSL_CERT_FILE at it for
# the native HTTPS pass, so that every native transport of the live suite, even one a test
# makes without options, trusts the test CA (OpenSSL's default verify paths read SSL_CERT_FILE).
courier_tls_write_system_bundle() {
    local bundle="$1/system-and-test-ca.pem" path
    : >"$bundle"
    for path in "${COURIER_TLS_SYSTEM_BUNDLES[@]}"; do
        if [[ -f "$path" ]]; then
            cat "$path" >>"$bundle"
            break
        fi
    done
    cat "$COURIER_TLS_CA_FILE" >>"$bundle"
    export COURIER_TLS_SYSTEM_AND_TEST_CA_FILE="$bundle"
}

# The path each backend answers 2xx on (httpbin has no /health).
COURIER_TLS_HEALTH_PATHS=(get health health)

# Sets COURIER_TLS_TRUST_WRAPPER (an array: a command prefix) when one can make URLSession trust
# the test CA, and exports COURIER_TLS_URLSESSION_TRUSTED=1 then.  FoundationNetworking reads
# URLSessionCertificateAuthorityInfoFile on Android only, and libcurl reads no variable: it
# loads the CA bundle it was built with.  So the prefix runs its command in a private mount
# namespace (`unshare --mount`, as root, or with `--user --map-root-user` where user namespaces
# are allowed) in which that bundle is bind-mounted over by a copy with the test CA appended;
# nothing changes outside.  A probe through libcurl itself (ctypes) decides.
courier_tls_find_trust_wrapper() {
    local bundle="$COURIER_TLS_SYSTEM_AND_TEST_CA_FILE" mounts="" path script prefix
    COURIER_TLS_TRUST_WRAPPER=()
    for path in "${COURIER_TLS_SYSTEM_BUNDLES[@]}"; do
        [[ -f "$path" ]] && mounts+="mount --bind '$bundle' '$path' && "
    done
    if [[ -z "$mounts" ]] || ! command -v unshare >/dev/null 2>&1; then
        courier_tls_log "URLSession cannot trust the test CA here (no CA bundle or no unshare)"
        return 0
    fi
    script="${mounts}exec \"\$@\""
    for prefix in "unshare --mount" "unshare --user --map-root-user --mount"; do
        # shellcheck disable=SC2086  # the prefix is words
        if $prefix sh -c "$script" sh python3 - "$COURIER_TLS_VALID_URL/health" >/dev/null 2>&1 <<'PY'; then
import ctypes, sys
curl = ctypes.CDLL("libcurl.so.4")
curl.curl_easy_init.restype = ctypes.c_void_p
handle = ctypes.c_void_p(curl.curl_easy_init())
curl.curl_easy_setopt(handle, 10002, sys.argv[1].encode())  # CURLOPT_URL
curl.curl_easy_setopt(handle, 44, ctypes.c_long(1))  # CURLOPT_NOBODY
sys.exit(curl.curl_easy_perform(handle))
PY
            read -r -a COURIER_TLS_TRUST_WRAPPER <<<"$prefix"
            COURIER_TLS_TRUST_WRAPPER+=(sh -c "$script" sh)
            export COURIER_TLS_URLSESSION_TRUSTED=1
            courier_log "URLSession trusts the test CA under: $prefix (the CA bundle bind-mounted)"
            return 0
        fi
    done
    courier_tls_log "URLSession cannot trust the test CA here (unshare --mount refused, or libcurl missing)"
}
