import Foundation

/// The `{code, msg, data}` envelope, in any of its dialects: the keys, the success codes, the
/// expired-session codes and an optional success flag are configurable.
///
/// ```swift
/// // {"succeed": true, "code": 0, "msg": "查询成功", "data": …}
/// let shop = JSONEnvelope(successCodes: ["0"], expiredCodes: ["915", "916"], successFlagKey: "succeed")
/// // {"resultcode": "200", "reason": "success", "result": […], "error_code": 0}
/// let rank = JSONEnvelope(codeKey: "resultcode", messageKey: "reason", dataKey: "result", successCodes: ["200"])
/// // {"code": 0, "msg": "ok", "data": …}, where -1 means "please log in"
/// let live = JSONEnvelope(expiredCodes: ["-1"])
///
/// let provider = Provider<MallAPI>(envelope: shop)
/// let goods = try await provider.request(.product(id: 7), as: Goods.self)
/// ```
///
/// How a body is classified, in this order:
///
/// 1. not JSON at all (an HTML error page, a bare `please to login`): ``CourierError/jsonMapping(_:)``,
///    with the body kept in the response;
/// 2. a code in ``expiredCodes``: ``CourierError/sessionExpired(_:)``;
/// 3. the success flag present and `false`, or a code outside ``successCodes``:
///    ``CourierError/business(code:message:response:)`` with the server's message (its
///    description says so when the body has none at ``messageKey``);
/// 4. a configured ``successFlagKey`` absent from the body (and no failure code):
///    ``CourierError/objectMapping(_:_:)`` naming the key, since the envelope does not describe
///    this body;
/// 5. otherwise the payload at ``dataKey`` is decoded: a missing or `null` payload is
///    ``CourierError/payloadMissing(_:)``, whose description names ``dataKey`` (or `nil` when
///    the requested type is optional), a
///    payload of another shape is ``CourierError/objectMapping(_:_:)`` whose description names
///    the failing path (`data.records[2].price`).
///
/// Codes are compared as strings: `0`, `"0"` and `0.0` in the body all match `"0"`, and
/// `200` and `"200"` both match `"200"`. The payload is only decoded when the status says
/// success, because a failure often carries a `data` of another shape.
///
/// The envelope and the payload are decoded in one `JSONDecoder` pass: no `JSONSerialization`,
/// no re-encoding of the payload, and the decoder passed in is never mutated.
public struct JSONEnvelope: ResponseEnvelope, Hashable {
    /// The key of the business code, or a dot-separated path to it (`status.code`).
    public let codeKey: String
    /// The key of the server's message, or a dot-separated path to it.
    public let messageKey: String
    /// The key of the payload, or a dot-separated path to it (`result.list`); empty for the
    /// whole body (for APIs that put the code next to the payload's own fields).
    public let dataKey: String
    /// The codes that mean success, as strings. Empty means the code does not decide: the
    /// success flag alone does (and without a flag, every code but an expired one succeeds).
    public let successCodes: Set<String>
    /// The codes that mean the session expired or the user is not logged in, as strings.
    public let expiredCodes: Set<String>
    /// The key (or dot-separated path) of a boolean success flag such as `succeed`, or `nil`.
    ///
    /// When the body has the flag and it is `false`, the call fails even with a success code.
    /// When the body lacks it, a failure code still fails the call as a business error, and
    /// anything else is an ``CourierError/objectMapping(_:_:)`` error naming the key: a flag
    /// spelled `success` against bodies that say `succeed` would otherwise pass every failure as
    /// a success. `true`/`false`, `1`/`0` and the strings `"true"`/`"false"`/`"1"`/`"0"` are
    /// understood.
    public let successFlagKey: String?

    let layout: EnvelopeLayout

