/// One of the 39 CMU ARPAbet phones, without stress digits: the phone set of the
/// pocketsphinx en-us acoustic model and of `cmudict-en-us.dict`.
public enum CMUPhone: String, CaseIterable, Sendable, Hashable, Codable {
    case aa = "AA"
    case ae = "AE"
    case ah = "AH"
    case ao = "AO"
    case aw = "AW"
    case ay = "AY"
    case b = "B"
    case ch = "CH"
    case d = "D"
    case dh = "DH"
    case eh = "EH"
    case er = "ER"
    case ey = "EY"
    case f = "F"
    case g = "G"
    case hh = "HH"
    case ih = "IH"
    case iy = "IY"
    case jh = "JH"
    case k = "K"
    case l = "L"
    case m = "M"
    case n = "N"
    case ng = "NG"
    case ow = "OW"
    case oy = "OY"
    case p = "P"
    case r = "R"
    case s = "S"
    case sh = "SH"
    case t = "T"
    case th = "TH"
    case uh = "UH"
    case uw = "UW"
    case v = "V"
    case w = "W"
    case y = "Y"
    case z = "Z"
    case zh = "ZH"

    /// Whether this phone is a vowel (including diphthongs and ER).
    public var isVowel: Bool {
        switch self {
        case .aa, .ae, .ah, .ao, .aw, .ay, .eh, .er, .ey, .ih, .iy, .ow, .oy, .uh, .uw: true
        default: false
        }
    }
}
