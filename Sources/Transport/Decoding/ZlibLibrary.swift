internal import CCourierSystem

// dlopen and dlsym: the one thing of libc this file needs, on every system that has them.
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The system's zlib, loaded at run time: Courier needs no zlib headers to build, and a
/// system without it (or a static binary that cannot load libraries) simply decodes no content,
/// as if decoding were turned off. Apple systems ship zlib in every release (`libz.1.dylib`,
/// in the shared cache), Linux distributions as `libz.so.1`; both export the same functions.
package struct ZlibLibrary: Sendable {
    let version: String
    let inflateInit2: courier_inflateInit2__fn
    let inflate: courier_inflate_fn
    let inflateReset: courier_inflateReset_fn
    let inflateEnd: courier_inflateEnd_fn

    /// The library, loaded once; `nil` when it cannot be.
    package static let system: ZlibLibrary? = load(systemPath)

    /// Where the system keeps zlib.
    #if canImport(Darwin)
        static let systemPath = "/usr/lib/libz.1.dylib"
    #else
        static let systemPath = "libz.so.1"
    #endif

    /// Loads the library at `path` and resolves the functions used; `nil` when the library or
    /// one of them is missing, or its major version is not 1 (the only stream layout known).
    static func load(_ path: String) -> ZlibLibrary? {
        // Never closed: the functions stay in use for the life of the process.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<Function>(_ name: String, as _: Function.Type) -> Function? {
            guard let address = dlsym(handle, name) else { return nil }
            return unsafeBitCast(address, to: Function.self)
        }
        guard let versionFunction = symbol("zlibVersion", as: courier_zlibVersion_fn.self),
            let cVersion = versionFunction(),
            let inflateInit2 = symbol("inflateInit2_", as: courier_inflateInit2__fn.self),
            let inflate = symbol("inflate", as: courier_inflate_fn.self),
            let inflateReset = symbol("inflateReset", as: courier_inflateReset_fn.self),
            let inflateEnd = symbol("inflateEnd", as: courier_inflateEnd_fn.self)
        else { return nil }
        let version = String(cString: cVersion)
        guard version.hasPrefix("1.") else { return nil }
        return ZlibLibrary(
            version: version, inflateInit2: inflateInit2, inflate: inflate, inflateReset: inflateReset,
            inflateEnd: inflateEnd)
    }
}
