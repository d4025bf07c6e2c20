// A target's requirements are written in Foundation's types (`URL`, `Data`, `URLRequest`), so a
// file that conforms to `TargetType` needs them; this module re-exports them rather than asking
// every such file to import Foundation (and, on Linux, FoundationNetworking, where `URLRequest`
// lives). Sources/Provider/Exports.swift argues the same for `import Courier`.
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
