#if os(Linux)
    /// A pooled connection found, just before its request was written, to have bytes nobody asked
    /// for or a hang-up waiting: nothing of the request went out, so any request, idempotent or
    /// not, is sent on another connection.
    struct StaleConnection: Error {}
#endif
