import Testing

@testable import VaultCore

/// A review-log row is held 500,000 times in a large import: 48 bytes, the
/// small columns narrow, every value the reader allows read back as it was.
@Suite("Anki review rows, held small")
struct AnkiReviewLayoutTests {
    @Test("a row is 48 bytes, not 64")
    func stride() {
        #expect(MemoryLayout<AnkiReview>.stride == 48)
    }

    @Test("the reader's extremes read back unchanged; a value past a column's width is clamped")
    func values() {
        var review = AnkiReview(
            id: 1_767_225_600_000, card: 1_767_225_600_001, ease: -1_000, milliseconds: Int.max, kind: 1_000,
            interval: -(1 << 40), lastInterval: 1 << 40, factor: -1_000_000)
        #expect(review.ease == -1_000 && review.kind == 1_000 && review.factor == -1_000_000)
        #expect(review.milliseconds == Int.max && review.interval == -(1 << 40) && review.lastInterval == 1 << 40)
        review.ease = 4
        review.kind = 3
        review.factor = 0
        #expect(review.isCramming && review.ease == 4)
        review.factor = Int(Int32.max) + 5
        review.ease = 70_000
        #expect(review.factor == Int(Int32.max) && review.ease == Int(Int16.max))
        #expect(
            AnkiReview(id: 1, card: 2, ease: 3, milliseconds: 4, kind: 4)
                == AnkiReview(id: 1, card: 2, ease: 3, milliseconds: 4, kind: 4, factor: 0))
        #expect(AnkiReview(id: 1, card: 2, ease: 3, milliseconds: 4, kind: 4).isReset)
    }
}
