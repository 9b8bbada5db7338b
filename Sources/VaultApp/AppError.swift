import Foundation

/// Errors the use cases raise, worded for the person at the command line.
public enum AppError: LocalizedError, Equatable, Sendable {
    /// A note named in a review is not eligible for it.
    case notInReview(note: String, period: String, why: String)
    case unknownCategory(String)
    case unknownSourceType(String)
    case categoryExists(String)
    case sourceTypeExists(String)
    /// `vault study FOLDER` where no note under FOLDER (in a deck) holds a card.
    case noCardsInFolder(String)
    /// `vault cards --unsuspend CARD` for a card that is not suspended.
    case notSuspended(String)
    case unknownSubject(String, known: [String])
    case subjectExists(String)
    case sessionRunning(subject: String, since: String)
    case noRunningSession
    case severalRunning([String])
    case badSession(String)
    case noSuchSession(String)
    case ambiguousSession(String, candidates: [String])
    case noFollowUpDue
    case noSuchGoal(String)
    case noSuchItinerary(String, known: [String])
    case itineraryExists(name: String, folder: String)
    case badLociAnswer(String, reason: String)
    /// No note, or more than one, matches a NOTE argument.
    case noteNotFound(String)
    case ambiguousNote(String, candidates: [String])
    /// A path that matches a note only in another Unicode normalization form.
    case otherNormalization(String, found: [String])
    /// A note whose front matter a category or source-type edit cannot change safely.
    case cannotEditNote(path: String, reason: String)
    /// A new note without a title (``NoteCreation``).
    case emptyNote
    /// A new note whose front matter does not read: the problem, naming its line.
    case badNewNote(String)
    /// `vault import obsidian-sr` in a vault without the Spaced Repetition plugin's data, or
    /// before its settings are taken: what is missing and the fix.
    case noPluginData(String)
    /// A piped note's front matter sets a field its flag gives too (`category`, `tags`, `source`, `source_type`).
    case givenTwice(String)
    /// `vault import json FILE`: the file is no export this version reads (why, as the end of a sentence).
    case badExport(path: String, reason: String)
    /// `vault backup --restore NAME`: no archive, or several, of this vault go by that name.
    case noSuchBackup(String)

    public var errorDescription: String? {
        switch self {
        case .noteNotFound(let reference):
            return
                "no note matches '\(reference)'; give a path, an id, an id prefix of 4 or more characters, or a title (see `vault list`)."
        case .otherNormalization(let reference, let found):
            let spelled = found.map { "'\($0)' (\(Self.form($0)))" }.joined(separator: ", ")
            return
                "no note's path is '\(reference)' (\(Self.form(reference))) byte for byte; \(spelled) has the same letters in another Unicode form. Give the path as the file spells it (tab completion does), or rename the file."
        case .ambiguousNote(let reference, let candidates):
            return
                "'\(reference)' matches \(candidates.count) notes (\(candidates.joined(separator: ", "))); give more of the id, the title or the path."
        case .notInReview(let note, let period, let why):
            return "\(note) is not up for review in \(period): \(why)."
        case .unknownCategory(let name):
            return
                "there is no category '\(name)'; see `vault category list`, or add it with `vault category add \"\(name)\"`."
        case .unknownSourceType(let name):
            return
                "there is no source type '\(name)'; see `vault source-type list`, or add it with `vault source-type add \(name)`."
        case .categoryExists(let name):
            return "the category '\(name)' already exists."
        case .sourceTypeExists(let name):
            return "the source type '\(name)' already exists."
        case .unknownSubject(let name, let known):
            let list = known.isEmpty ? "there are none yet" : "the subjects are " + known.joined(separator: ", ")
            return "there is no subject '\(name)' (\(list)); add it with `vault subject add \"\(name)\"`."
        case .subjectExists(let name):
            return "the subject '\(name)' already exists."
        case .sessionRunning(let subject, let since):
            return
                "a session of \(subject) is running since \(since); `vault session stop` ends it, `vault session cancel` drops it, or start with --switch to stop it and start this one."
        case .noRunningSession:
            return "no session is running; `vault session start SUBJECT` starts one, `vault session add` records a past one."
        case .severalRunning(let ids):
            return "several sessions are running (\(ids.joined(separator: ", "))); name one with --id."
        case .badSession(let reason):
            return reason
        case .noSuchSession(let id):
            return "no session has the id '\(id)'; `vault session list` shows them."
        case .ambiguousSession(let id, let candidates):
            return "'\(id)' names several sessions (\(candidates.joined(separator: ", "))); give more of the id."
        case .noFollowUpDue:
            return "no session review is due; `vault session reviews` lists the coming ones."
        case .noSuchGoal(let id):
            return "no goal has the id '\(id)'; `vault goal list` shows them."
        case .noSuchItinerary(let name, let known):
            return known.isEmpty
                ? "no itinerary is named '\(name)': the vault has none yet; `vault import loci FILE.json` brings one in."
                : "no itinerary is named '\(name)'; the vault has \(known.map { "'\($0)'" }.joined(separator: ", "))."
        case .itineraryExists(let name, let folder):
            return "the itinerary '\(name)' exists already in \(folder)/; import it with --update to replace its text and pictures and keep its history."
        case .badLociAnswer(let argument, let reason):
            return "'\(argument)' \(reason)."
        case .cannotEditNote(let path, let reason):
            return "\(path): \(reason)"
        case .notSuspended(let card):
            return
                "card \(card) is not suspended (only leeches are, under 'study.leech_action: suspend'); `vault cards --leeches` lists them."
        case .noCardsInFolder(let folder):
            return
                "no flashcards in '\(folder)': no note under it that is in a deck holds a card. `vault cards` lists the cards there are."
        case .emptyNote:
            return "the note is empty; nothing was saved."
        case .badNewNote(let reason):
            return "the new note's front matter does not read: \(reason) Nothing was saved."
        case .noPluginData(let reason):
            return reason
        case .givenTwice(let key):
            let flag = key == "tags" ? "--tag" : key == "source_type" ? "--type" : "--\(key)"
            return "\(key) is given twice, by \(flag) and by the text's front matter; give it once. Nothing was saved."
        case .badExport(let path, let reason):
            return "\(path) cannot be imported: \(reason). Nothing was written."
        case .noSuchBackup(let name):
            return "no single backup of this vault is named '\(name)'; `vault backup --list` shows them (or give the archive's path)."
        }
    }
}

extension AppError {
    /// `NFC`, `NFD`, or `mixed` for how `text` spells its accented letters.
    static func form(_ text: String) -> String {
        if text.utf8.elementsEqual(text.precomposedStringWithCanonicalMapping.utf8) { return "NFC" }
        if text.utf8.elementsEqual(text.decomposedStringWithCanonicalMapping.utf8) { return "NFD" }
        return "mixed"
    }
}
