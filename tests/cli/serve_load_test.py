"""mastermind serve under load, on the loopback only: players at once, idle sockets, a long request.

Usage: serve_load_test.py MASTERMIND [--clients N] [--seconds S]
  (defaults: 12 clients for 6 s; under MASTERMIND_SANITIZED=1, 6 clients for 5 s)
scripts/bench-serve.sh runs it longer (16 clients for 20 s) for docs/performance.md.

What it does, bounded in time and requests, and stopping by itself:
- N threads play ordinary 4x6 games by the server's hints and their guesses until won, a game
  after another, for S seconds (at most 10,000 requests each), over kept-alive connections;
- twice, 40 sockets send half a request and wait, while the page (GET /) is fetched;
- a long request (a batch count on 9/10/9 after a test, which uses its whole 2 s budget) runs
  while another client starts a game and plays in it;
- SIGTERM while a second long request is under way.
It checks: no game in play answered 404 (or refused with 503), the page within 1 s beside the
idle sockets, the other client answered within 1 s while the long request runs, the server's exit
within 2 s of SIGTERM with status 0. It prints the figures (games, moves, p50/p99 per move, page
time, the server's peak RSS).
"""
import argparse
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "helpers"))
from serve_process import start_serve, terminate_timed  # noqa: E402

SANITIZED = os.environ.get("MASTERMIND_SANITIZED") == "1"
parser = argparse.ArgumentParser()
parser.add_argument("mastermind")
parser.add_argument("--clients", type=int, default=6 if SANITIZED else 12)
parser.add_argument("--seconds", type=float, default=5 if SANITIZED else 6)
args = parser.parse_args()
HOST = "127.0.0.1"  # the loopback only
IDLE_SOCKETS = 40
MAX_REQUESTS = 10_000  # each client's, whatever the time
PAGE_SECONDS = 1.0
STOP_SECONDS = 2.0
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


# Seeded: the long games are g1 and g2, whose secrets make a long count (below).
server, url = start_serve(args.mastermind, "--seed", "1", stderr=subprocess.DEVNULL)
PORT = int(re.search(r":(\d+)/$", url).group(1))
start = time.monotonic()
deadline = start + args.seconds


class Client:
    """One kept-alive connection (opened again when the server closes it), as a browser tab."""

    def __init__(self, timeout=30):
        self.timeout = timeout
        self.connection = None

    def post(self, path, fields):
        body = urllib.parse.urlencode(fields).encode()  # one send with the headers (Nagle)
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(HOST, PORT, timeout=self.timeout)
            try:
                self.connection.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"})
                response = self.connection.getresponse()
                data = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
                return response.status, json.loads(data or b"{}")
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # The server closed a kept-alive connection between two requests (its limits):
                # the request was not read, and is sent again on a new connection.
                self.close()
                if attempt == 1:
                    raise

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


lock = threading.Lock()
stats = {"games": 0, "moves": [], "dropped": [], "refused": [], "errors": [], "requests": 0}
timeline = []  # (start, end) of every move of the players, for what was answered meanwhile


def player(number):
    client = Client()
    requests = 0
    try:
        while time.monotonic() < deadline and requests < MAX_REQUESTS:
            status, game = client.post("/api/new", {"game": "ordinary", "rules": "classic", "pegs": 4, "colours": 6})
            requests += 1
            if status != 200:
                with lock:
                    stats["refused" if status == 503 else "errors"].append((status, game))
                time.sleep(0.1)
                continue
            over = False
            while not over and requests < MAX_REQUESTS:
                # A game started is played to its end, even past the deadline (a few moves).
                for action in ("hint", "guess"):
                    fields = {"id": game["id"], "action": action}
                    if action == "guess":
                        fields["text"] = hint
                    began = time.monotonic()
                    status, state = client.post("/api/play", fields)
                    ended = time.monotonic()
                    requests += 1
                    with lock:
                        stats["moves"].append(ended - began)
                        timeline.append((began, ended))
                        if status == 404:
                            stats["dropped"].append(state.get("error"))
                        elif status != 200 or (action == "hint" and "hint" not in state):
                            stats["errors"].append((status, state))
                    if status != 200 or (action == "hint" and "hint" not in state):
                        over = True
                        break
                    if action == "hint":
                        hint = state["hint"]["code"]
                    elif state["over"]:
                        over = True
                        with lock:
                            stats["games"] += 1 if state["outcome"] == "won" else 0
                            if state["outcome"] != "won":
                                stats["errors"].append(("not won by the hints", state))
    except Exception as e:  # a failure of the server (reset, timeout) is the test's finding
        with lock:
            stats["errors"].append(("client", repr(e)))
    finally:
        with lock:
            stats["requests"] += requests
        client.close()


def page_seconds():
    began = time.monotonic()
    connection = http.client.HTTPConnection(HOST, PORT, timeout=30)
    connection.request("GET", "/")
    response = connection.getresponse()
    html = response.read().decode()
    connection.close()
    check(response.status == 200 and "<title>Mastermind</title>" in html, "GET / serves the page")
    return time.monotonic() - began


def idle_sockets():
    """IDLE_SOCKETS connections that send half a request and wait; the page time meanwhile."""
    sockets = []
    for _ in range(IDLE_SOCKETS):
        s = socket.create_connection((HOST, PORT), timeout=10)
        s.sendall(b"POST /api/play HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n")
        sockets.append(s)
    time.sleep(0.2)  # every worker that took one is waiting on it
    seconds = page_seconds()
    for s in sockets:
        s.close()
    return seconds


