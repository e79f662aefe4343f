"""Aligns incant's utterances with the programme by time and counts commands recognized, wrong,
missed and false accepts.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from audio import RATE
from library import COMMAND_KINDS
from programme import Segment

def value_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass
class Score:
    commands: dict = field(default_factory=dict)  # kind -> counters
    false_accepts: dict = field(default_factory=dict)  # kind -> count
    segments_by_kind: dict = field(default_factory=dict)
    seconds_by_kind: dict = field(default_factory=dict)
    utterances: int = 0
    accepted: int = 0
    aligned_to_commands: int = 0
    extra_accepts_on_commands: int = 0
    conversations: int = 0
    # Questions about what was heard ("Did you say …?", "on or off?"), by how they ended, and
    # answers that were a new command instead (the question dropped, the command heard).
    questions: dict = field(default_factory=dict)  # "unconfirmed" / "uncertain" -> resolution -> count
    new_commands: int = 0
    # With a wake phrase: wake-ups (the phrase heard alone, or a command let through) in segments
    # that hold no command, and command segments where only "no wake word" was heard.
    false_wake_ups: dict = field(default_factory=dict)  # kind -> count
    missed_wake_ups: int = 0
    examples: dict = field(default_factory=dict)
    by_voice: dict = field(default_factory=dict)


def score(segments: list[Segment], lines: list[dict], audio_end: int) -> Score:
    result = Score()
    starts = [segment.start for segment in segments]
    attributed: dict[int, list[dict]] = {}
    for line in lines:
        heard = line["heard"]
        begin = int(float(heard.get("speechStart", heard["start"])) * RATE)
        end = int(float(heard.get("speechEnd", heard["end"])) * RATE)
        end = max(end, begin + 1)
        # The segment with the largest overlap; non-silence wins over silence at equal overlap.
        index = max(0, bisect.bisect_right(starts, begin) - 1)
        best, best_overlap = None, -1
        while index < len(segments) and segments[index].start < end:
            segment = segments[index]
            overlap = min(end, segment.end) - max(begin, segment.start)
            rank = overlap + (1 if segment.kind != "silence" else 0)
            if overlap > 0 and rank > best_overlap:
                best, best_overlap = index, rank
            index += 1
        if best is None:
            best = max(0, bisect.bisect_right(starts, begin) - 1)
        attributed.setdefault(best, []).append(line)
        result.utterances += 1
        if line.get("accepted"):
            result.accepted += 1
        if line.get("conversation"):
            result.conversations += 1
            result.new_commands += sum(1 for answer in line["conversation"] if answer.get("newCommand"))
        for asked in ("unconfirmed", "uncertain"):
            # The turn's line (the line printed before asking has no resolution).
            if asked in line and "resolution" in line:
                ended = result.questions.setdefault(asked, {})
                ended[line["resolution"]] = ended.get(line["resolution"], 0) + 1

    def example(name, segment, line):
        bucket = result.examples.setdefault(name, [])
        if len(bucket) < 15:
            bucket.append(
                {
                    "at": round(segment.start / RATE, 2),
                    "kind": segment.kind,
                    "piece": segment.label,
                    "expected": segment.sentence.text if segment.sentence else None,
                    "transcript": line.get("transcript") if line else None,
                    "shortcut": line.get("shortcut") if line else None,
                    "parameters": line.get("parameters") if line else None,
                }
            )

    for index, segment in enumerate(segments):
        if segment.end > audio_end:
            break
        result.segments_by_kind[segment.kind] = result.segments_by_kind.get(segment.kind, 0) + 1
        result.seconds_by_kind[segment.kind] = result.seconds_by_kind.get(segment.kind, 0.0) + segment.length / RATE
        heard = attributed.get(index, [])
        accepted = [line for line in heard if line.get("accepted")]
        if segment.kind in COMMAND_KINDS:
            counters = result.commands.setdefault(
                segment.kind, {"expected": 0, "correct": 0, "wrong": 0, "rejected": 0, "not_heard": 0}
            )
            voice = result.by_voice.setdefault(segment.label.split(",")[0], {"expected": 0, "correct": 0})
            counters["expected"] += 1
            voice["expected"] += 1
            if heard:
                result.aligned_to_commands += 1
            expected = segment.sentence

            def correct(line):
                if line.get("shortcut") != expected.shortcut:
                    return False
                parameters = line.get("parameters") or {}
                return all(
                    name in parameters and value_text(parameters[name]) == value
                    for name, value in expected.parameters.items()
                )

            if any(correct(line) for line in accepted):
                counters["correct"] += 1
                voice["correct"] += 1
                result.extra_accepts_on_commands += len(accepted) - 1
            elif accepted:
                counters["wrong"] += 1
                example("wrong", segment, accepted[0])
            elif heard:
                counters["rejected"] += 1
                example("rejected", segment, heard[0])
            else:
                counters["not_heard"] += 1
                example("not heard", segment, None)
            if heard and all(line.get("ignored") for line in heard):
                result.missed_wake_ups += 1
        else:
            for line in accepted:
                result.false_accepts[segment.kind] = result.false_accepts.get(segment.kind, 0) + 1
                example("false accept", segment, line)
            for line in heard:
                if "wakeWord" in line or not line.get("ignored"):
                    result.false_wake_ups[segment.kind] = result.false_wake_ups.get(segment.kind, 0) + 1
                    if "wakeWord" in line:
                        example("false wake-up", segment, line)
    return result


# ---------------------------------------------------------------------------------------------
