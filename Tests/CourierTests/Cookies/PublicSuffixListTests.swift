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

    @Test("a name is a public suffix exactly when the algorithm's public suffix of it is itself")
    func oneAnswer() {
        let list = PublicSuffixList(rules: "com *.ck !www.ck x.www.ck co.uk *.kawasaki.jp !city.kawasaki.jp")
        let names = [
            "com", "a.com", "ck", "a.ck", "b.a.ck", "www.ck", "x.www.ck", "y.x.www.ck", "co.uk", "uk", "a.co.uk",
            "kawasaki.jp", "a.kawasaki.jp", "city.kawasaki.jp", "b.city.kawasaki.jp", "jp", "unlisted", "a.unlisted",
        ]
        for name in names {
            #expect(list.isPublicSuffix(name) == (list.publicSuffix(of: name) == name), "\(name)")
            #expect(
                PublicSuffixList.shipped.isPublicSuffix(name)
                    == (PublicSuffixList.shipped.publicSuffix(of: name) == name), "\(name)")
        }
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

    @Test("the shipped list: its three parts each sorted by bytes, one ASCII name a line")
    func shippedListIsSorted() {
        let parts = [
            PublicSuffixList.shippedRules, PublicSuffixList.shippedWildcards, PublicSuffixList.shippedExceptions,
        ]
        .map { $0.split(separator: "\n").map { Array($0.utf8) } }
        #expect(parts[0].count > 9_000)
        for names in parts {
            #expect(zip(names, names.dropFirst()).allSatisfy { !$1.lexicographicallyPrecedes($0) })
            #expect(names.allSatisfy { $0.allSatisfy { $0 > 0x20 && $0 < 0x80 } })
        }
        #expect(parts[1].contains(Array("ck".utf8)) && parts[2].contains(Array("www.ck".utf8)))
    }

    @Test("a sorted name list finds every name it holds and none it does not")
    func sortedNameList() {
        let names = ["b", "a", "ab", "abc", "b.c", "z", "xn--55qx5d.cn"]
        let list = SortedNameList(names: names.map { Substring($0) })
        for name in names { #expect(list.contains(Substring(name))) }
        for name in ["", "aa", "abcd", "c", "b.", "y", "zz", "0"] { #expect(!list.contains(Substring(name))) }
        #expect(!SortedNameList(names: [Substring]()).contains("a"))
        #expect(SortedNameList(sortedLines: "a\nb\nc\n").contains("c"))
    }
}
