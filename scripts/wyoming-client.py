#!/usr/bin/env python3
"""A Wyoming client built on the PyPI `wyoming` package (AsyncTcpClient), to drive `incant serve`
as Home Assistant would. Run it with the project's venv (scripts/setup-wyoming.sh):

    vendor/venv/bin/python scripts/wyoming-client.py --uri tcp://127.0.0.1:10700 describe
    ... transcribe FILE.wav...         # transcribe + audio-start/chunks/stop, in real time with --real-time
                                       # (several files: one stream each, each line with its "file")
    ... understand FILE.wav...         # transcribe, then the transcript's intent: one line per file,
                                       # {"file", "transcript", "accepted", "shortcut", "parameters"}
    ... recognize "order a pizza"      # intent
    ... handle "order a pizza"         # handled / not-handled
    ... malformed                      # bad and truncated frames on other connections; this one still served
    ... --token-file FILE describe     # present the token of `incant serve --token-file` first (an "auth" event)
    ... bench FILE.wav... --streams 10 --rounds 3   # concurrent real-time streams, latency percentiles

Every event received is printed as one JSON object per line: {"type", "data"} (bench prints one
summary object).
"""

import argparse
import asyncio
import json
import os
import random
import sys
import time
import wave

from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.client import AsyncTcpClient
from wyoming.event import Event, async_read_event
from wyoming.handle import Handled, NotHandled
from wyoming.info import Describe, Info
from wyoming.intent import Intent, NotRecognized, Recognize

# Seconds to wait for an answer; WYOMING_CLIENT_TIMEOUT overrides (a loaded machine's backlog).
TIMEOUT = float(os.environ.get("WYOMING_CLIENT_TIMEOUT", "300"))


def host_port(uri):
    rest = uri.removeprefix("tcp://")
    host, _, port = rest.rpartition(":")
    return host.strip("[]"), int(port)


def show(event, file=None):
    shown = {"type": event.type, "data": event.data}
    if file is not None:
        shown["file"] = file
    print(json.dumps(shown, sort_keys=True), flush=True)


async def until(client, *kinds):
    """Reads events until one of the given kinds (or an error); returns it."""
    while True:
        event = await asyncio.wait_for(client.read_event(), TIMEOUT)
        if event is None:
            raise ConnectionError("the server closed the connection")
        if event.type == "error" or any(kind.is_type(event.type) for kind in kinds):
            return event


def read_wav(path):
    with wave.open(path, "rb") as wav:
        return wav.getframerate(), wav.getsampwidth(), wav.getnchannels(), wav.readframes(wav.getnframes())


async def stream(client, path, real_time, chunk_ms=20):
    """Sends a WAV as transcribe + audio; returns (transcript event, seconds from audio-stop to it)."""
    rate, width, channels, audio = read_wav(path)
    await client.write_event(Transcribe(language="en").event())
    await client.write_event(AudioStart(rate=rate, width=width, channels=channels).event())
    step = rate * chunk_ms // 1000 * width * channels
    start = time.monotonic()
    for index, offset in enumerate(range(0, len(audio), step)):
        chunk = AudioChunk(rate=rate, width=width, channels=channels, audio=audio[offset : offset + step])
        await client.write_event(chunk.event())
        if real_time:
            delay = start + (index + 1) * chunk_ms / 1000 - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
    await client.write_event(AudioStop().event())
    stopped = time.monotonic()
    event = await until(client, Transcript)
    return event, time.monotonic() - stopped


async def single(args):
    host, port = host_port(args.uri)
    async with AsyncTcpClient(host, port) as client:
        if args.token_file:
            with open(args.token_file, encoding="utf-8") as file:
                await client.write_event(Event(type="auth", data={"token": file.read().strip()}))
        if args.command == "describe":
            await client.write_event(Describe().event())
            show(await until(client, Info))
        elif args.command == "transcribe":
            # One stream after another on this connection; several files: each line names its file.
            files = [args.argument] + args.files
            for path in files:
                event, _ = await stream(client, path, args.real_time)
                show(event, path if len(files) > 1 else None)
        elif args.command == "understand":
            # As Home Assistant's pipeline: speech to text, then the text to an intent.
            for path in [args.argument] + args.files:
                event, _ = await stream(client, path, args.real_time)
                text = event.data.get("text", "") if event.type == "transcript" else ""
                shown = {"file": path, "transcript": text, "accepted": False}
                if text:
                    await client.write_event(Recognize(text=text).event())
                    intent = await until(client, Intent, NotRecognized)
                    if intent.type == "intent":
                        entities = intent.data.get("entities") or []
                        shown.update(
                            accepted=True,
                            shortcut=intent.data.get("name"),
                            parameters={entity["name"]: entity.get("value") for entity in entities},
                        )
                print(json.dumps(shown, sort_keys=True), flush=True)
        elif args.command == "recognize":
            await client.write_event(Recognize(text=args.argument).event())
            show(await until(client, Intent, NotRecognized))
        elif args.command == "handle":
            await client.write_event(Transcript(text=args.argument).event())
            show(await until(client, Handled, NotHandled))


