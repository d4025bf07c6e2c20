import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Response {
    /// Returns `self` when the status code is in `statusCodes`, and throws
    /// ``CourierError/statusCode(_:)`` otherwise.
    public func filter<R: RangeExpression>(statusCodes: R) throws -> Response where R.Bound == Int {
        guard statusCodes.contains(statusCode) else { throw CourierError.statusCode(self) }
        return self
    }

    /// Returns `self` when the status code is `statusCode`, and throws otherwise.
    public func filter(statusCode: Int) throws -> Response {
        try filter(statusCodes: statusCode...statusCode)
    }

    /// Returns `self` for a `2xx` status, and throws ``CourierError/statusCode(_:)`` otherwise.
    public func filterSuccessfulStatusCodes() throws -> Response {
        try filter(statusCodes: 200...299)
    }

    /// Returns `self` for a `2xx` or `3xx` status, and throws otherwise.
    public func filterSuccessfulStatusAndRedirectCodes() throws -> Response {
        try filter(statusCodes: 200...399)
    }

    /// The body parsed with `JSONSerialization`.
    ///
    /// - Parameter failsOnEmptyData: whether an empty body throws; `true` by default, and
    ///   `NSNull()` is returned for an empty body otherwise.
    /// - Throws: ``CourierError/jsonMapping(_:)`` when the body is not JSON.
    public func mapJSON(failsOnEmptyData: Bool = true) throws -> Any {
        if data.isEmpty && !failsOnEmptyData { return NSNull() }
        do {
            return try JSONSerialization.jsonObject(with: data, options: .allowFragments)
        } catch {
            throw CourierError.jsonMapping(self)
        }
    }

    /// The body as UTF-8 text, or the string at `keyPath` in a JSON body.
    ///
    /// ```swift
    /// let token = try response.mapString(atKeyPath: "data")
    /// ```
    ///
    /// - Parameter keyPath: a dot-separated path such as `data.token`; `nil` for the whole body.
    /// - Throws: ``CourierError/stringMapping(_:)`` when the body or the value is not a string.
    public func mapString(atKeyPath keyPath: String? = nil) throws -> String {
        guard let keyPath, !keyPath.isEmpty else {
            guard let string = String(data: data, encoding: .utf8) else { throw CourierError.stringMapping(self) }
            return string
        }
        do {
            return try KeyPathDecoded<String>.decode(from: data, keyPath: keyPath, using: JSONDecoder())
        } catch {
            throw CourierError.stringMapping(self)
        }
    }

    /// Decodes the body, or the value at `keyPath`, as `D` in one pass.
    ///
    /// The key path may end at a scalar: `map(Int.self, atKeyPath: "data.total")` works.
    ///
    /// ```swift
    /// let films = try response.map([Film].self, atKeyPath: "result")
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - keyPath: a dot-separated path such as `user.tags`; `nil` (the default) for the whole body.
    ///   - decoder: the decoder; a new `JSONDecoder` by default.
    ///   - failsOnEmptyData: whether an empty body throws; `true` by default. When `false`, an
    ///     empty body decodes as `{}` (so an all-optional type decodes) or as `nil` for an optional.
    /// - Throws: ``CourierError/jsonMapping(_:)`` when the body is not JSON, and
    ///   ``CourierError/objectMapping(_:_:)`` when it is JSON of another shape.
    public func map<D: Decodable>(
        _ type: D.Type, atKeyPath keyPath: String? = nil, using decoder: JSONDecoder = JSONDecoder(),
        failsOnEmptyData: Bool = true
    ) throws -> D {
        var body = data
        if body.isEmpty {
            if failsOnEmptyData { throw CourierError.jsonMapping(self) }
            body = Data((D.self is any ExpressibleByNilLiteral.Type ? "null" : "{}").utf8)
        }
        do {
            return try KeyPathDecoded<D>.decode(from: body, keyPath: keyPath, using: decoder)
        } catch let error as DecodingError where error.isInvalidJSON {
            throw CourierError.jsonMapping(self)
        } catch {
            throw CourierError.objectMapping(error, self)
        }
    }
}
