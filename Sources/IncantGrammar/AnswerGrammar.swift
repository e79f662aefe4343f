import IncantPhrases

/// A small grammar for the answer to one spoken question: yes or no for a confirmation, or the
/// values a missing parameter can take (enum spoken forms, numbers as words, yes/no for a
/// boolean). The pocketsphinx engine loads it as an extra named search beside the phrase
/// grammar (`GrammarRecognizer.recognizeAnswer(_:to:)` in `IncantRecognition`).
public struct AnswerGrammar: Sendable, Hashable {
    /// The decoder search name (one per question kind, so a loaded grammar is reused).
    public var searchName: String
    /// The JSGF text.
    public var jsgf: String
    /// The words it can produce.
    public var words: Set<String>

    /// Yes or no, in every word ``IncantPhrases/BooleanWords`` knows ("yes", "yeah", "no", "nope", …),
    /// with an optional "please" or "thanks" around it.
    public static let yesNo: AnswerGrammar = {
        var builder = GrammarCompiler.Builder()
        let answer = builder.alternatives(BooleanWords.trueWords + BooleanWords.falseWords)
        builder.words.formUnion(["please", "thanks", "thank", "you"])
        let body = "[ please ] \(answer) [ please | thanks | thank you ]"
        return AnswerGrammar(searchName: "_answer_yes_no", body: body, builder: builder)
    }()

    /// The values of `parameter`; nil for free text, which no grammar can hold (use dictation).
    public static func value(of parameter: ParameterDefinition, shortcut: ShortcutDefinition) -> AnswerGrammar? {
        if case .text = parameter.type { return nil }
        var builder = GrammarCompiler.Builder()
        let rule = builder.slotRule(parameter, shortcut: shortcut)
        let name =
            "_answer_" + GrammarCompiler.Builder.ruleSafe(shortcut.id) + "_"
            + GrammarCompiler.Builder.ruleSafe(parameter.name)
        return AnswerGrammar(searchName: name, body: rule, builder: builder)
    }

    /// One of `words` (the alternatives of a contested word), with an optional "I said" before
    /// and "please" after, or a word that calls the question off ("cancel", "never mind").
    public static func choice(_ words: [String]) -> AnswerGrammar {
        var builder = GrammarCompiler.Builder()
        let answer = builder.alternatives(words)
        let cancel = builder.alternatives(["cancel", "never mind", "neither"])
        builder.words.formUnion(["i", "said", "please"])
        let body = "( [ i said ] \(answer) [ please ] ) | \(cancel)"
        let name = "_answer_choice_" + words.sorted().map(GrammarCompiler.Builder.ruleSafe).joined(separator: "_")
        return AnswerGrammar(searchName: name, body: body, builder: builder)
    }

    private init(searchName: String, body: String, builder: GrammarCompiler.Builder) {
        self.searchName = searchName
        let lines =
            ["#JSGF V1.0;", "grammar answer;", "public <answer> = \(body);"] + builder.rules
            + builder.numberRules.sorted()
        jsgf = lines.joined(separator: "\n") + "\n"
        words = builder.words
    }
}
