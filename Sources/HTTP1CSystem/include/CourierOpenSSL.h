// The OpenSSL functions the native transport resolves at run time with dlsym, so that Courier
// builds where OpenSSL's development headers are not installed (libcurl's package only suggests
// them) and runs with whichever libssl the system has (3.x, or 1.1.1). Every type is opaque;
// the signatures are those of OpenSSL 1.1.1 and 3.x alike on LP64 systems. The macros of ssl.h
// (SSL_set_tlsext_host_name, SSL_CTX_set_min_proto_version, SSL_CTX_set_mode, ...) are calls to
// SSL_ctrl / SSL_CTX_ctrl with the constants declared in Swift.
#ifndef COURIER_OPENSSL_H
#define COURIER_OPENSSL_H

#include <stddef.h>
#include <stdint.h>

typedef unsigned long (*courier_OpenSSL_version_num_fn)(void);
typedef int (*courier_OPENSSL_init_ssl_fn)(uint64_t options, const void *settings);

typedef const void *(*courier_TLS_client_method_fn)(void);
typedef void *(*courier_SSL_CTX_new_fn)(const void *method);
typedef void (*courier_SSL_CTX_free_fn)(void *context);
typedef long (*courier_SSL_CTX_ctrl_fn)(void *context, int command, long argument, void *pointer);
typedef uint64_t (*courier_SSL_CTX_set_options_fn)(void *context, uint64_t options);
typedef int (*courier_SSL_CTX_set_default_verify_paths_fn)(void *context);
typedef void *(*courier_SSL_CTX_get_cert_store_fn)(const void *context);
typedef void (*courier_SSL_CTX_set_verify_fn)(void *context, int mode, void *callback);
typedef int (*courier_SSL_CTX_use_certificate_fn)(void *context, void *certificate);
typedef int (*courier_SSL_CTX_use_PrivateKey_fn)(void *context, void *key);
typedef int (*courier_SSL_CTX_check_private_key_fn)(const void *context);
typedef int (*courier_SSL_CTX_set_alpn_protos_fn)(void *context, const unsigned char *protocols, unsigned int length);

typedef void *(*courier_SSL_new_fn)(void *context);
typedef void (*courier_SSL_free_fn)(void *ssl);
typedef void (*courier_SSL_set_bio_fn)(void *ssl, void *readBIO, void *writeBIO);
typedef void (*courier_SSL_set_connect_state_fn)(void *ssl);
typedef long (*courier_SSL_ctrl_fn)(void *ssl, int command, long argument, void *pointer);
typedef int (*courier_SSL_set1_host_fn)(void *ssl, const char *host);
typedef void *(*courier_SSL_get0_param_fn)(void *ssl);
typedef int (*courier_X509_VERIFY_PARAM_set1_ip_asc_fn)(void *parameters, const char *address);
typedef void (*courier_X509_VERIFY_PARAM_set_hostflags_fn)(void *parameters, unsigned int flags);
typedef int (*courier_SSL_do_handshake_fn)(void *ssl);
typedef int (*courier_SSL_read_fn)(void *ssl, void *buffer, int count);
typedef int (*courier_SSL_write_fn)(void *ssl, const void *buffer, int count);
typedef int (*courier_SSL_get_error_fn)(const void *ssl, int result);
typedef int (*courier_SSL_pending_fn)(const void *ssl);
typedef int (*courier_SSL_shutdown_fn)(void *ssl);
typedef int (*courier_SSL_is_init_finished_fn)(const void *ssl);
typedef long (*courier_SSL_get_verify_result_fn)(const void *ssl);
typedef void *(*courier_SSL_get0_verified_chain_fn)(const void *ssl);
typedef void *(*courier_SSL_get1_session_fn)(void *ssl);
typedef int (*courier_SSL_set_session_fn)(void *ssl, void *session);
typedef int (*courier_SSL_session_reused_fn)(const void *ssl);
typedef int (*courier_SSL_SESSION_is_resumable_fn)(const void *session);
typedef void (*courier_SSL_SESSION_free_fn)(void *session);

typedef int (*courier_OPENSSL_sk_num_fn)(const void *stack);
typedef void *(*courier_OPENSSL_sk_value_fn)(const void *stack, int index);
typedef void *(*courier_X509_get_X509_PUBKEY_fn)(const void *certificate);
typedef int (*courier_i2d_X509_PUBKEY_fn)(const void *key, unsigned char **out);
typedef void (*courier_X509_free_fn)(void *certificate);
typedef int (*courier_X509_STORE_add_cert_fn)(void *store, void *certificate);
typedef const char *(*courier_X509_verify_cert_error_string_fn)(long code);
typedef void *(*courier_BIO_new_mem_buf_fn)(const void *buffer, int length);
typedef int (*courier_BIO_free_fn)(void *bio);
typedef const void *(*courier_BIO_s_mem_fn)(void);
typedef void *(*courier_BIO_new_fn)(const void *type);
typedef int (*courier_BIO_read_fn)(void *bio, void *buffer, int count);
typedef int (*courier_BIO_write_fn)(void *bio, const void *buffer, int count);
typedef size_t (*courier_BIO_ctrl_pending_fn)(void *bio);
typedef void *(*courier_PEM_read_bio_X509_fn)(void *bio, void **out, void *callback, void *userData);
typedef void *(*courier_PEM_read_bio_PrivateKey_fn)(void *bio, void **out, void *callback, void *userData);
typedef void (*courier_EVP_PKEY_free_fn)(void *key);
typedef unsigned char *(*courier_SHA256_fn)(const unsigned char *data, size_t count, unsigned char *digest);
typedef unsigned long (*courier_ERR_get_error_fn)(void);
typedef void (*courier_ERR_clear_error_fn)(void);
typedef void (*courier_ERR_error_string_n_fn)(unsigned long error, char *buffer, size_t length);

#endif
