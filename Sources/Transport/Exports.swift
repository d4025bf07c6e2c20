// The transport contract is written in Foundation's types (`URLRequest`, `HTTPURLResponse`), which
// live in FoundationNetworking on Linux; re-exported for the reason Sources/Provider/Exports.swift
// gives.
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
