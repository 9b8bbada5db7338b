import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// `/decks`: where studying starts. Today's session for every card as one
/// big button, the other sessions (weakest cards, cram, every overdue card,
/// five cards now), and every folder that holds cards with its cards due and
/// new today (``StudyDecks``), each a link to `/study/FOLDER`.
enum DecksPage {
    static func get(_ context: AppContext, csrf: String) -> WebResponse {
        let studying = Studying(context)
        let decks = StudyDecks(studying)
        var html: HTML = "<h1>Study</h1>"
        let today = decks.all.due + decks.all.new
        let now = min(today, decks.dayLeft)
        html += "<p class=\"lead\"><span data-count=\"due_flashcards\">\(decks.all.due)</span> due, "
        html += "<span data-count=\"new_flashcards\">\(decks.all.new)</span> new today"
        html += "<span class=\"dim\"> · \(decks.dayLeft) of the daily \(decks.dailyLimit) left</span></p>"
        html += "<p class=\"big-actions\">"
        if now > 0 {
            let minutes = max(1, (now * StudyFlow.secondsPerCard + 59) / 60)
            html += PageLayout.linkButton(
                href: "/study", label: "Study \(plural(now, "card")) <span class=\"sub\">~\(minutes) min</span>",
                className: "button primary big")
            html += PageLayout.linkButton(href: "/study?n=5", label: "Five cards now", className: "button big")
        } else {
            html += "<span class=\"done\">Nothing due now.</span>"
        }
        html += "</p>"
        html += "<section aria-labelledby=\"modes\"><h2 id=\"modes\">Other sessions</h2><p class=\"actions\">"
        if decks.answered > 0 {
            html += PageLayout.linkButton(href: "/study?m=weak", label: "Weakest cards (\(decks.answered))")
        }
        if decks.all.cards > 0 {
            html += PageLayout.linkButton(href: "/study?m=cram", label: "Cram every card (\(decks.all.cards))")
        }
        if decks.overdue > 0 {
            html += PageLayout.linkButton(href: "/study?m=overdue", label: "Every overdue card (\(decks.overdue))")
        }
        html += "</p><p class=\"dim\">Cramming changes no schedule; the weakest cards come first by recall now.</p></section>"
        html += "<section aria-labelledby=\"folders\"><h2 id=\"folders\">Decks</h2>"
        if decks.decks.isEmpty {
            html += "<p class=\"dim\">No cards yet: a note with <code>cards: true</code>, the deck tag or in a deck folder holds them.</p>"
        } else {
            html += "<ul class=\"decks\">"
            for deck in decks.decks {
                // The notes at the root are no folder `vault study` takes: counted, not linked.
                let name: HTML =
                    deck.folder.isEmpty
                    ? "(notes at the vault's root)" : "<a href=\"/study/\(HTML.urlPath(deck.folder))\">\(deck.folder)</a>"
                html += "<li class=\"deck depth-\(min(deck.depth, 4))\">\(name) "
                html += "<span class=\"counts\"><span class=\"due\">\(deck.due) due</span> · <span class=\"new\">\(deck.new) new</span>"
                html += " · <span class=\"dim\">\(plural(deck.cards, "card"))</span></span></li>"
            }
            html += "</ul>"
        }
        html += "</section>"
        return .page(PageLayout.page(title: "Study", csrf: csrf, body: html))
    }
}
