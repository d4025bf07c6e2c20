# shellcheck shell=bash
# Throwaway certificates for Courier's TLS live tests, made with the `openssl` command line
# tool.  Sourced by scripts/lib/servers.sh:
#
#     courier_tls_generate DIR   # 0 and the variables below exported; 1 (message printed) without openssl
#
# DIR receives one CA and, all signed by it (so each negative case fails for its own reason):
#
#   ca.pem / ca.key                 the CA ("Courier test CA"), valid 30 days from now
#   localhost.pem / .key            valid: DNS:localhost, IP:127.0.0.1, IP:::1
#   wrong-host.pem / .key           valid, but only for DNS:wrong.example
#   expired.pem / .key              for localhost, valid in January 2020 only
#   not-yet-valid.pem / .key        for localhost, valid from January 2040 only
#   cn-only.pem / .key              CN=localhost and no subjectAltName (RFC 6125 and the CA/Browser
#                                   Forum require the name in subjectAltName: refused)
#   client.pem / .key               a client certificate (extendedKeyUsage clientAuth), for mTLS
#   self-signed.pem / .key          for localhost, signed by itself and not by the CA, on purpose
#   localhost.pin, ca.pin           Base64 SHA-256 of the DER SubjectPublicKeyInfo (a pin)
#
# Exported: COURIER_TLS_DIR, COURIER_TLS_CA_FILE, COURIER_TLS_CLIENT_CERT_FILE,
# COURIER_TLS_CLIENT_KEY_FILE, COURIER_TLS_VALID_PIN (the localhost leaf's pin itself) and
# COURIER_TLS_CA_PIN.  Keys are P-256 (quick to make); none is encrypted.

courier_tls_log() { printf '[tls] %s\n' "$*" >&2; }

# The pin of the certificate in file $1, as HTTP1Transport.TLSOptions.pinnedPublicKeys takes it.
courier_tls_pin() {
    openssl x509 -in "$1" -noout -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64
}

# courier_tls_sign DIR NAME SUBJECT_CN EXTENSIONS [openssl ca date options...] : a new key and a
# certificate for it signed by the CA in DIR, with the extension section EXTENSIONS of ca.cnf.
courier_tls_sign() {
    local dir="$1" name="$2" cn="$3" extensions="$4"
    shift 4
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$dir/$name.key" &&
        openssl req -new -key "$dir/$name.key" -subj "/CN=$cn" -out "$dir/$name.csr" &&
        (cd "$dir" && openssl ca -batch -config ca.cnf -cert ca.pem -keyfile ca.key -notext \
            -extensions "$extensions" -in "$name.csr" -out "$name.pem" "$@") >"$dir/$name.openssl.log" 2>&1 || {
        courier_tls_log "error: signing $name failed:"
        cat "$dir/$name.openssl.log" >&2
        return 1
    }
}

# Writes the CA's configuration: a minimal `openssl ca` database (which, unlike `openssl x509
# -req` in OpenSSL 3.0, can set a start date in the past, for the expired certificate) and one
# extension section per kind of certificate.
courier_tls_write_config() {
    mkdir -p "$1/newcerts"
    : >"$1/index.txt"
    echo 1000 >"$1/serial"
    cat >"$1/ca.cnf" <<'CNF'
[ ca ]
default_ca = courier_ca
[ courier_ca ]
dir = .
database = index.txt
new_certs_dir = newcerts
serial = serial
default_md = sha256
policy = policy_any
unique_subject = no
copy_extensions = none
[ policy_any ]
commonName = supplied
[ server_localhost ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost, IP:127.0.0.1, IP:::1
[ server_cn_only ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
[ server_wrong_host ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = DNS:wrong.example
[ client ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
CNF
}

# Makes every certificate into $1 and exports the variables listed at the top.
courier_tls_generate() {
    local dir="$1"
    if ! command -v openssl >/dev/null 2>&1; then
        courier_tls_log "TLS suite skipped: openssl not found (install it to run the HTTPS tests)"
        return 1
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    courier_tls_write_config "$dir"
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$dir/ca.key" 2>/dev/null &&
        openssl req -x509 -new -key "$dir/ca.key" -sha256 -days 30 -subj "/CN=Courier test CA" \
            -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
            -out "$dir/ca.pem" || {
        courier_tls_log "error: making the CA failed"
        return 1
    }
    courier_tls_sign "$dir" localhost localhost server_localhost -days 30 || return 1
    courier_tls_sign "$dir" wrong-host wrong.example server_wrong_host -days 30 || return 1
    courier_tls_sign "$dir" expired localhost server_localhost \
        -startdate 20200101000000Z -enddate 20200201000000Z || return 1
    courier_tls_sign "$dir" not-yet-valid localhost server_localhost \
        -startdate 20400101000000Z -enddate 20400201000000Z || return 1
    courier_tls_sign "$dir" cn-only localhost server_cn_only -days 30 || return 1
    courier_tls_sign "$dir" client "Courier test client" client -days 30 || return 1
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$dir/self-signed.key" \
        -days 30 -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1" \
        -out "$dir/self-signed.pem" 2>"$dir/self-signed.openssl.log" || {
        courier_tls_log "error: making the self-signed certificate failed"
        return 1
    }
    courier_tls_pin "$dir/localhost.pem" >"$dir/localhost.pin"
    courier_tls_pin "$dir/ca.pem" >"$dir/ca.pin"

    export COURIER_TLS_DIR="$dir"
    export COURIER_TLS_CA_FILE="$dir/ca.pem"
    export COURIER_TLS_CLIENT_CERT_FILE="$dir/client.pem"
    export COURIER_TLS_CLIENT_KEY_FILE="$dir/client.key"
    COURIER_TLS_VALID_PIN="$(cat "$dir/localhost.pin")"
    COURIER_TLS_CA_PIN="$(cat "$dir/ca.pin")"
    export COURIER_TLS_VALID_PIN COURIER_TLS_CA_PIN
}
