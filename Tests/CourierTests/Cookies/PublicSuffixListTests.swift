import Foundation
import Testing

@testable import Courier

/// The Public Suffix List's algorithm (rules, wildcards, exceptions, the default rule) over the
/// shipped list, and over a list of the test's own.
@Suite("Cookies: the Public Suffix List")
struct PublicSuffixListTests {
    @Test(
        "public suffixes of the shipped list",
        arguments: [
            ("com", true), ("example.com", false), ("co.uk", true), ("example.co.uk", false), ("uk", true),
            ("github.io", true), ("user.github.io", false), ("test", true), ("localhost", true),
            ("b.kawasaki.jp", true), ("city.kawasaki.jp", false), ("kawasaki.jp", false), ("ck", true),
            ("anything.ck", true), ("www.ck", false), ("xn--55qx5d.cn", true), ("example.xn--55qx5d.cn", false),
            ("unlisted", true), ("a.unlisted", false), ("a..com", true), ("", true), (".com", true),
        ])
    func shipped(domain: String, isPublicSuffix: Bool) {
        #expect(PublicSuffixList.shipped.isPublicSuffix(domain) == isPublicSuffix)
    }

    @Test(
        "the public suffix of a name",
        arguments: [
            ("www.example.co.uk", "co.uk"), ("example.com", "com"), ("a.b.kawasaki.jp", "b.kawasaki.jp"),
            ("www.city.kawasaki.jp", "kawasaki.jp"), ("x.unlisted", "unlisted"), ("www.ck", "ck"),
        ])
    func publicSuffix(domain: String, suffix: String) {
        #expect(PublicSuffixList.shipped.publicSuffix(of: domain) == suffix)
    }

    @Test("with no rules at all, every single label is still a public suffix")
    func noRules() {
        let empty = PublicSuffixList(rules: "")
        #expect(empty.isPublicSuffix("test"))
        #expect(empty.isPublicSuffix("com"))
        #expect(!empty.isPublicSuffix("example.com"))
    }

    @Test("a list of one's own: rules, a wildcard and its exception, in any case and spacing")
    func ownList() {
        let list = PublicSuffixList(rules: "Example\n*.Wild.example  !Keep.wild.example\n\nco.example")
        #expect(list.isPublicSuffix("example"))
        #expect(list.isPublicSuffix("co.example"))
        #expect(list.isPublicSuffix("any.wild.example"))
        #expect(!list.isPublicSuffix("keep.wild.example"))
        #expect(list.isPublicSuffix("wild.example") == false)
        #expect(list.publicSuffix(of: "a.keep.wild.example") == "wild.example")
    }

    @Test("the shipped list is the one scripts/update-public-suffix-list wrote, with its source named")
    func shippedListIsWhole() {
        let rules = PublicSuffixList.shippedRules.split(whereSeparator: { $0 == " " || $0 == "\n" })
        #expect(rules.count > 9_000)
        #expect(rules.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
        #expect(rules.contains("!www.ck") && rules.contains("*.ck") && rules.contains("co.uk"))
    }
}