def long_game(client, expected_id):
    """A game whose count uses its whole budget: 9/10/9 after one test. With seeds 1 and 2 (the
    first two games of `serve --seed 1`) 76 million secrets fit, more than twice the budget to count
    without one (docs/performance.md, "`mastermind serve` under load"); each count gets a game of
    its own, as a count that finished would be kept."""
    status, game = client.post("/api/new", {"game": "batch", "pegs": 9, "colours": 10, "batch": 9, "max": 20})
    check(status == 200 and game.get("id") == expected_id, f"the 9/10/9 batch game {expected_id} ({status} {game})")
    test = " ".join(str(digit) * 9 for digit in range(9))  # 000000000 111111111 ... 888888888
    status, state = client.post("/api/play", {"id": game["id"], "action": "test", "text": test})
    check(status == 200 and not state.get("message"), f"the 9/10/9 game's test ({status} {state.get('message')})")
    return game["id"]


long_client, probe = Client(), Client()
long_ids = [long_game(long_client, "g1"), long_game(long_client, "g2")]
players = [threading.Thread(target=player, args=(i,)) for i in range(args.clients)]
for t in players:
    t.start()

# The page beside idle sockets, twice while the players play.
time.sleep(min(1.0, args.seconds / 4))
page_times = [idle_sockets()]
page_times.append(idle_sockets())
for seconds in page_times:
    check(seconds < PAGE_SECONDS, f"the page within {PAGE_SECONDS} s beside {IDLE_SOCKETS} idle sockets (took {seconds:.3f} s)")

# A long request, and another client's new game and move meanwhile.
long_answer = {}


def count(client, game_id, into):
    began = time.monotonic()
    into["answer"] = client.post("/api/play", {"id": game_id, "action": "count"})
    into["span"] = (began, time.monotonic())


long_thread = threading.Thread(target=count, args=(long_client, long_ids[0], long_answer))
long_thread.start()
time.sleep(0.3)
probe_times = []
for fields in [("/api/new", {"game": "ordinary"}), None]:
    began = time.monotonic()
    if fields:
        status, state = probe.post(*fields)
        probe_id = state.get("id")
    else:
        status, state = probe.post("/api/play", {"id": probe_id, "action": "guess", "text": "0011"})
    probe_times.append(time.monotonic() - began)
    check(status == 200, f"another client's request while the long one runs ({status} {state})")
probe_answered = time.monotonic()
long_thread.join()
status, state = long_answer["answer"]
long_span = long_answer["span"]
check(status == 200 and "budget" in state.get("message", ""), f"the long count uses its budget ({status} {state.get('message')})")
check(long_span[1] - long_span[0] > 1.5, f"the long count took {long_span[1] - long_span[0]:.2f} s")
check(all(t < 1.0 for t in probe_times) and probe_answered < long_span[1],
      f"another client answered within 1 s while the long count runs ({probe_times})")
with lock:
    during = [end - began for began, end in timeline if long_span[0] + 0.1 < began and end < long_span[1]]
check(len(during) > 0, "the players' moves were answered while the long count ran")

for t in players:
    t.join(timeout=args.seconds + 120)
check(not any(t.is_alive() for t in players), "every player stopped")

# The server's peak memory, then SIGTERM while a long count is under way.
with open(f"/proc/{server.pid}/status") as status_file:
    peak_kib = int(re.search(r"VmHWM:\s+(\d+) kB", status_file.read()).group(1))
long_answer = {}
long_thread = threading.Thread(target=count, args=(long_client, long_ids[1], long_answer))
long_thread.start()
time.sleep(0.3)
exit_status, stop_seconds, _ = terminate_timed(server)
long_thread.join(timeout=30)
check(stop_seconds < STOP_SECONDS and exit_status == 0,
      f"the server stops within {STOP_SECONDS} s of SIGTERM with status 0, a count under way (took {stop_seconds:.2f} s, status {exit_status})")

moves = sorted(stats["moves"])
percentile = lambda p: moves[min(len(moves) - 1, int(p * len(moves)))] * 1000 if moves else float("nan")
print(f"serve load: {args.clients} clients for {args.seconds:g} s{' (sanitized build)' if SANITIZED else ''}: "
      f"{stats['games']} games won, {len(moves)} moves ({stats['requests']} requests), "
      f"per move p50 {percentile(0.5):.2f} ms, p99 {percentile(0.99):.2f} ms, max {percentile(1.0):.1f} ms; "
      f"games in play dropped {len(stats['dropped'])}, refused {len(stats['refused'])}; "
      f"page beside {IDLE_SOCKETS} idle sockets {max(page_times) * 1000:.1f} ms; "
      f"another client during a long count {max(probe_times) * 1000:.1f} ms; "
      f"server peak RSS {peak_kib / 1024:.1f} MiB; stop on SIGTERM {stop_seconds * 1000:.0f} ms")
check(not stats["dropped"], f"no game in play dropped (404): {stats['dropped'][:3]}")
check(not stats["refused"], f"no new game refused (503): {stats['refused'][:3]}")
check(not stats["errors"], f"no failed request: {stats['errors'][:3]}")
check(stats["games"] >= args.clients, f"each client won games ({stats['games']} in all)")
if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("serve load: checks passed")
