import Testing

@testable import CourierHTTP1
@testable import CourierTransport

/// zlib, loaded at run time by the name each platform gives it. Not conditional on zlib being
/// there, unlike the decoding suites: a wrong name would otherwise turn them off silently.
@Suite("Content decoding: zlib loaded at run time")
struct ZlibLibraryTests {
    @Test("the system's zlib loads by this platform's name, a version 1 library with every function")
    func systemLibraryLoads() throws {
        let library = try #require(ZlibLibrary.load(ZlibLibrary.systemPath))
        #expect(library.version.hasPrefix("1."))
        #expect(ZlibLibrary.system?.version == library.version)
    }

    @Test("a library that is not there loads as nil, so content is simply not decoded")
    func missingLibraryIsNil() {
        #expect(ZlibLibrary.load("libcourier-no-such-zlib.so.1") == nil)
    }
}
