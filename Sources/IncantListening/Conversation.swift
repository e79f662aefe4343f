import IncantCapture
import IncantSpeech
import Synchronization

/// The questions and answers of one listening session: where answers come from (the
/// utterance stream, typed lines), how they are recognized, and the exchanges of the current
/// turn.
final class Conversation: Sendable {
    /// An answer: said or typed. `text` is nil when speech was heard but not understood.
    struct Reply: Sendable {
        var text: String?
    }

    let live: LiveUtterances
    let recognizer: any SpeechRecognizer
    /// What the recognizer hears of each utterance.
    let heard: HeardAudio
    /// Decodings begun ahead of each utterance's close: an utterance taken as an answer skips
    /// its own (decoded against the phrases, it would only hold up the answer's).
    let speculation: SpeculativeDecoding<RecognitionResult>?
    let speaker: (any DialogSpeaker)?
    let typed: HandOffQueue<String>?
    /// Audio arrives in real time, so its stream position tells when something was said.
    let isLive: Bool
    let timeout: Duration
    let attempts: Int
    let emit: @Sendable (ListenerEvent) async -> Void
    /// Tells a new command said instead of an answer; nil hears every utterance as the answer.
    let newCommands: NewCommandCheck?
    private let exchanges = Mutex<[Exchange]>([])
    /// A new command heard where an answer was awaited, for the listener to hear next.
    private let interruption = Mutex<NewCommandCheck.NewCommand?>(nil)
    /// The stream sample at which the last utterance heard (a command or an answer) ended.
    private let heardUntil = Mutex(0)

    init(
        live: LiveUtterances, recognizer: any SpeechRecognizer, speculation: SpeculativeDecoding<RecognitionResult>?,
        speaker: (any DialogSpeaker)?, typed: HandOffQueue<String>?, isLive: Bool, timeout: Duration, attempts: Int,
        newCommands: NewCommandCheck? = nil, heard: HeardAudio = .asCut,
        emit: @escaping @Sendable (ListenerEvent) async -> Void
    ) {
        self.live = live
        self.recognizer = recognizer
        self.heard = heard
        self.speculation = speculation
        self.speaker = speaker
        self.typed = typed
        self.isLive = isLive
        self.timeout = timeout
        self.attempts = max(1, attempts)
        self.newCommands = newCommands
        self.emit = emit
    }

    /// The new command that ended the last question, once.
    func takeInterruption() -> NewCommandCheck.NewCommand? {
        interruption.withLock { current in
            defer { current = nil }
            return current
        }
    }

    /// The exchanges since the last call.
    func takeExchanges() -> [Exchange] {
        exchanges.withLock { current in
            defer { current = [] }
            return current
        }
    }

    /// Says `text` when there is a speaker.
    func say(_ text: String) async {
        await speaker?.say(text)
    }

    /// Notes that the stream was heard up to `utterance`'s end: without live audio, a question's
    /// time limit counts from there, in audio time.
    func heard(_ utterance: Utterance) {
        heardUntil.withLock { $0 = max($0, utterance.endSample) }
    }

    /// The stream position from which utterances count as answers (or commands): on a device
    /// with a speaker, what is heard while Incant speaks is its own echo and is skipped.
    var answerStart: Int { isLive && speaker != nil ? live.position : 0 }

    /// Asks `question` and waits for the next utterance (recognized as `request` asks) or typed
    /// line; nil when none came (end of input or timeout) or a new command came instead
    /// (``takeInterruption()`` then holds it).
    func ask(_ question: String, hint: String?, request: AnswerRequest) async -> Reply? {
        let notes = [hint, typed == nil ? nil : "say or type"].compactMap { $0 }
        await emit(.questionAsked(question: question, hint: notes.isEmpty ? nil : notes.joined(separator: "; ")))
        await say(question)
        var exchange = Exchange(question: question)
        let reply = await reply(to: request, exchange: &exchange)
        exchanges.withLock { $0.append(exchange) }
        await emit(.answered(exchange))
        return reply
    }

