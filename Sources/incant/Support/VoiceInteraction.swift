import Foundation
import IncantCapture
import IncantDispatch
import IncantPhrases
import IncantRecognition
import IncantSpeech
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Asks `listen`'s questions by voice: a yes/no confirmation or a missing parameter is said
/// (with `--speak`) and printed, and the answer is the next utterance of the same stream,
/// recognized against a small grammar of the possible answers (yes/no words, or the
/// parameter's values); at a terminal a typed answer is taken too, whichever comes first.
/// `--answer name=value` and `--yes` win over both (through ``TerminalInteraction``).
struct VoiceInteraction: DispatchInteraction {
    /// `--answer` values (not interactive: the conversation handles the terminal).
    let answers: TerminalInteraction
    let conversation: Conversation

    func askYesNo(_ question: String) async -> Bool? {
        if let answer = await answers.askYesNo(question) { return answer }
        for attempt in 1...Conversation.attempts {
            let prompt = attempt == 1 ? question : "Sorry, I did not catch that. \(question)"
            guard let reply = await conversation.ask(prompt, hint: "yes or no", grammar: .yesNo) else { return nil }
            if let value = reply.text.flatMap(Self.yesOrNo) { return value }
        }
        return nil
    }

    /// Reads a yes or no: typed "y…"/"n…", or the first yes/no word said ("yes please").
    static func yesOrNo(_ text: String) -> Bool? {
        let words = TextNormalizer.words(of: text)
        if let first = words.first, words.count == 1, first.hasPrefix("y") { return true }
        if let first = words.first, words.count == 1, first.hasPrefix("n") { return false }
        return words.lazy.compactMap { BooleanWords.value(of: $0) }.first
    }

    func askValue(for parameter: ParameterDefinition, shortcut: ShortcutDefinition) async -> String? {
        if let answer = await answers.askValue(for: parameter, shortcut: shortcut) { return answer }
        let grammar = AnswerGrammar.value(of: parameter, shortcut: shortcut)
        for attempt in 1...Conversation.attempts {
            let prompt = attempt == 1 ? parameter.question : "Sorry, I did not catch that. \(parameter.question)"
            guard let reply = await conversation.ask(prompt, hint: nil, grammar: grammar) else { return nil }
            if let text = reply.text { return text }
        }
        return nil
    }

    func answerRejected(_ error: ParameterValueError, for parameter: ParameterDefinition, shortcut: ShortcutDefinition)
        async
    {
        await answers.answerRejected(error, for: parameter, shortcut: shortcut)
        await conversation.say("Sorry, \(error.text) is not a valid \(parameter.name).")
    }
}

/// The questions and answers of one `listen` session: where answers come from (the utterance
/// stream, the keyboard), how they are recognized, and the exchanges of the current turn for
/// the report.
final class Conversation: Sendable {
    /// How many times a question is asked when the answer is not understood.
    static let attempts = 2

    /// One question and its answer, as reported in `listen --json` (`conversation`).
    struct Exchange: Sendable, Encodable {
        var question: String
        /// What was heard (nil when the answer was typed or none came).
        var heard: String?
        var acousticConfidence: Double?
        /// What was typed at the terminal.
        var typed: String?
        /// The answer given to the shortcut, or nil when it was not understood or none came.
        var answer: String?
    }

    /// An answer: said or typed. `text` is nil when speech was heard but not understood.
    struct Reply: Sendable {
        var text: String?
    }

    let live: LiveUtterances
    let recognizer: GrammarRecognizer
    /// The listener's decodings begun ahead of each utterance's close: an utterance taken as an
    /// answer skips its own (decoded against the phrases, it would only hold up the answer's).
    let speculation: SpeculativeDecoding<SpeechRecognition>?
    let speaker: Speaker?
    let keyboard: HandOffQueue<String>?
    /// Audio arrives in real time (a device), so its stream position tells when something was said.
    let isLive: Bool
    /// How long to wait for an answer.
    let timeout: Duration
    private let exchanges = Mutex<[Exchange]>([])

