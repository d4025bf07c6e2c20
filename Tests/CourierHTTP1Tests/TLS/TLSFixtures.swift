#if os(Linux)
    /// Throwaway PEM fixtures for the TLS configuration tests: a self-signed P-256 certificate
    /// ("Courier test fixture", valid until 2126), its key, and a key that is not its own.
    /// Nothing trusts them; they exist so that PEM parsing and key matching are tested offline.
    enum TLSFixtures {
        static let certificate = """
            -----BEGIN CERTIFICATE-----
            MIIBljCCATugAwIBAgIUPj17bZv65e4zJJPjzAlusplMzVQwCgYIKoZIzj0EAwIw
            HzEdMBsGA1UEAwwUQ291cmllciB0ZXN0IGZpeHR1cmUwIBcNMjYxMjAyMDMyNTM0
            WhgPMjEyNjExMDgwMzI1MzRaMB8xHTAbBgNVBAMMFENvdXJpZXIgdGVzdCBmaXh0
            dXJlMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEbpjmtMLQOzmncC2Pq+RsJi5Q
            HKRuPBQt3bmKhXwFIssaOyfqrxf3PxwYvjuZmw/wblAnVShQTbPDEeH+jK8zPaNT
            MFEwHQYDVR0OBBYEFHte8+nSw5D2wXFjpqg+Hg8KVhkDMB8GA1UdIwQYMBaAFHte
            8+nSw5D2wXFjpqg+Hg8KVhkDMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwID
            SQAwRgIhAIEoHceVTr0eJKlUcFWwmzbsQD90bvoWR+Gq9PLZ5C3aAiEAlx5kkzLY
            6ZifYlpj3HZFbjt3SqxLO4caf7z17dU9RKc=
            -----END CERTIFICATE-----
            """

        static let key = """
            -----BEGIN PRIVATE KEY-----
            MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXlTzHZ8t+n1cMvIr
            VomsslItcejHsyGJzQpZDLqAIoKhRANCAARumOa0wtA7OadwLY+r5GwmLlAcpG48
            FC3duYqFfAUiyxo7J+qvF/c/HBi+O5mbD/BuUCdVKFBNs8MR4f6MrzM9
            -----END PRIVATE KEY-----
            """

        static let otherKey = """
            -----BEGIN PRIVATE KEY-----
            MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgxWURqgYedJjrVm6l
            Q01+1tJxG3yP/e1ChdmJMKIinJmhRANCAARrEz5fY60+zNYR6gGZpHUO9IX7j4fo
            FELOl6Ar5J408sRSx7BnXE22XeZ9q5aoFjJKEoYnPwqq2QYtToblumGe
            -----END PRIVATE KEY-----
            """
    }
#endif
