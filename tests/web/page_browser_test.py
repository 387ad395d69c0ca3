"""The page of web/ in a real browser (Debian's chromium, driven by Selenium through chromedriver),
loaded from a plain static file server on the loopback (no engine process anywhere: the engine is
the page's WebAssembly), from `mastermind serve`, and as one file opened from disk. A person's games, played by clicks and keys:
the ordinary game won under each rule, Bulls and Cows won by hints, a batch game won by hints, a
refused hint, a cancelled long hint and count (the game replayed into a new engine), the optimal 4x6 tree
explored, a finished board saved as SVG, the page at a phone's width. Every answer the page shows
is checked against `mastermind score`.

Usage: page_browser_test.py MASTERMIND SITE [SCREENSHOT_DIR]
Exit 77 (ctest: skipped) when chromium, chromedriver or Selenium is missing, unless
MASTERMIND_REQUIRE_BROWSER=1 (scripts/test.sh installs them and sets it): then a failure.
"""
import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "helpers"))
from serve_process import start_serve, terminate_timed  # noqa: E402

MASTERMIND, SITE = sys.argv[1], sys.argv[2]
SHOTS = sys.argv[3] if len(sys.argv) > 3 else None
failures = []
if not os.path.isfile(os.path.join(SITE, "mastermind.wasm")):
    sys.exit(f"page_browser_test: {SITE} holds no page: bash scripts/build-web.sh builds it")


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def secret_of(seed, options):
    """The secret `mastermind play` hides for this seed and game: the page's, by the same seed."""
    run = subprocess.run([MASTERMIND, "play", "--seed", str(seed), *options], input="reveal\n",
                         capture_output=True, text=True, timeout=60)
    match = re.search(r"The secret was (\w+)\.", run.stdout)
    if not match:
        sys.exit(f"play --seed {seed} {options} revealed no secret: {run.stdout[-200:]!r}")
    return match.group(1)