    init(
        live: LiveUtterances, recognizer: GrammarRecognizer, speculation: SpeculativeDecoding<SpeechRecognition>? = nil,
        speaker: Speaker?, keyboard: HandOffQueue<String>?, isLive: Bool, timeout: Duration
    ) {
        self.live = live
        self.recognizer = recognizer
        self.speculation = speculation
        self.speaker = speaker
        self.keyboard = keyboard
        self.isLive = isLive
        self.timeout = timeout
    }

    /// The exchanges since the last call.
    func takeExchanges() -> [Exchange] {
        exchanges.withLock { current in
            defer { current = [] }
            return current
        }
    }

    /// Says `text` (with `--speak`); on a device, later utterances must start after it ends.
    func say(_ text: String) async {
        await speaker?.say(text)
    }

    /// The stream position from which utterances count as answers (or commands): on a device
    /// with `--speak`, what is heard while Incant speaks is its own echo and is skipped.
    var answerStart: Int { isLive && speaker != nil ? live.position : 0 }

    /// Asks `question` and waits for the next utterance (recognized against `grammar`, or by
    /// dictation when nil) or typed line; nil when none came (end of input or timeout).
    func ask(_ question: String, hint: String?, grammar: AnswerGrammar?) async -> Reply? {
        let notes = [hint, keyboard == nil ? nil : "say or type"].compactMap { $0 }
        StandardError.print(question + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"))
        await say(question)
        var exchange = Exchange(question: question)
        defer { exchanges.withLock { $0.append(exchange) } }
        switch await nextAnswer(startingAt: answerStart) {
        case .typed(let text?):
            exchange.typed = text
            exchange.answer = text
            return Reply(text: text)
        case .heard(let utterance?):
            speculation?.skip(utterance)
            let recognizer = recognizer
            let heard: SpeechRecognition
            do {
                heard = try await DecodingQueue.run {
                    if let grammar { return try recognizer.recognizeAnswer(utterance.samples, to: grammar) }
                    return try recognizer.transcribe(utterance.samples)
                }
            } catch {
                StandardError.print("incant: cannot recognize the answer: \(error)")
                return Reply(text: nil)
            }
            exchange.heard = heard.transcript
            exchange.acousticConfidence = JSON.rounded(heard.acousticConfidence)
            let understood = !heard.isRejected && !heard.transcript.isEmpty
            StandardError.print(
                "heard \"\(heard.transcript)\""
                    + (understood ? "" : String(format: " (not understood, confidence %.2f)", heard.acousticConfidence))
            )
            if understood { exchange.answer = heard.transcript }
            return Reply(text: understood ? heard.transcript : nil)
        default:
            return nil
        }
    }

    private enum Event: Sendable {
        case heard(Utterance?)
        case typed(String?)
        case timedOut
    }

    /// The first of: an utterance, a typed line, the timeout. What the losers took is put back.
    private func nextAnswer(startingAt start: Int) async -> Event {
        let live = live
        let keyboard = keyboard
        let timeout = timeout
        return await withTaskGroup(of: Event.self) { group in
            group.addTask { .heard(try? await live.next(startingAt: start)) }
            if let keyboard { group.addTask { .typed(try? await keyboard.next()) } }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return .timedOut
            }
            var pending = keyboard == nil ? 2 : 3
            var winner = Event.timedOut
            while let event = await group.next() {
                pending -= 1
                // A source or keyboard that ended leaves the others to answer.
                if case .heard(nil) = event, pending > 1 { continue }
                if case .typed(nil) = event, pending > 1 { continue }
                winner = event
                break
            }
            group.cancelAll()
            for await loser in group {
                if case .heard(let utterance?) = loser { await live.putBack(utterance) }
                if case .typed(let line?) = loser { await keyboard?.putBack(line) }
            }
            return winner
        }
    }
}

/// Lines typed at the terminal, read on a thread of their own so that waiting for them can be
/// raced against speech. Only started when standard input is a terminal.
enum KeyboardLines {
    static func start() -> HandOffQueue<String>? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let queue = HandOffQueue<String>()
        let thread = Thread {
            while let line = readLine(strippingNewline: true) {
                let pushed = DispatchSemaphore(value: 0)
                Task {
                    await queue.push(line.trimmingCharacters(in: .whitespaces))
                    pushed.signal()
                }
                pushed.wait()
            }
            Task { await queue.finish() }
        }
        thread.name = "incant.keyboard"
        thread.start()
        return queue
    }
}
