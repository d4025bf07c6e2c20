// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The members keep the names of the OpenSSL functions they hold, so each reads as its documentation.
#if os(Linux)
    internal import CCourierSystem
    import Glibc

    /// The system's OpenSSL, loaded at run time (``TLSError/libraryUnavailable(_:)`` explains why
    /// not): Courier needs no OpenSSL headers to build, and uses the libssl that
    /// FoundationNetworking's libcurl already loads. 1.1.1 and 3.x are accepted; anything older
    /// is refused, and <doc:/Courier/RoutingTransport> then sends `https://` through URLSession.
    struct OpenSSLLibrary: Sendable {
        let versionNumber: UInt
        let TLS_client_method: courier_TLS_client_method_fn
        let SSL_CTX_new: courier_SSL_CTX_new_fn
        let SSL_CTX_free: courier_SSL_CTX_free_fn
        let SSL_CTX_ctrl: courier_SSL_CTX_ctrl_fn
        let SSL_CTX_set_options: courier_SSL_CTX_set_options_fn
        let SSL_CTX_set_default_verify_paths: courier_SSL_CTX_set_default_verify_paths_fn
        let SSL_CTX_get_cert_store: courier_SSL_CTX_get_cert_store_fn
        let SSL_CTX_set_verify: courier_SSL_CTX_set_verify_fn
        let SSL_CTX_use_certificate: courier_SSL_CTX_use_certificate_fn
        let SSL_CTX_use_PrivateKey: courier_SSL_CTX_use_PrivateKey_fn
        let SSL_CTX_check_private_key: courier_SSL_CTX_check_private_key_fn
        let SSL_CTX_set_alpn_protos: courier_SSL_CTX_set_alpn_protos_fn
        let SSL_new: courier_SSL_new_fn
        let SSL_free: courier_SSL_free_fn
        let SSL_set_bio: courier_SSL_set_bio_fn
        let SSL_set_connect_state: courier_SSL_set_connect_state_fn
        let SSL_ctrl: courier_SSL_ctrl_fn
        let SSL_set1_host: courier_SSL_set1_host_fn
        let SSL_get0_param: courier_SSL_get0_param_fn
        let X509_VERIFY_PARAM_set1_ip_asc: courier_X509_VERIFY_PARAM_set1_ip_asc_fn
        let X509_VERIFY_PARAM_set_hostflags: courier_X509_VERIFY_PARAM_set_hostflags_fn
        let SSL_do_handshake: courier_SSL_do_handshake_fn
        let SSL_read: courier_SSL_read_fn
        let SSL_write: courier_SSL_write_fn
        let SSL_get_error: courier_SSL_get_error_fn
        let SSL_pending: courier_SSL_pending_fn
        let SSL_shutdown: courier_SSL_shutdown_fn
        let SSL_is_init_finished: courier_SSL_is_init_finished_fn
        let SSL_get_verify_result: courier_SSL_get_verify_result_fn
        let SSL_get0_verified_chain: courier_SSL_get0_verified_chain_fn
        let SSL_get1_session: courier_SSL_get1_session_fn
        let SSL_set_session: courier_SSL_set_session_fn
        let SSL_session_reused: courier_SSL_session_reused_fn
        let SSL_SESSION_is_resumable: courier_SSL_SESSION_is_resumable_fn
        let SSL_SESSION_free: courier_SSL_SESSION_free_fn
        let OPENSSL_sk_num: courier_OPENSSL_sk_num_fn
        let OPENSSL_sk_value: courier_OPENSSL_sk_value_fn
        let X509_get_X509_PUBKEY: courier_X509_get_X509_PUBKEY_fn
        let i2d_X509_PUBKEY: courier_i2d_X509_PUBKEY_fn
        let X509_free: courier_X509_free_fn
        let X509_STORE_add_cert: courier_X509_STORE_add_cert_fn
        let X509_verify_cert_error_string: courier_X509_verify_cert_error_string_fn
        let BIO_new_mem_buf: courier_BIO_new_mem_buf_fn
        let BIO_free: courier_BIO_free_fn
        let BIO_s_mem: courier_BIO_s_mem_fn
        let BIO_new: courier_BIO_new_fn
        let BIO_read: courier_BIO_read_fn
        let BIO_write: courier_BIO_write_fn
        let BIO_ctrl_pending: courier_BIO_ctrl_pending_fn
        let PEM_read_bio_X509: courier_PEM_read_bio_X509_fn
        let PEM_read_bio_PrivateKey: courier_PEM_read_bio_PrivateKey_fn
        let EVP_PKEY_free: courier_EVP_PKEY_free_fn
        let SHA256: courier_SHA256_fn
        let ERR_get_error: courier_ERR_get_error_fn
        let ERR_clear_error: courier_ERR_clear_error_fn
        let ERR_error_string_n: courier_ERR_error_string_n_fn

        /// The library, loaded once, or why it cannot be.
        static let system: Result<OpenSSLLibrary, TLSError> = load(
            candidates: [("libssl.so.3", "libcrypto.so.3"), ("libssl.so.1.1", "libcrypto.so.1.1")])

        /// The oldest version accepted: 1.1.1, the first with TLS 1.3 and the API used here.
        static let minimumVersion: UInt = 0x1010_1000

        /// Loads the first pair of `candidates` that opens, and resolves every function used.
        static func load(candidates: [(ssl: String, crypto: String)]) -> Result<OpenSSLLibrary, TLSError> {
            for (sslName, cryptoName) in candidates {
                // Never closed: the functions stay in use for the life of the process.
                guard let ssl = dlopen(sslName, RTLD_NOW | RTLD_LOCAL),
                    let crypto = dlopen(cryptoName, RTLD_NOW | RTLD_LOCAL)
                else { continue }
                let library: OpenSSLLibrary
                do {
                    library = try resolve(ssl: ssl, crypto: crypto)
                } catch {
                    return .failure(.libraryUnavailable("\(sslName) lacks \(error.name)"))
                }
                guard library.versionNumber >= minimumVersion else {
                    return .failure(.libraryUnavailable("\(sslName) is older than OpenSSL 1.1.1"))
                }
                return .success(library)
            }
            return .failure(.libraryUnavailable("neither libssl.so.3 nor libssl.so.1.1 can be loaded"))
        }

        /// A function the library does not export.
        private struct MissingFunction: Error {
            let name: String
        }

        private static func resolve(
            ssl: UnsafeMutableRawPointer, crypto: UnsafeMutableRawPointer
        ) throws(MissingFunction) -> OpenSSLLibrary {
            func function<Function>(_ handle: UnsafeMutableRawPointer, _ name: String) throws(MissingFunction)
                -> Function
            {
                guard let address = dlsym(handle, name) else { throw MissingFunction(name: name) }
                return unsafeBitCast(address, to: Function.self)
            }
            let version: courier_OpenSSL_version_num_fn = try function(crypto, "OpenSSL_version_num")
            let initialize: courier_OPENSSL_init_ssl_fn = try function(ssl, "OPENSSL_init_ssl")
            guard initialize(0, nil) == 1 else { throw MissingFunction(name: "a working OPENSSL_init_ssl") }
            return OpenSSLLibrary(
                versionNumber: UInt(version()), TLS_client_method: try function(ssl, "TLS_client_method"),
                SSL_CTX_new: try function(ssl, "SSL_CTX_new"), SSL_CTX_free: try function(ssl, "SSL_CTX_free"),
                SSL_CTX_ctrl: try function(ssl, "SSL_CTX_ctrl"),
                SSL_CTX_set_options: try function(ssl, "SSL_CTX_set_options"),
                SSL_CTX_set_default_verify_paths: try function(ssl, "SSL_CTX_set_default_verify_paths"),
                SSL_CTX_get_cert_store: try function(ssl, "SSL_CTX_get_cert_store"),
                SSL_CTX_set_verify: try function(ssl, "SSL_CTX_set_verify"),
                SSL_CTX_use_certificate: try function(ssl, "SSL_CTX_use_certificate"),
                SSL_CTX_use_PrivateKey: try function(ssl, "SSL_CTX_use_PrivateKey"),
                SSL_CTX_check_private_key: try function(ssl, "SSL_CTX_check_private_key"),
                SSL_CTX_set_alpn_protos: try function(ssl, "SSL_CTX_set_alpn_protos"),
                SSL_new: try function(ssl, "SSL_new"), SSL_free: try function(ssl, "SSL_free"),
                SSL_set_bio: try function(ssl, "SSL_set_bio"),
                SSL_set_connect_state: try function(ssl, "SSL_set_connect_state"),
                SSL_ctrl: try function(ssl, "SSL_ctrl"), SSL_set1_host: try function(ssl, "SSL_set1_host"),
                SSL_get0_param: try function(ssl, "SSL_get0_param"),
                X509_VERIFY_PARAM_set1_ip_asc: try function(crypto, "X509_VERIFY_PARAM_set1_ip_asc"),
                X509_VERIFY_PARAM_set_hostflags: try function(crypto, "X509_VERIFY_PARAM_set_hostflags"),
                SSL_do_handshake: try function(ssl, "SSL_do_handshake"), SSL_read: try function(ssl, "SSL_read"),
                SSL_write: try function(ssl, "SSL_write"), SSL_get_error: try function(ssl, "SSL_get_error"),
                SSL_pending: try function(ssl, "SSL_pending"), SSL_shutdown: try function(ssl, "SSL_shutdown"),
                SSL_is_init_finished: try function(ssl, "SSL_is_init_finished"),
                SSL_get_verify_result: try function(ssl, "SSL_get_verify_result"),
                SSL_get0_verified_chain: try function(ssl, "SSL_get0_verified_chain"),
                SSL_get1_session: try function(ssl, "SSL_get1_session"),
                SSL_set_session: try function(ssl, "SSL_set_session"),
                SSL_session_reused: try function(ssl, "SSL_session_reused"),
                SSL_SESSION_is_resumable: try function(ssl, "SSL_SESSION_is_resumable"),
                SSL_SESSION_free: try function(ssl, "SSL_SESSION_free"),
                OPENSSL_sk_num: try function(crypto, "OPENSSL_sk_num"),
                OPENSSL_sk_value: try function(crypto, "OPENSSL_sk_value"),
                X509_get_X509_PUBKEY: try function(crypto, "X509_get_X509_PUBKEY"),
                i2d_X509_PUBKEY: try function(crypto, "i2d_X509_PUBKEY"), X509_free: try function(crypto, "X509_free"),
                X509_STORE_add_cert: try function(crypto, "X509_STORE_add_cert"),
                X509_verify_cert_error_string: try function(crypto, "X509_verify_cert_error_string"),
                BIO_new_mem_buf: try function(crypto, "BIO_new_mem_buf"), BIO_free: try function(crypto, "BIO_free"),
                BIO_s_mem: try function(crypto, "BIO_s_mem"), BIO_new: try function(crypto, "BIO_new"),
                BIO_read: try function(crypto, "BIO_read"), BIO_write: try function(crypto, "BIO_write"),
                BIO_ctrl_pending: try function(crypto, "BIO_ctrl_pending"),
                PEM_read_bio_X509: try function(crypto, "PEM_read_bio_X509"),
                PEM_read_bio_PrivateKey: try function(crypto, "PEM_read_bio_PrivateKey"),
                EVP_PKEY_free: try function(crypto, "EVP_PKEY_free"), SHA256: try function(crypto, "SHA256"),
                ERR_get_error: try function(crypto, "ERR_get_error"),
                ERR_clear_error: try function(crypto, "ERR_clear_error"),
                ERR_error_string_n: try function(crypto, "ERR_error_string_n"))
        }
    }
#endif