async def raw_exchange(host, port, data, half_close):
    """Sends raw bytes on a new connection; returns the events read until the server closes it."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(data)
    await writer.drain()
    if half_close:
        writer.write_eof()
    events = []
    while True:
        event = await asyncio.wait_for(async_read_event(reader), TIMEOUT)
        if event is None:
            break
        events.append({"type": event.type, "data": event.data})
    writer.close()
    return events


async def malformed(args):
    host, port = host_port(args.uri)
    async with AsyncTcpClient(host, port) as good:
        await good.write_event(Describe().event())
        before = await until(good, Info)
        results = {"before": before.type}
        results["not-json"] = await raw_exchange(host, port, b"this is not json\n", False)
        results["wrong-length"] = await raw_exchange(
            host, port, b'{"type": "audio-chunk", "payload_length": -5}\n', False
        )
        results["oversized"] = await raw_exchange(
            host, port, b'{"type": "audio-chunk", "payload_length": 999999999}\n', False
        )
        results["truncated"] = await raw_exchange(
            host, port, b'{"type": "audio-chunk", "payload_length": 100}\n' + bytes(10), True
        )
        results["long-header"] = await raw_exchange(host, port, b"{" + b" " * 70000, False)
        # The header alone: payload bytes the server never reads would make its close a reset,
        # which can overtake the error event it sent.
        results["payload-over-limit"] = await raw_exchange(
            host, port, b'{"type": "audio-chunk", "payload_length": 4194305}\n', False
        )
        await good.write_event(Recognize(text=args.argument or "hello").event())
        after = await until(good, Intent, NotRecognized)
        results["after"] = after.type
        print(json.dumps(results, sort_keys=True), flush=True)


async def bench(args):
    host, port = host_port(args.uri)
    durations = [len(read_wav(path)[3]) / (read_wav(path)[0] * read_wav(path)[1] * read_wav(path)[2]) for path in args.files]
    latencies = []
    texts = {}

    async def one_stream(index):
        rng = random.Random(index)
        # Streams start at staggered moments, as people do not all speak at once.
        await asyncio.sleep(rng.uniform(0, max(durations)))
        async with AsyncTcpClient(host, port) as client:
            for round_ in range(args.rounds):
                path = args.files[(index + round_) % len(args.files)]
                event, latency = await stream(client, path, True)
                latencies.append(latency)
                texts.setdefault(path, set()).add(event.data.get("text", "<error>") if event.type == "transcript" else "<error>")

    started = time.monotonic()
    await asyncio.gather(*(one_stream(index) for index in range(args.streams)))
    latencies.sort()

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(round(p / 100 * (len(latencies) - 1))))]

    print(
        json.dumps(
            {
                "streams": args.streams,
                "utterances": len(latencies),
                "p50_ms": round(percentile(50) * 1000),
                "p95_ms": round(percentile(95) * 1000),
                "max_ms": round(latencies[-1] * 1000),
                "wall_s": round(time.monotonic() - started, 1),
                "transcripts": {path: sorted(found) for path, found in texts.items()},
            },
            sort_keys=True,
        ),
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--uri", default="tcp://127.0.0.1:10700")
    parser.add_argument("--real-time", action="store_true", help="send audio no faster than it plays")
    parser.add_argument("--token-file", help="send the token in this file first, in an auth event")
    parser.add_argument("--streams", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("command", choices=["describe", "transcribe", "understand", "recognize", "handle", "malformed", "bench"])
    parser.add_argument("argument", nargs="?")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if args.command == "bench":
        args.files = [args.argument] + args.files
        asyncio.run(bench(args))
    elif args.command == "malformed":
        asyncio.run(malformed(args))
    else:
        asyncio.run(single(args))


if __name__ == "__main__":
    sys.exit(main())
