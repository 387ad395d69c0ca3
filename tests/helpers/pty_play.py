#!/usr/bin/env python3
"""Plays `mastermind play` through a pseudo-terminal as a person would, for tests/cli/people_cli_test.sh.

Usage: pty_play.py MASTERMIND TRANSCRIPT BAD_INPUT... -- [ARGS...]
Types the bad inputs (each must be answered with a new prompt) and `count`, then asks for a hint
and plays it, turn after turn, until the game is won or 12 turns pass (a batch game's hint is a
test or a challenge). Writes everything the program showed (escape sequences included) to
TRANSCRIPT and exits with the program's exit status. Each step waits for the prompt, so a missing
prompt is a timeout (status 3).
"""
import os
import pty
import re
import select
import sys
import time

binary, transcript_path, *rest = sys.argv[1:]
split = rest.index("--")
bad_inputs, args = rest[:split], rest[split + 1:]
pid, fd = pty.fork()
if pid == 0:
    os.execv(binary, [binary, "play", *args])

shown = b""


def read_until(pattern, timeout=20.0):
    """Reads until `pattern` (bytes regex) appears after what was already consumed; returns the new text."""
    global shown
    start = len(shown)
    deadline = time.monotonic() + timeout
    while not re.search(pattern, shown[start:]):
        left = deadline - time.monotonic()
        if left <= 0:
            open(transcript_path, "wb").write(shown)
            sys.exit(3)
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            shown += chunk
    return shown[start:]


def type_line(text):
    os.write(fd, text.encode() + b"\r")


prompt = rb"(guess|test) \d+ of \d+> "
read_until(prompt)
for bad in (*bad_inputs, "count"):
    type_line(bad)
    read_until(prompt)
won = False
for turn in range(12):
    type_line("hint")
    got = read_until(prompt)
    hint = re.search(rb"Hint \([a-z-]+\): (.*)", got)
    if not hint:
        break
    # The hint is drawn as coloured pegs: keep the symbols (and a batch test's spaces) only.
    plain = re.sub(rb"\x1b\[[0-9;]*m", b"", hint.group(1)).decode().strip()
    if plain.startswith("test "):
        typed = plain[len("test "):]
    elif plain.startswith("challenge "):
        typed = plain
    else:
        typed = "".join(re.findall(r"[0-9A-F]", plain))
    type_line(typed)
    got = read_until(prompt + b"|You won|Out of guesses|Accepted:|Wrong answer")
    if b"You won" in got or b"Accepted:" in got:
        won = True
        break
if not won:
    type_line("reveal")
    read_until(rb"The secret was")
try:
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        shown += chunk
except OSError:
    pass
_, status = os.waitpid(pid, 0)
open(transcript_path, "wb").write(shown)
sys.exit(os.waitstatus_to_exitcode(status))