def scores(rules, pairs):
    """`mastermind score`'s answers to (target, guess) pairs of digits (letters: 0 -> A)."""
    letters = lambda code: "".join(chr(ord("A") + int(c, 16)) for c in code)
    lines = "".join(f"{letters(t)} {letters(g)}\n" for t, g in pairs)
    run = subprocess.run([MASTERMIND, "score", "--rules", rules], input=lines, capture_output=True,
                         text=True, timeout=60)
    check(run.returncode == 0, f"mastermind score: {run.stderr}")
    answers = []
    for line in run.stdout.splitlines():
        counts = dict((word, int(n)) for n, word in re.findall(r"(\d+) (black|grey|white)", line))
        answers.append((counts.get("black", 0), counts.get("grey", 0), counts.get("white", 0)))
    return answers


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def static_server():
    """A plain file server of the site on a free loopback port, in this process."""
    handler = functools.partial(QuietHandler, directory=SITE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser_parts():
    chromium = shutil.which("chromium")
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        webdriver = None
    if not chromium or not os.path.exists(driver_path) or webdriver is None:
        message = "page_browser_test: chromium, chromedriver or python3-selenium is missing (scripts/install-deps.sh suite)"
        if os.environ.get("MASTERMIND_REQUIRE_BROWSER") == "1":
            sys.exit(message)
        print(message + "; skipped", file=sys.stderr)
        sys.exit(77)
    return chromium, driver_path, webdriver, Service


class Page:
    """The page in one browser, with the steps a person takes."""

    def __init__(self, driver, url):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
        self.d, self.By = driver, By
        self.wait = WebDriverWait(driver, 60)
        began = time.monotonic()
        driver.get(url)
        # The first game is set up as soon as the engine is ready.
        self.wait.until(lambda d: self.el("summary").text.startswith("Mastermind"))
        self.ready_ms = driver.execute_script("return window.mastermindReadyMs")
        self.load_s = time.monotonic() - began

    def el(self, name):
        return self.d.find_element(self.By.ID, name)

    def idle(self):
        self.wait.until(lambda d: not self.el("busy").is_displayed())

    def new_game(self, game="ordinary", rules="classic", seed=None, **sizes):
        from selenium.webdriver.support.ui import Select
        Select(self.el("game")).select_by_value(game)
        Select(self.el("rules")).select_by_value(rules)
        for name in ["pegs", "colours", "max", "batch"]:
            field = self.el(name)
            if field.is_displayed():
                field.clear()
                if name in sizes:
                    field.send_keys(str(sizes[name]))
        distinct = self.el("distinct")
        if distinct.is_displayed() and distinct.is_selected() != bool(sizes.get("distinct")):
            distinct.click()
        self.el("seed").clear()
        if seed is not None:
            self.el("seed").send_keys(str(seed))
        before = self.d.execute_script("return document.getElementById('summary').textContent")
        self.d.execute_script("document.getElementById('summary').textContent = ''")
        self.el("new-game").click()
        self.idle()
        self.wait.until(lambda d: self.el("summary").text or self.el("status").text)
        return before

    def rows(self):
        return self.d.find_elements(self.By.CSS_SELECTOR, "#board .row")

    def click_guess(self, code):
        """Places `code` peg by peg from the palette and guesses it."""
        n = len(self.rows())
        for symbol in code:
            self.d.find_element(self.By.CSS_SELECTOR, f'#palette button[data-colour="{int(symbol, 16)}"]').click()
        self.el("guess").click()
        self.idle()
        self.wait.until(lambda d: len(self.rows()) == n + 1 or self.el("result").is_displayed())

    def type_guess(self, code):
        """The same with the keyboard: the symbols, Enter."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        n = len(self.rows())
        self.d.find_element(self.By.TAG_NAME, "body").click()
        ActionChains(self.d).send_keys(code).send_keys(Keys.ENTER).perform()
        self.idle()
        self.wait.until(lambda d: len(self.rows()) == n + 1)

    def board(self):
        """[(code, black, grey, white)] as the page shows them (read in one call to the page)."""
        rows = self.d.execute_script("""
            return [...document.querySelectorAll('#board .row')].map((row) => {
                const a = row.querySelector('.answer');
                const drawn = (kind) => row.querySelectorAll('.key.' + kind).length;
                return [row.dataset.code, +a.dataset.black, +a.dataset.grey, +a.dataset.white,
                        drawn('black'), drawn('grey'), drawn('white')];
            });""")
        for row in rows:
            check(tuple(row[4:]) == tuple(row[1:4]), f"the key pegs drawn are the answer: {row}")
        return [tuple(row[:4]) for row in rows]

    def hint(self, name=None):
        from selenium.webdriver.support.ui import Select
        if name:
            Select(self.el("helper")).select_by_value(name)
        self.d.execute_script("document.getElementById('hint-result').textContent = ''")
        self.el("hint").click()
        self.idle()
        self.wait.until(lambda d: self.el("hint-result").text)
        return self.el("hint-result").text


def check_answers(page, rules, secret, what):
    board = page.board()
    expected = scores(rules, [(secret, code) for code, *_ in board])
    check([tuple(b[1:]) for b in board] == expected,
          f"{what}: every answer on the page is mastermind score's ({board} vs {expected})")


def won(page, secret, guesses, what):
    check(page.el("result").is_displayed(), f"{what}: the game is over")
    check(page.el("outcome").text.startswith(f"You won in {guesses}"), f"{what}: the win is shown ({page.el('outcome').text!r})")
    check(page.el("secret").text == secret, f"{what}: the secret shown is {secret} ({page.el('secret').text!r})")
    check("--seed" in page.el("replay").text, f"{what}: the replay command names the seed ({page.el('replay').text!r})")
    check(not page.el("ordinary-input").is_displayed(), f"{what}: no guess after the end")


def ordinary_by_clicks(page, rules, seed):
    what = f"ordinary 4x6 {rules} by clicks"
    page.new_game("ordinary", rules, seed)
    secret = secret_of(seed, ["--rules", rules])
    page.click_guess("0011")
    page.type_guess("2345")
    # A take-back: a peg placed and clicked away leaves the guess unchanged.
    page.d.find_element(page.By.CSS_SELECTOR, '#palette button[data-colour="5"]').click()
    page.d.find_element(page.By.CSS_SELECTOR, '#slots .slot[data-index="0"]').click()
    check(len(page.d.find_elements(page.By.CSS_SELECTOR, "#slots .slot .peg")) == 0, f"{what}: a placed peg is taken back")
    # A guess too short is refused without a row.
    page.d.find_element(page.By.CSS_SELECTOR, '#palette button[data-colour="1"]').click()
    page.el("guess").click()
    check("to place" in page.el("status").text and len(page.rows()) == 2, f"{what}: a short guess is refused ({page.el('status').text!r})")
    page.el("clear").click()
    if secret not in ("0011", "2345"):
        page.click_guess(secret)
    guesses = len(page.rows())
    won(page, secret, guesses, what)
    check_answers(page, rules, secret, what)
    # The finished board as SVG: the file the button saves holds the secret.
    page.d.execute_script("""
        window.savedSvg = null;
        const made = URL.createObjectURL;
        URL.createObjectURL = (blob) => { blob.text().then((t) => { window.savedSvg = t; }); return made(blob); };""")
    page.el("save-svg").click()
    page.wait.until(lambda d: d.execute_script("return window.savedSvg"))
    svg = page.d.execute_script("return window.savedSvg")
    check(svg.lstrip().startswith("<?xml") and "<svg" in svg and secret in svg, f"{what}: the saved SVG shows the board and secret")
    return page.board()


def bulls_and_cows_by_hints(page, seed):
    what = "Bulls and Cows by hints"
    page.new_game("bulls-and-cows", "classic", seed)
    secret = secret_of(seed, ["--game", "bulls-and-cows"])
    while not page.el("result").is_displayed():
        text = page.hint()
        check(re.fullmatch(r"[\w-]+ plays \d{4}\.", text), f"{what}: a hint names a guess ({text!r})")
        if len(page.rows()) == 1:
            # Why the hint: the parts of the codes still possible add up to the count.
            page.el("count").click()
            page.idle()
            count = int(re.match(r"(\d+) codes fit", page.el("count-result").text).group(1))
            sizes = [int(r.find_elements(page.By.TAG_NAME, "td")[1].text)
                     for r in page.d.find_elements(page.By.CSS_SELECTOR, "#partition tr.part")]
            check(sum(sizes) == count and len(sizes) > 1, f"{what}: the partition covers the {count} codes ({sizes})")
        page.el("use-hint").click()
        page.el("guess").click()
        page.idle()
        check(len(page.rows()) <= 7, f"{what}: within 7 guesses")
        if len(page.rows()) > 7:
            return
    won(page, secret, len(page.rows()), what)
    check_answers(page, "classic", secret, what)
    codes = [row[0] for row in page.board()]
    check(all(len(set(c)) == 4 for c in codes), f"{what}: no colour twice in a guess ({codes})")


def batch_by_hints(page, seed):
    what = "batch 3/4/2 by hints"
    page.new_game("batch", "classic", seed, pegs=3, colours=4, batch=2, max=4)
    check(page.el("batch-input").is_displayed() and not page.el("ordinary-input").is_displayed(), f"{what}: the test entry is shown")
    for _ in range(6):
        if page.el("result").is_displayed():
            break
        text = page.hint()
        page.el("use-hint").click()
        if " answers " in text:
            page.el("send-challenge").click()
        else:
            before = len(page.rows())
            page.el("send-test").click()
            page.idle()
            page.wait.until(lambda d: len(page.rows()) == before + 1)
            answers = re.findall(r"\((\d),(\d)\)", page.rows()[-1].find_element(page.By.CSS_SELECTOR, ".batch-answers").text)
            strings = page.rows()[-1].get_attribute("data-strings").split()
            check(len(answers) == 2 and len(strings) == 2, f"{what}: two strings and two answers a test")
        page.idle()
    check(page.el("outcome").text.startswith("You won"), f"{what}: won ({page.el('outcome').text!r})")
    secret = page.el("secret").text
    # The answers are shuffled: as multisets they are the scores of the strings.
    for row in page.rows():
        strings = row.get_attribute("data-strings").split()
        shown = sorted((int(h), 0, int(b)) for h, b in re.findall(r"\((\d),(\d)\)", row.find_element(page.By.CSS_SELECTOR, ".batch-answers").text))
        check(shown == sorted(scores("classic", [(secret, s) for s in strings])), f"{what}: a test's answers are mastermind score's")


def refusals(page):
    # A game the page cannot hold: refused with the reason, the game in play kept.
    page.new_game("ordinary", "classic", 1, pegs=8, colours=8)
    check("16777216 codes" in page.el("status").text, f"8x8 is refused with its size ({page.el('status').text!r})")
    # A hint no strategy gives quickly: the 9/10/9 batch game after a test of one's own.
    page.new_game("batch", "classic", 5)
    page.el("test-input").send_keys(" ".join(str(d) * 9 for d in range(9)))
    page.el("send-test").click()
    page.idle()
    page.wait.until(lambda d: len(page.rows()) == 1)
    text = page.hint()
    check(text.startswith("No hint:") and "still fit" in text, f"a refused hint says why ({text!r})")
    # A codebreaker that gives no hints in a game is listed with why.
    page.new_game("ordinary", "classic", 1, pegs=5, colours=8)
    refused = page.el("refusal-list").get_attribute("textContent")
    check("optimal:" in refused and "2401" in refused, f"optimal's refusal on 5x8 is listed ({refused[:200]!r})")
    helpers = [o.get_attribute("value") for o in page.d.find_elements(page.By.CSS_SELECTOR, "#helper option")]
    check("optimal" not in helpers and "knuth" in helpers, f"5x8 hints by knuth, not optimal ({helpers})")


def cancel(page, what):
    """Cancels the call under way once its indicator shows; the page says the game is as it was."""
    page.wait.until(lambda d: page.el("busy").is_displayed() and "s of at most" in page.el("busy-text").text)
    check(page.el("guess").get_attribute("disabled") is not None, f"{what}: the controls wait while the engine works")
    page.el("cancel").click()
    page.wait.until(lambda d: "as it was" in page.el("status").text)
    check(not page.el("busy").is_displayed(), f"{what}: the indicator is gone")


def cancelled_calls(page):
    # A long hint: optimal's first move on 4x7 searches the whole game (seconds), cancelled.
    what = "a cancelled hint"
    page.new_game("ordinary", "classic", 11, colours=7)
    from selenium.webdriver.support.ui import Select
    Select(page.el("helper")).select_by_value("optimal")
    page.el("hint").click()
    cancel(page, what)
    text = page.hint("knuth")
    check(re.fullmatch(r"knuth plays \d{4}\.", text), f"{what}: the new engine answers ({text!r})")
    page.click_guess("4560")
    check_answers(page, "classic", secret_of(11, ["-K", "7"]), what)
    # A long count (9/10/9 after a test: tens of millions of secrets scanned), cancelled: the
    # game's test is replayed into the new engine.
    what = "a cancelled count"
    page.new_game("batch", "classic", 6)
    page.el("test-input").send_keys(" ".join(str(d) * 9 for d in range(9)))
    page.el("send-test").click()
    page.idle()
    page.wait.until(lambda d: len(page.rows()) == 1)
    strings = page.rows()[0].get_attribute("data-strings")
    page.el("count").click()
    cancel(page, what)
    check([r.get_attribute("data-strings") for r in page.rows()] == [strings], f"{what}: the test is replayed into the new engine")
    page.el("test-input").send_keys(" ".join(str(d) * 8 + str((d + 1) % 10) for d in range(9)))
    page.el("send-test").click()
    page.idle()
    page.wait.until(lambda d: len(page.rows()) == 2)


def tree(page):
    what = "the optimal 4x6 tree"
    from selenium.webdriver.support.ui import Select
    Select(page.el("rules")).select_by_value("classic")
    page.el("tree-load").click()
    page.idle()
    page.wait.until(lambda d: page.el("tree").is_displayed())
    summary = page.el("tree-summary").text
    check("5625 guesses over 1296 secrets" in summary and "at most 6" in summary, f"{what}: {summary!r}")
    # Down the first answer at each position: each holds fewer codes, down to the one left.
    left = 1296
    for steps in range(1, 8):
        answers = page.d.find_elements(page.By.CSS_SELECTOR, ".tree-answer")
        if not answers:
            break
        check(steps <= 6, f"{what}: no path longer than 6 guesses")
        shown = int(re.search(r": (\d+) codes?$", answers[0].text).group(1))
        answers[0].click()
        here = page.el("tree-secrets").text
        count = 1 if here.startswith("the only code") else int(here.split()[0])
        check(count == shown < left, f"{what}: an answer leads to its {shown} codes, fewer than {left} ({here!r})")
        left = count
    check(left == 1, f"{what}: a path ends at one code")
    page.el("tree-up").click()
    check(page.el("tree-path").text.startswith("After") or steps <= 2, f"{what}: back up the path")


def phone(page, shots):
    page.d.set_window_size(390, 844)
    page.new_game("ordinary", "classic", 3)
    width = page.d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(width[0] <= width[1], f"the page fits a phone's width without scrolling sideways ({width})")
    if shots:
        page.d.save_screenshot(os.path.join(shots, "web-phone.png"))
    page.d.set_window_size(1200, 1000)


def run():
    chromium, driver_path, webdriver, Service = browser_parts()
    profile = tempfile.TemporaryDirectory(prefix="mastermind-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--no-first-run", "--window-size=1200,1000", "--user-data-dir=" + profile.name]:
        options.add_argument(argument)
    static, static_url = static_server()
    serve, serve_url = start_serve(MASTERMIND, "--site", SITE)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        page = Page(driver, static_url)
        print(f"page from a static server: engine ready {page.ready_ms:.0f} ms after the page started, first board in {page.load_s:.2f} s")
        ordinary_by_clicks(page, "classic", 21)
        if SHOTS:
            driver.save_screenshot(os.path.join(SHOTS, "web-won.png"))
        ordinary_by_clicks(page, "adjacent", 22)
        bulls_and_cows_by_hints(page, 23)
        batch_by_hints(page, 24)
        refusals(page)
        cancelled_calls(page)
        tree(page)
        phone(page, SHOTS)
        logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        check(not logs, f"no errors in the browser's console: {logs}")

        # The same page from `mastermind serve`: its files, the engine in the browser.
        page = Page(driver, serve_url)
        print(f"page from mastermind serve: engine ready {page.ready_ms:.0f} ms, first board in {page.load_s:.2f} s")
        board = ordinary_by_clicks(page, "adjacent", 31)
        check(len(board) >= 2, "a game from serve")

        # The page in one file, opened from disk: no server at all.
        page = Page(driver, "file://" + os.path.abspath(os.path.join(SITE, "mastermind.html")))
        print(f"page in one file from disk: engine ready {page.ready_ms:.0f} ms, first board in {page.load_s:.2f} s")
        ordinary_by_clicks(page, "classic", 41)
        bulls_and_cows_by_hints(page, 42)
    finally:
        driver.quit()
        static.shutdown()
        status, _, stopped = terminate_timed(serve)
        check(stopped and status == 0, f"serve stops on SIGTERM ({status})")
        log = serve.stderr.read()
        check("game g" not in log, f"the page made no game on the server: {log!r}")
        profile.cleanup()


run()
if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("web page: checks passed")
