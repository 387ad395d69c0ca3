"""`mastermind serve` as the serve tests start and stop it: on the loopback, on a free port, and
stopped by SIGTERM with the time that took."""
import re
import subprocess
import sys
import time


def start_serve(mastermind, *options, stderr=subprocess.PIPE):
    """The server started with `options`, and its address (http://127.0.0.1:PORT/); the test
    ends when it prints none."""
    server = subprocess.Popen([mastermind, "serve", "--host", "127.0.0.1", "--port", "0", *options],
                              stdout=subprocess.PIPE, stderr=stderr, text=True)
    line = server.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    if not match:
        server.kill()
        sys.exit(f"serve printed no address: {line!r}")
    return server, match.group(1)


def terminate_timed(server, wait=10):
    """SIGTERM to the server: (its exit status, the seconds it took, whether it stopped by itself
    within `wait` s; else it is killed)."""
    signalled = time.monotonic()
    server.terminate()
    try:
        status = server.wait(timeout=wait)
        stopped = True
    except subprocess.TimeoutExpired:
        server.kill()
        status = server.wait()
        stopped = False
    return status, time.monotonic() - signalled, stopped
