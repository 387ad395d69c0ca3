#!/usr/bin/env python3
"""Koyama and Lai's 1993 optimal strategy for 4 pegs and 6 colours, as transcribed in their
notation in fancidev/mastermind (strats/p4c6r-koyama-1.txt), written out as a decision-tree file
of ours (docs/decision-tree.md), so that `mastermind evaluate --strategy tree` replays it.

The notation: "N (GUESS: list)" is a set of N secrets where GUESS is played; the list gives, for
each answer in the order b=0 w=4..0; b=1 w=3..0; b=2 w=2..0; b=3 w=0; b=4, what follows: "0"
(no secret), "1" (one secret, played next), "N (GUESS)" (GUESS played, and every part it leaves
has one or two secrets), "N (GUESS: list)" again, or "NX" for the set defined below as
"X = (GUESS: list)". A '*' marks a guess that cannot be the secret. Colours are 1..6.

Usage: koyama-lai-tree.py STRATEGY_FILE > koyama-lai.tree
  (the file from a snapshot of fancidev/mastermind, e.g. git show HEAD:strats/p4c6r-koyama-1.txt)
"""
import itertools
import re
import sys

PEGS, COLOURS = 4, 6
ORDER = [(0, 4), (0, 3), (0, 2), (0, 1), (0, 0), (1, 3), (1, 2), (1, 1), (1, 0), (2, 2), (2, 1), (2, 0), (3, 0), (4, 0)]


def score(guess, secret):
    black = sum(g == s for g, s in zip(guess, secret))
    common = sum(min(guess.count(c), secret.count(c)) for c in set(guess))
    return black, common - black


def tokens(text):
    return re.findall(r"\d+[A-Z]|\d+|[A-Z]|[():,;=*]", text)


class Parser:
    def __init__(self, toks):
        self.toks, self.at = toks, 0

    def peek(self):
        return self.toks[self.at] if self.at < len(self.toks) else None

    def take(self, want=None):
        tok = self.toks[self.at]
        if want is not None and tok != want:
            raise SystemExit(f"koyama-lai-tree: expected '{want}', got '{tok}' at token {self.at}")
        self.at += 1
        return tok

    def node(self):  # "(GUESS[*][: list])" after the count
        self.take("(")
        guess = tuple(int(d) - 1 for d in self.take())
        if self.peek() == "*":
            self.take()
        children = None
        if self.peek() == ":":
            self.take()
            children = [self.entry()]
            while self.peek() in (",", ";"):
                self.take()
                children.append(self.entry())
            if len(children) != len(ORDER):
                raise SystemExit(f"koyama-lai-tree: {len(children)} answers after {guess}, expected {len(ORDER)}")
        self.take(")")
        return ("guess", guess, children)

    def entry(self):
        tok = self.take()
        if re.fullmatch(r"\d+[A-Z]", tok):
            return (int(tok[:-1]), ("ref", tok[-1]))
        count = int(tok)
        if self.peek() == "(":
            return (count, self.node())
        return (count, ("plain",))


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    toks = tokens(open(sys.argv[1]).read())
    p = Parser(toks)
    root_count = int(p.take())
    root = (root_count, p.node())
    named = {}
    while p.peek() is not None:
        name = p.take()
        p.take("=")
        named[name] = p.node()
    out = [f"mastermind-tree 1 classic {PEGS} {COLOURS}"]
    code = lambda c: "".join(str(d) for d in c)

    def play(secrets, node, depth, answer):
        kind = node[0]
        if kind == "ref":
            node = named[node[1]]
        prefix = "  " * depth + (f"{answer[0]} {answer[1]} " if answer else "")
        if node[0] == "plain":  # one secret (or two, played in code order)
            secrets = sorted(secrets)
            out.append(prefix + code(secrets[0]))
            if len(secrets) == 2:
                out.append("  " * (depth + 1) + "%d %d " % score(secrets[0], secrets[1]) + code(secrets[1]))
            elif len(secrets) > 2:
                raise SystemExit(f"koyama-lai-tree: {len(secrets)} secrets with no guess given")
            return
        _, guess, children = node
        out.append(prefix + code(guess))
        parts = {}
        for s in secrets:
            parts.setdefault(score(guess, s), []).append(s)
        if children is None:  # every part of one or two secrets
            for a in ORDER:
                part = parts.get(a, [])
                if a == (PEGS, 0) or not part:
                    continue
                play(part, ("plain",), depth + 1, a)
            return
        for a, (count, child) in zip(ORDER, children):
            part = parts.get(a, [])
            if len(part) != count:
                raise SystemExit(f"koyama-lai-tree: after {code(guess)} answer {a}: {len(part)} secrets, the file says {count}")
            if a == (PEGS, 0) or count == 0:
                continue
            play(part, child, depth + 1, a)

    every = [tuple(c) for c in itertools.product(range(COLOURS), repeat=PEGS)]
    if root_count != len(every):
        raise SystemExit(f"koyama-lai-tree: the root holds {root_count} secrets, not {len(every)}")
    play(every, root[1], 0, None)
    print("\n".join(out))


if __name__ == "__main__":
    main()
