#!/usr/bin/env python3
"""A small HTTP server on 127.0.0.1 for the HTTP handler tests (standard library only).

Prints its port on the first line of stdout, appends every request it receives to the JSON-lines
file given with --log (method, path, lower-cased headers, body as text), and exits when its
stdin closes, so it never outlives the test that started it.

Paths:
  /status/N          answers status N with {"error": "status N"}
  /slow?seconds=S    waits S seconds, then answers 200
  /reply             answers 200 with {"result": {"code": ..., "speech": ...}, "minutes": 5}
  /redirect/N        answers 302 to /redirect/N-1; /redirect/0 to /echo
  /redirect-away     answers 307 to the same server named as "localhost" (another origin)
  /big               answers 200 with 2 MiB of JSON
  anything else      answers 200 with {"ok": true}
"""

import argparse
import json
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def record(self, body):
        entry = {
            "method": self.command,
            "path": self.path,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": body.decode("utf-8", errors="replace"),
        }
        with LOCK, open(self.server.log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")

    def answer(self, status, payload, headers=None):
        data = json.dumps(payload).encode() if payload is not None else b""
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.record(body)
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        parts = url.path.strip("/").split("/")
        port = self.server.server_address[1]
        if parts[0] == "status" and len(parts) == 2:
            self.answer(int(parts[1]), {"error": "status " + parts[1]})
        elif parts[0] == "slow":
            time.sleep(float(query.get("seconds", ["5"])[0]))
            self.answer(200, {"ok": True})
        elif parts[0] == "reply":
            self.answer(
                200,
                {
                    "result": {"code": "failureLightBusy", "speech": "The hall light is busy."},
                    "minutes": 5,
                    "room": "hall",
                },
            )
        elif parts[0] == "redirect" and len(parts) == 2:
            left = int(parts[1])
            target = "/echo" if left == 0 else "/redirect/%d" % (left - 1)
            self.answer(302, None, {"Location": target})
        elif parts[0] == "redirect-away":
            self.answer(307, None, {"Location": "http://localhost:%d/echo" % port})
        elif parts[0] == "big":
            self.answer(200, {"data": "x" * (2 * 1024 * 1024)})
        else:
            self.answer(200, {"ok": True})

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that hangs up early (a capped or timed-out answer) is expected here.
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True)
    arguments = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    server.log_path = arguments.log
    print(server.server_address[1], flush=True)

    def stop_when_stdin_closes():
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