    private func reply(to request: AnswerRequest, exchange: inout Exchange) async -> Reply? {
        switch await nextAnswer(startingAt: answerStart) {
        case .typed(let text?):
            exchange.typed = text
            exchange.answer = text
            return Reply(text: text)
        case .heard(let utterance?):
            heard(utterance)
            // What is heard as the answer: the utterance, or what follows a wake word in it.
            var said = utterance
            let wakeWord = await newCommands?.wakeWord(in: utterance)
            if let wakeWord {
                guard let rest = wakeWord.rest else {
                    return interrupt(with: .init(utterance: utterance, wakeWord: wakeWord), exchange: &exchange)
                }
                said = rest
            }
            speculation?.skip(utterance)
            let recognizer = recognizer
            let samples = self.heard.of(said).samples
            let heard: RecognitionResult
            do {
                heard = try await DecodingQueue.run { try recognizer.recognizeAnswer(samples, to: request) }
            } catch {
                await emit(.problem(.answerRecognitionFailed(error)))
                return Reply(text: nil)
            }
            exchange.heard = heard.transcript
            exchange.acousticConfidence = heard.confidence
            let understood = heard.rejection == nil && !heard.transcript.isEmpty
            if understood {
                exchange.answer = heard.transcript
                // A trigger pressed to say the answer opens no later command.
                newCommands?.control?.takeTrigger(for: utterance)
                return Reply(text: heard.transcript)
            }
            // The wake word and no answer after it: a new command, heard whole.
            if let wakeWord {
                return interrupt(with: .init(utterance: utterance, wakeWord: wakeWord), exchange: &exchange)
            }
            if let command = await newCommands?.newCommand(notAnswering: utterance) {
                return interrupt(with: command, exchange: &exchange)
            }
            return Reply(text: nil)
        default:
            return nil
        }
    }

    /// Ends the question with a new command, kept for the listener to hear next.
    private func interrupt(with command: NewCommandCheck.NewCommand, exchange: inout Exchange) -> Reply? {
        if let recognition = command.recognition { exchange.heard = recognition.transcript }
        exchange.newCommand = true
        interruption.withLock { $0 = command }
        return nil
    }

    private enum Arrival: Sendable {
        case heard(Utterance?)
        case typed(String?)
        case timedOut
    }

    /// The first of: an utterance, a typed line, the timeout. What the losers took is put back.
    ///
    /// Live audio and typed lines wait at most the timeout on the clock. Audio that is not live
    /// (a file, a pipe) is read at whatever speed the machine allows, so there the time limit is
    /// audio time: an utterance that starts more than the timeout after the last one heard ends
    /// is no answer (it is put back, to be heard as a command).
    private func nextAnswer(startingAt start: Int) async -> Arrival {
        let live = live
        let typed = typed
        let timeout = timeout
        let latestStart =
            isLive ? nil : heardUntil.withLock { $0 } + AudioFormat.sampleCount(for: timeout)
        return await withTaskGroup(of: Arrival.self) { group in
            group.addTask {
                guard let utterance = try? await live.next(startingAt: start) else { return .heard(nil) }
                if let latestStart, utterance.speechStartSample > latestStart {
                    await live.putBack(utterance)
                    return .timedOut
                }
                return .heard(utterance)
            }
            if let typed { group.addTask { .typed(try? await typed.next()) } }
            if isLive || typed != nil {
                group.addTask {
                    try? await Task.sleep(for: timeout)
                    return .timedOut
                }
            }
            var pending = 1 + (typed == nil ? 0 : 1) + (isLive || typed != nil ? 1 : 0)
            var winner = Arrival.timedOut
            while let arrival = await group.next() {
                pending -= 1
                // A source or keyboard that ended leaves the others to answer.
                if case .heard(nil) = arrival, pending > 1 { continue }
                if case .typed(nil) = arrival, pending > 1 { continue }
                winner = arrival
                break
            }
            group.cancelAll()
            for await loser in group {
                if case .heard(let utterance?) = loser { await live.putBack(utterance) }
                if case .typed(let line?) = loser { await typed?.putBack(line) }
            }
            return winner
        }
    }
}
