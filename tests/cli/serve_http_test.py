"""mastermind serve, end to end: the page's files, the JSON API's answers (games, refusals, rooms,
concurrent requests, bad bytes), options checked before it listens. The page itself is played in
a browser by tests/web/page_browser_test.py.

Usage: serve_http_test.py MASTERMIND
"""
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "helpers"))
from serve_process import start_serve, terminate_timed  # noqa: E402

MASTERMIND = sys.argv[1]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


servers = []  # every server started, killed at exit whatever happened


def start_server(*options):
    server, url = start_serve(MASTERMIND, *options)
    servers.append(server)
    return server, url


def stop_server(server):
    status, _, stopped = terminate_timed(server)
    if not stopped:
        check(False, "serve did not stop on SIGTERM within 10 s")
        return ""
    check(status == 0, f"serve exits 0 on SIGTERM (got {status})")
    return server.stderr.read()


def post(url, path, fields):
    """(status, the answer's JSON); bytes in `fields` are sent as they are (percent-encoded)."""
    data = urllib.parse.urlencode(fields).encode()
    try:
        with urllib.request.urlopen(url + path, data=data, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def timed_post(url, path, fields):
    began = time.monotonic()
    status, answer = post(url, path, fields)
    return status, answer, time.monotonic() - began


# A batch game where a count after one test uses its whole budget (2 s): 10^9 secrets to scan.
# The time depends on the secret: with seeds 1 and 2 (games g1 and g2 of `serve --seed 1`), 76
# million secrets fit and the count takes more than twice the budget without one (`mastermind
# play`; docs/performance.md, "`mastermind serve` under load").
LONG_GAME = {"game": "batch", "pegs": "9", "colours": "10", "batch": "9", "max": "20"}
LONG_TEST = " ".join(str(digit) * 9 for digit in range(9))  # 000000000 111111111 ... 888888888


def invalid_utf8_checks(url):
    """Bytes that are not UTF-8 in every field that an answer may echo: a 4xx or a 200 with a
    message, in JSON, never a 500 (nlohmann's dump threw type_error.316)."""
    bad = b"\xff\xfe\xc3"  # not UTF-8; the last byte starts a sequence that never ends
    cut = "a" + "\u00e9" * 15  # valid, 31 bytes: a message that clips it at 20 bytes must not cut a character
    _, ordinary = post(url, "api/new", {"game": "ordinary"})
    _, batch = post(url, "api/new", {"game": "batch", "pegs": "3", "colours": "4", "batch": "2", "max": "4"})
    cases = [("api/new", {"game": bad}), ("api/new", {"game": cut}), ("api/new", {"rules": bad}), ("api/new", {"pegs": bad}),
             ("api/new", {"colours": cut}), ("api/new", {"batch": bad}), ("api/new", {"max": bad}),
             ("api/play", {"id": bad, "action": "count"}), ("api/play", {"id": cut, "action": "count"})]
    for game in (ordinary, batch):
        cases += [("api/play", {"id": game["id"], "action": bad}),
                  ("api/play", {"id": game["id"], "action": "hint", "name": bad}),
                  ("api/play", {"id": game["id"], "action": "hint", "name": cut * 10})]
    cases += [("api/play", {"id": ordinary["id"], "action": "guess", "text": bad}),
              ("api/play", {"id": ordinary["id"], "action": "guess", "text": cut}),
              ("api/play", {"id": batch["id"], "action": "test", "text": bad + b" 012"}),
              ("api/play", {"id": batch["id"], "action": "challenge", "text": bad})]
    for path, fields in cases:
        try:
            status, answer = post(url, path, fields)
        except ValueError as e:  # the answer was not JSON
            status, answer = None, {"error": f"not JSON: {e}"}
        text = answer.get("error", "") + answer.get("message", "")
        check(status in (200, 400, 404) and text and "json.exception" not in text,
              f"{path} {fields}: bytes that are not UTF-8 are answered in JSON, not a 500 ({status} {answer})")


def room_checks():
    """--max-games: a finished game makes room first, then a game idle past --idle-seconds; a
    game in play and recently active is never dropped: the new game is refused with 503. Seeded,
    so that the guess 0011 wins none of the games (the secrets of seeds 1 to 4: 0445 5231 3204
    4414): a game it won would be finished, and dropped first."""
    server, url = start_server("--max-games", "3", "--seed", "1")
    for n in range(3):
        status, game = post(url, "api/new", {"game": "ordinary"})
        post(url, "api/play", {"id": game["id"], "action": "guess", "text": "0011"})
    status, answer = post(url, "api/new", {"game": "ordinary"})
    check(status == 503 and "the server holds 3 games in progress; try again later" in answer.get("error", ""),
          f"a new game past --max-games with every game in play: 503 ({status} {answer})")
    for game in ("g1", "g2", "g3"):
        status, answer = post(url, "api/play", {"id": game, "action": "count"})
        check(status == 200, f"{game}, in play, is kept when a new game is refused ({status} {answer})")
    post(url, "api/play", {"id": "g2", "action": "reveal"})
    status, game = post(url, "api/new", {"game": "ordinary"})
    check(status == 200 and game.get("id") == "g4", f"a finished game makes room for a new one ({status} {game})")
    status, answer = post(url, "api/play", {"id": "g2", "action": "count"})
    check(status == 404 and "finished games first" in answer.get("error", "") and "newer ones" not in answer.get("error", ""),
          f"the finished game is the one dropped, and the 404 says the policy ({status} {answer})")
    for game in ("g1", "g3", "g4"):
        status, answer = post(url, "api/play", {"id": game, "action": "count"})
        check(status == 200, f"{game}, in play, is kept when a finished game makes room ({status} {answer})")
    stop_server(server)

    server, url = start_server("--max-games", "2", "--idle-seconds", "1", "--seed", "1")
    post(url, "api/new", {"game": "ordinary"})
    post(url, "api/new", {"game": "ordinary"})
    time.sleep(1.5)
    post(url, "api/play", {"id": "g2", "action": "guess", "text": "0011"})
    status, game = post(url, "api/new", {"game": "ordinary"})
    check(status == 200 and game.get("id") == "g3", f"a game idle past --idle-seconds makes room ({status} {game})")
    status, _ = post(url, "api/play", {"id": "g1", "action": "count"})
    check(status == 404, f"the idle game is the one dropped (g1: {status})")
    status, _ = post(url, "api/play", {"id": "g2", "action": "count"})
    check(status == 200, f"the recently played game is kept (g2: {status})")
    stop_server(server)


def helper_checks(url):
    """The hint menu lists only the helpers that play the game; none for games no helper plays."""
    for fields, expected in [({"game": "batch", "pegs": "12", "colours": "16", "batch": "16", "max": "20"}, []),
                             ({"game": "batch", "rules": "adjacent", "pegs": "9", "colours": "10", "batch": "9", "max": "20"}, []),
                             (LONG_GAME, ["adaptive-split", "counts-then-locate", "case-analysis", "search-after-counts",
                                          "search-after-fast-counts"]),
                             ({"game": "batch", "pegs": "3", "colours": "4", "batch": "2", "max": "4"}, ["consistent", "adaptive-split"])]:
        status, game = post(url, "api/new", fields)
        check(status == 200 and game.get("helpers") == expected, f"helpers of {fields}: {expected} (got {status} {game.get('helpers')})")
        for name in game.get("helpers", []):
            status, state = post(url, "api/play", {"id": game["id"], "action": "hint", "name": name})
            check(status == 200 and "hint" in state and not state.get("message"), f"{name} gives a hint in {fields} ({state})")
        if expected == []:
            status, state = post(url, "api/play", {"id": game["id"], "action": "hint"})
            check(status == 200 and "hint" not in state and state.get("message"), f"no hint in {fields}, and why ({state})")
    status, game = post(url, "api/new", {"game": "ordinary", "pegs": "4", "colours": "6"})
    check(game.get("helpers", [None])[0] == "most-parts" and "tree" not in game.get("helpers", []),
          f"ordinary helpers: the best first, no tree ({game.get('helpers')})")
    for name in game.get("helpers", []):
        status, state = post(url, "api/play", {"id": game["id"], "action": "hint", "name": name})
        check(status == 200 and "hint" in state, f"{name} gives a hint in the 4x6 ordinary game ({state})")


def concurrency_checks():
    """A long request (a count using its whole budget) holds only its own game: another client's
    new game and moves are answered meanwhile, and SIGTERM ends the count and the server at once."""
    server, url = start_server("--seed", "1")
    for game in ("g1", "g2"):  # one long count each (a count that finished would be kept)
        status, state = post(url, "api/new", LONG_GAME)
        check(status == 200 and state.get("id") == game, f"the long game {game} ({status} {state})")
        status, state = post(url, "api/play", {"id": game, "action": "test", "text": LONG_TEST})
        check(status == 200 and not state.get("message"), f"the long game's test ({state.get('message')})")
    for long_id, stop in (("g1", False), ("g2", True)):
        answer = {}
        counting = threading.Thread(target=lambda: answer.update(
            result=timed_post(url, "api/play", {"id": long_id, "action": "count"}), ended=time.monotonic()))
        counting.start()
        time.sleep(0.3)
        if not stop:
            status, game, seconds = timed_post(url, "api/new", {"game": "ordinary"})
            check(status == 200 and seconds < 1, f"a new game while another game counts: {status} in {seconds:.2f} s")
            status, state, seconds = timed_post(url, "api/play", {"id": game.get("id"), "action": "guess", "text": "0011"})
            check(status == 200 and seconds < 1, f"a guess while another game counts: {status} in {seconds:.2f} s")
            answered = time.monotonic()
            counting.join()
            status, state, seconds = answer["result"]
            check("budget" in state.get("message", "") and seconds > 1.5, f"the count used its budget: {state} in {seconds:.2f} s")
            check(answered < answer["ended"], "the other client was answered before the count ended")
        else:
            exit_status, seconds, _ = terminate_timed(server)
            # The stop flag ends the count at once; without it the server waited for the budget.
            check(exit_status == 0 and seconds < 1, f"SIGTERM during a count: status 0 within 1 s (status {exit_status}, {seconds:.2f} s)")
            counting.join(timeout=30)
            result = answer.get("result")
            check(result is None or result[0] == 200, f"the count under way is answered or its connection closed ({result})")


def http_checks():
    # Every helper's hint is asked below, the exact searches of 4x6 among them: a request budget
    # of a minute lets them finish under the sanitizers too (the budget's own expiry is checked
    # by concurrency_checks, at the default 2 s).
    server, url = start_server("--seed", "41", "--request-seconds", "60")
    with urllib.request.urlopen(url, timeout=10) as page:
        html = page.read().decode()
    check("<title>Mastermind</title>" in html and 'id="board"' in html, "GET / serves the page")

    status, game = post(url, "api/new", {"game": "ordinary", "rules": "classic"})
    check(status == 200 and game["id"] == "g1" and game["pegs"] == 4 and game["colours"] == 6, f"a new ordinary game: {game}")
    check("secret" not in game and "seed" not in game, "no secret or seed before the game is over")
    for action, fields in [("guess", {"text": "0011"}), ("hint", {}), ("count", {})]:
        status, state = post(url, "api/play", {"id": "g1", "action": action, **fields})
        check(status == 200 and "secret" not in state and "seed" not in state, f"{action}: no secret while playing ({state})")
    check(state.get("count", 0) >= 1 and len(state["rows"]) == 1, f"count after one guess: {state}")
    status, state = post(url, "api/play", {"id": "g1", "action": "guess", "text": "9"})
    check(status == 200 and "not a guess" in state.get("message", "") and len(state["rows"]) == 1,
          f"a bad guess is refused and costs nothing: {state}")
    status, state = post(url, "api/play", {"id": "g1", "action": "reveal"})
    check(state["over"] and state["outcome"] == "gave up" and state["seed"] == "41", f"reveal ends the game: {state}")
    # The secret is the one `mastermind play --seed 41` hides (and `judge --game ordinary --seed 41`).
    played = subprocess.run([MASTERMIND, "play", "--seed", "41"], input="reveal\n", capture_output=True, text=True)
    check(f"The secret was {state['secret']}." in played.stdout, f"the page's game is play's game for the seed: {state['secret']} vs {played.stdout[-60:]!r}")
    status, state = post(url, "api/play", {"id": "g1", "action": "guess", "text": state["secret"]})
    check(state.get("message") == "the game is over" and len(state["rows"]) == 1, "no guess after the end")

    status, game = post(url, "api/new", {"game": "batch", "pegs": "3", "colours": "4", "batch": "2", "max": "4"})
    check(status == 200 and game["id"] == "g2" and game["batch"] == 2, f"a new batch game: {game}")
    status, state = post(url, "api/play", {"id": "g2", "action": "test", "text": "012 012"})
    check("earlier" in state.get("message", "") or "twice" in state.get("message", "") or "repeat" in state.get("message", ""),
          f"a repeated string in a test is refused: {state.get('message')}")

    for fields, what in [({"game": "chess"}, "game"), ({"rules": "odd"}, "rules"), ({"pegs": "-1"}, "pegs"),
                         ({"pegs": "0"}, "pegs"), ({"colours": "99999999999999999999"}, "colours"),
                         ({"pegs": "8", "colours": "16"}, "pegs x colours"), ({"pegs": "7", "colours": "8"}, "2097152 codes, more than")]:
        status, answer = post(url, "api/new", {"game": "ordinary", **fields})
        check(status == 400 and what in answer.get("error", ""), f"new game {fields}: 400 naming {what} ({status} {answer})")
    # Codes without repeated colours: the state says so, a guess with a colour twice is refused by
    # the game's own message, the batch game and a bad value refuse the field by its name.
    status, game = post(url, "api/new", {"game": "ordinary", "pegs": "4", "colours": "10", "distinct": "1"})
    check(status == 200 and game.get("distinct") is True, f"a game without repeated colours: {game}")
    status, state = post(url, "api/play", {"id": game["id"], "action": "guess", "text": "1123"})
    check("has '1' twice" in state.get("message", ""), f"a guess with a colour twice is refused: {state.get('message')}")
    status, state = post(url, "api/play", {"id": game["id"], "action": "guess", "text": "0123"})
    check(status == 200 and len(state["rows"]) == 1, f"a guess of distinct colours is played: {state}")
    for fields, what in [({"game": "batch", "distinct": "1"}, "distinct"), ({"distinct": "maybe"}, "distinct 'maybe'"),
                         ({"pegs": "5", "colours": "4", "distinct": "1"}, "at least 5 colours"),
                         ({"game": "bulls-and-cows", "distinct": "0"}, "no colour twice")]:
        status, answer = post(url, "api/new", {"game": "ordinary", **fields})
        check(status == 400 and what in answer.get("error", ""), f"new game {fields}: 400 naming {what} ({status} {answer})")
    status, answer = post(url, "api/play", {"id": "g99", "action": "count"})
    check(status == 404 and "g99" in answer["error"], f"an unknown game: 404 ({status} {answer})")
    status, answer = post(url, "api/play", {"id": "g2", "action": "fly"})
    check(status == 400 and "fly" in answer["error"], f"an unknown action: 400 ({status} {answer})")
    status, answer = post(url, "api/play", {"id": "g2", "action": "test", "text": "0" * 10000})
    check(status == 413, f"a request over 4 KiB is refused (got {status})")
    # The page's words, not the command line's; routes and methods it does not serve say so.
    status, answer = post(url, "api/new", {"game": "ordinary", "pegs": "9"})
    check(status == 400 and answer.get("error", "").startswith("pegs:") and "--pegs" not in answer["error"],
          f"the ordinary game's pegs named as the page names them ({status} {answer})")
    status, answer = post(url, "api/nosuch", {"x": "1"})
    check(status == 404 and "no such page" in answer.get("error", ""), f"an unknown route: 404 with a reason ({status} {answer})")
    try:
        with urllib.request.urlopen(url + "api/new", timeout=10) as response:
            status, answer = response.status, {}
    except urllib.error.HTTPError as e:
        status, answer = e.code, json.loads(e.read() or b"{}")
    check(status == 405 and "POST" in answer.get("error", ""), f"GET /api/new: 405 naming POST ({status} {answer})")
    invalid_utf8_checks(url)
    helper_checks(url)
    log = stop_server(server)
    check("game g1: ordinary game, classic rules, seed 41" in log and "seed 42" in log, f"each game's seed is logged: {log!r}")

    # Options are checked before the server starts.
    for options, what in [(["--port", "-1"], "--port"), (["--port", "70000"], "--port"), (["--port", "99999999999999999999999"], "--port"), (["--max-games", "0"], "--max-games"),
                          (["--max-games", "100001"], "--max-games"), (["--idle-seconds", "0"], "--idle-seconds"),
                          (["--request-seconds", "0"], "--request-seconds"), (["--request-seconds", "1e9"], "--request-seconds"),
                          (["--host", "no.such.host.invalid"], "no.such.host.invalid"), (["--seed", "-1"], "--seed"),
                          (["--host", ""], "--host"), (["--host", " "], "--host")]:
        try:
            # Any free port where the option is not the port: a server that should not start
            # would take no port of another's.
            port = [] if "--port" in options else ["--port", "0"]
            run = subprocess.run([MASTERMIND, "serve", *port, *options], capture_output=True, text=True, timeout=10)
        except subprocess.TimeoutExpired:  # it served
            check(False, f"serve {options}: refused before it listens (it listened)")
            continue
        check(run.returncode == 2 and what in run.stderr, f"serve {options}: status 2 naming {what} ({run.returncode} {run.stderr!r})")
    busy, busy_url = start_server()
    port = busy_url.rsplit(":", 1)[1].strip("/")
    run = subprocess.run([MASTERMIND, "serve", "--port", port], capture_output=True, text=True, timeout=30)
    check(run.returncode == 2 and port in run.stderr and "the port is in use" in run.stderr,
          f"a port in use: status 2 naming it and saying so ({run.returncode} {run.stderr!r})")
    stop_server(busy)


def site_checks():
    """Only the page's own files: a hidden file and links to files outside the folder are not
    served (the folder is a copy of the built page with such files added)."""
    import shutil
    import tempfile
    built = os.path.join(os.path.dirname(os.path.abspath(MASTERMIND)), "..", "web", "site")
    with tempfile.TemporaryDirectory(prefix="mastermind-site-") as folder:
        site = os.path.join(folder, "site")
        shutil.copytree(built, site)
        os.symlink("/etc/passwd", os.path.join(site, "passwd.html"))
        os.symlink("/etc", os.path.join(site, "etc"))
        with open(os.path.join(site, ".hidden"), "w") as f:
            f.write("hidden\n")
        server, url = start_server("--site", site)
        for path, expected in [("", 200), ("mastermind.wasm", 200), ("passwd.html", 404), ("etc/passwd", 404),
                               (".hidden", 404), ("%2e%2e/%2e%2e/etc/passwd", 404)]:
            try:
                with urllib.request.urlopen(url + path, timeout=10) as response:
                    status = response.status
            except urllib.error.HTTPError as e:
                status = e.code
            check(status == expected, f"GET /{path} from a site with links out: {expected} (got {status})")
        stop_server(server)


try:
    site_checks()
    http_checks()
    room_checks()
    concurrency_checks()
finally:
    for server in servers:
        if server.poll() is None:
            server.kill()
            server.wait()
if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("serve: checks passed")
