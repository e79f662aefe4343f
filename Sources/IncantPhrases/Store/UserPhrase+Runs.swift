extension UserPhrase {
    /// Whether `candidate` runs this phrase's shortcut with the values the phrase fixes: what
    /// a recorded take of the phrase must be heard as to pass (`phrases test`, `adapt`).
    public func isRun(by candidate: MatchCandidate?) -> Bool {
        guard let candidate, candidate.shortcutID == shortcut else { return false }
        return parameters.allSatisfy { candidate.parameters[$0.key] == $0.value }
    }
}
