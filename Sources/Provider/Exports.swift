// `import Courier` is the one import a file that describes or calls an API needs.
//
// Courier's public API is written in Foundation's types: a target's `baseURL` is a `URL`, its
// `sampleData` is `Data`, a plugin's hooks take a `URLRequest`, a timeout is a `TimeInterval`.
// A module whose signatures require another module's types re-exports that module, so that the
// code its documentation shows compiles with the import it shows. On Linux `URLRequest`,
// `HTTPURLResponse` and `URLSession` live in FoundationNetworking, not Foundation; re-exporting
// it here spares every app file the `#if canImport(FoundationNetworking)` dance. Nothing is
// hidden by it: an app that imports Foundation itself sees the same module.
//
// CourierTargets (endpoints and encodings) is re-exported for the same reason: it is the part
// of the `Courier` product that describes endpoints, and an app sees both as one module. It
// re-exports Foundation itself (Sources/Targets/Exports.swift), so a file that imports
// CourierTargets alone compiles too; the lines below say what Courier's own API needs, not what
// happens to arrive through it. CourierPlugins and CourierTesting re-export Courier, and so
// bring all of this with them. CourierTransport (the transport contract, which the provider's
// `transport:` parameter is written in) is re-exported for the same reason.
@_exported import CourierTargets
@_exported import CourierTransport
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
