import Testing

@testable import VaultCore

@Suite("CJK bigrams")
struct CJKBigramsTests {
    @Test("a CJK run is indexed as overlapping bigrams and its last character")
    func indexText() {
        #expect(CJKBigrams.indexText("我在東京大学 study") == "我在 在東 東京 京大 大学 学")
    }

    @Test("separate runs are indexed on separate lines; Latin text adds nothing")
    func runs() {
        #expect(CJKBigrams.indexText("東京 and 大阪") == "東京 京\n大阪 阪")
        #expect(CJKBigrams.indexText("Café au lait") == "")
    }

    @Test("kana and Hangul count as CJK, accented Latin does not")
    func detection() {
        #expect(CJKBigrams.containsCJK("ひらがな"))
        #expect(CJKBigrams.containsCJK("한국어"))
        #expect(!CJKBigrams.containsCJK("Café — naïve…"))
    }
}
