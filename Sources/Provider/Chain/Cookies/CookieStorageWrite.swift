import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `Set-Cookie` fields of one answer applied to a storage by ``CookieStoringRules``, on a
/// thread of its own (a persistent storage writes a file): each field kept, or deleting its
/// cookie, or refused; the storage's expired cookies dropped; and its size held to
/// ``maximumCookiesPerDomain`` per domain and ``maximumCookies`` in all, the earliest made going
/// first (RFC 6265 §6.1's figures), so that no server can grow every later request's `Cookie`
/// header or the storage without bound.
struct CookieStorageWrite: @unchecked Sendable {
    // Unchecked: HTTPCookieStorage guards its state with a queue of its own; the rest are values.
    /// The most cookies kept for one domain (host-only and domain cookies of one name alike).
    static let maximumCookiesPerDomain = 50
    /// The most cookies a storage keeps.
    static let maximumCookies = 3000

    let storage: HTTPCookieStorage
    /// The `Set-Cookie` fields, one cookie each.
    let fields: [String]
    /// The URL that answered, its host by its one spelling.
    let url: URL
    /// The request's main document, for a storage that accepts only its cookies; `nil` for the
    /// request's own URL (a client is not a browser page).
    let mainDocumentURL: URL?
    /// When the answer came.
    let now: Date

    /// Applies the fields to the storage. A storage that accepts no cookies is left alone.
    func perform() {
        guard storage.cookieAcceptPolicy != .never else { return }
        var stored = storage.cookies ?? []
        for cookie in stored where cookie.isExpired(at: now) { storage.deleteCookie(cookie) }
        stored.removeAll { $0.isExpired(at: now) }
        for field in fields {
            guard let change = try? CookieStoringRules.change(for: field, from: url, at: now, stored: stored) else {
                continue
            }
            switch change {
            case .delete(let cookie):
                for old in stored where cookie.hasIdentity(of: old) { storage.deleteCookie(old) }
                stored.removeAll { cookie.hasIdentity(of: $0) }
            case .store(let cookie):
                guard let made = cookie.httpCookie(origin: url) else { continue }
                keep(made)
                stored.removeAll { cookie.hasIdentity(of: $0) }
                stored.append(made)
            }
        }
        evictPastLimits()
    }

    /// Puts `cookie`, which the rules keep, into the storage. Only a storage that accepts the main
    /// document's cookies alone judges it by its URL (a client's request is its own main document
    /// unless it names one); any other takes it as it is, so that no judgement of Foundation's
    /// (its host spelling, its domain match) stands between the rules and the storage.
    private func keep(_ cookie: HTTPCookie) {
        if storage.cookieAcceptPolicy == .onlyFromMainDocumentDomain {
            storage.setCookies([cookie], for: url, mainDocumentURL: mainDocumentURL ?? url)
        } else {
            storage.setCookie(cookie)
        }
    }

    /// Deletes the earliest made cookies of each domain past ``maximumCookiesPerDomain``, then the
    /// earliest of all past ``maximumCookies``.
    private func evictPastLimits() {
        var kept = storage.cookies ?? []
        guard kept.count > Self.maximumCookiesPerDomain else { return }
        let byDomain = Dictionary(grouping: kept, by: \.jarDomain)
        for (_, cookies) in byDomain where cookies.count > Self.maximumCookiesPerDomain {
            for cookie in Self.earliestFirst(cookies).prefix(cookies.count - Self.maximumCookiesPerDomain) {
                storage.deleteCookie(cookie)
                kept.removeAll { $0 === cookie }
            }
        }
        guard kept.count > Self.maximumCookies else { return }
        for cookie in Self.earliestFirst(kept).prefix(kept.count - Self.maximumCookies) { storage.deleteCookie(cookie) }
    }

    private static func earliestFirst(_ cookies: [HTTPCookie]) -> [HTTPCookie] {
        cookies.sorted { ($0.creationTime ?? 0) < ($1.creationTime ?? 0) }
    }
}
