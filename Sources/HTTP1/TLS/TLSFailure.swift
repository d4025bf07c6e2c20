#if os(Linux)
    /// Turns OpenSSL's view of a failure (`SSL_get_error`, the verification result, the error
    /// queue) into the one ``TLSError`` that names its reason.
    enum TLSFailure {
        /// The error for a call on `ssl` that failed with `SSL_get_error` `code`; `host` is the URL's.
        /// Takes the thread's OpenSSL error queue.
        static func classify(ssl: UnsafeMutableRawPointer, host: String, code: Int32, library: OpenSSLLibrary)
            -> TLSError
        {
            let verification = library.SSL_get_verify_result(ssl)
            if verification != verificationOK { return certificateFailure(verification, host: host, library: library) }
            return classify(error: takeError(library), code: code, library: library)
        }

        /// What a failed read means: `nil` for the connection ending without `close_notify`, as
        /// OpenSSL reports it when it sees the end itself; the error otherwise. Takes the queue.
        static func readFailure(code: Int32, library: OpenSSLLibrary) -> TLSError? {
            let error = takeError(library)
            if code == Constant.errorSyscall, error == 0 { return nil }
            if code == Constant.errorSSL, reason(of: error, library: library) == unexpectedEOF { return nil }
            return classify(error: error, code: code, library: library)
        }

        /// The first error of the thread's queue (`0` for none); the queue is emptied, so each
        /// failure is read once and the next call starts clean.
        private static func takeError(_ library: OpenSSLLibrary) -> UInt {
            let error = library.ERR_get_error()
            library.ERR_clear_error()
            return error
        }

        private static func classify(error: UInt, code: Int32, library: OpenSSLLibrary) -> TLSError {
            guard error != 0 else {
                return .handshakeFailed(
                    code == Constant.errorSyscall ? "the connection failed" : "OpenSSL error \(code)")
            }
            switch reason(of: error, library: library) {
            case unsupportedProtocol, protocolVersionAlert, noProtocolsAvailable: return .unsupportedProtocolVersion
            case certificateRequiredAlert: return .clientCertificateRequired
            default: return .handshakeFailed(message(of: error, library: library))
            }
        }

        private static func certificateFailure(_ code: Int, host: String, library: OpenSSLLibrary) -> TLSError {
            switch code {
            case certificateExpired: return .certificateExpired
            case certificateNotYetValid: return .certificateNotYetValid
            case hostnameMismatch, ipAddressMismatch: return .hostnameMismatch(host: host)
            default:
                let reason = library.X509_verify_cert_error_string(code).map { String(cString: $0) }
                return .certificateUntrusted(reason ?? "verification error \(code)")
            }
        }

        /// The reason part of a packed error code: 23 bits from OpenSSL 3, 12 before.
        private static func reason(of error: UInt, library: OpenSSLLibrary) -> UInt {
            library.versionNumber >= 0x3000_0000 ? error & 0x7F_FFFF : error & 0xFFF
        }

        private static func message(of error: UInt, library: OpenSSLLibrary) -> String {
            var buffer = [CChar](repeating: 0, count: 256)
            library.ERR_error_string_n(error, &buffer, buffer.count)
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        // X509_V_OK and the X509_V_ERR_* codes used.
        private static let verificationOK = 0
        private static let certificateNotYetValid = 9
        private static let certificateExpired = 10
        private static let hostnameMismatch = 62
        private static let ipAddressMismatch = 64
        // SSL_R_* reasons used.
        private static let noProtocolsAvailable: UInt = 191
        private static let unsupportedProtocol: UInt = 258
        private static let unexpectedEOF: UInt = 294
        private static let protocolVersionAlert: UInt = 1070
        private static let certificateRequiredAlert: UInt = 1116
    }
#endif
