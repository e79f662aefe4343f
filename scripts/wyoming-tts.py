"""A Wyoming text-to-speech service on the `wyoming` package, speaking with espeak-ng: the peer
the satellite tests give `tts: {uri}` (Piper cannot be installed without downloading voices).

Usage: wyoming-tts.py tcp://127.0.0.1:PORT LOGFILE  (each text synthesized is appended to LOGFILE)
"""

import asyncio
import os
import subprocess
import sys
import tempfile
import wave
from functools import partial

from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.event import Event
from wyoming.server import AsyncEventHandler, AsyncServer
from wyoming.tts import Synthesize


class Handler(AsyncEventHandler):
    def __init__(self, log: str, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.log = log

    async def handle_event(self, event: Event) -> bool:
        if not Synthesize.is_type(event.type):
            return True
        text = Synthesize.from_event(event).text
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "speech.wav")
            # The text is one argument: never a shell.
            subprocess.run(["espeak-ng", "-w", path, "--", text], check=True)
            with wave.open(path, "rb") as wav:
                rate, width, channels = wav.getframerate(), wav.getsampwidth(), wav.getnchannels()
                frames = wav.readframes(wav.getnframes())
        await self.write_event(AudioStart(rate=rate, width=width, channels=channels).event())
        step = 1024 * width * channels
        for start in range(0, len(frames), step):
            chunk = AudioChunk(rate=rate, width=width, channels=channels, audio=frames[start : start + step])
            await self.write_event(chunk.event())
        await self.write_event(AudioStop().event())
        with open(self.log, "a", encoding="utf-8") as log:
            log.write(text + "\n")
        return True


async def main() -> None:
    server = AsyncServer.from_uri(sys.argv[1])
    await server.run(partial(Handler, sys.argv[2]))


if __name__ == "__main__":
    asyncio.run(main())