    /// Creates an envelope.
    ///
    /// - Parameters:
    ///   - codeKey: the key (or dot path) of the business code; `"code"` by default.
    ///   - messageKey: the key (or dot path) of the message; `"msg"` by default.
    ///   - dataKey: the key (or dot path, such as `result.list`) of the payload; `"data"` by
    ///     default; `""` for the whole body.
    ///   - successCodes: the codes that mean success; `["0"]` by default.
    ///   - expiredCodes: the codes that mean "log in again"; none by default.
    ///   - successFlagKey: the key (or dot path) of a boolean success flag; `nil` (no flag) by default.
    public init(
        codeKey: String = "code", messageKey: String = "msg", dataKey: String = "data",
        successCodes: Set<String> = ["0"], expiredCodes: Set<String> = [], successFlagKey: String? = nil
    ) {
        self.codeKey = codeKey
        self.messageKey = messageKey
        self.dataKey = dataKey
        self.successCodes = successCodes
        self.expiredCodes = expiredCodes
        self.successFlagKey = successFlagKey
        self.layout = EnvelopeLayout(
            codePath: KeyPathComponents.components(of: codeKey),
            messagePath: KeyPathComponents.components(of: messageKey),
            dataPath: KeyPathComponents.components(of: dataKey),
            flagPath: successFlagKey.map(KeyPathComponents.components(of:)) ?? [],
            successCodes: successCodes,
            expiredCodes: expiredCodes)
    }

    /// Creates an envelope whose codes are written as integers, as most backends send them.
    ///
    /// ```swift
    /// let envelope = JSONEnvelope(successCodes: [0, 200], expiredCodes: [911])
    /// ```
    ///
    /// The codes are compared as strings, as in
    /// ``init(codeKey:messageKey:dataKey:successCodes:expiredCodes:successFlagKey:)``, so `0`
    /// matches a body's `0`, `"0"` and `0.0`. (An empty literal, `successCodes: []`, still
    /// picks the `String` initializer.)
    @_disfavoredOverload
    public init(
        codeKey: String = "code", messageKey: String = "msg", dataKey: String = "data",
        successCodes: Set<Int>, expiredCodes: Set<Int> = [], successFlagKey: String? = nil
    ) {
        self.init(
            codeKey: codeKey, messageKey: messageKey, dataKey: dataKey,
            successCodes: Set(successCodes.map(String.init)), expiredCodes: Set(expiredCodes.map(String.init)),
            successFlagKey: successFlagKey)
    }

    /// Creates an envelope with the success code `0` and expired-session codes written as
    /// integers: `JSONEnvelope(expiredCodes: [911])`.
    @_disfavoredOverload
    public init(
        codeKey: String = "code", messageKey: String = "msg", dataKey: String = "data", expiredCodes: Set<Int>,
        successFlagKey: String? = nil
    ) {
        self.init(
            codeKey: codeKey, messageKey: messageKey, dataKey: dataKey, successCodes: ["0"],
            expiredCodes: Set(expiredCodes.map(String.init)), successFlagKey: successFlagKey)
    }

    /// Checks the business status in `response` and decodes its payload as `T`.
    ///
    /// - Throws: ``CourierError/jsonMapping(_:)``, ``CourierError/sessionExpired(_:)``,
    ///   ``CourierError/business(code:message:response:)``, ``CourierError/payloadMissing(_:)``
    ///   or ``CourierError/objectMapping(_:_:)``, as the type's overview describes.
    public func decode<T: Decodable>(
        _ type: T.Type, from response: Response, using decoder: JSONDecoder
    ) throws(CourierError) -> T {
        let body: EnvelopeBody<T>
        do {
            body = try decoder.decode(EnvelopeBody<T>.self, from: response.data, configuration: layout)
        } catch let error as DecodingError where error.isInvalidJSON {
            throw .jsonMapping(response)
        } catch {
            throw .objectMapping(error, response)
        }
        switch body.verdict {
        case .success(let payload):
            return payload
        case .payloadMissing:
            throw .payloadMissing(response.noting(.payload(key: dataKey)))
        case .expired:
            throw .sessionExpired(response)
        case .failed(let code, let message?):
            throw .business(code: code, message: message, response: response)
        case .failed(let code, nil):
            throw .business(code: code, message: nil, response: response.noting(.message(key: messageKey)))
        }
    }
}
