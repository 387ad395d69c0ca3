"""The histogram of guesses of each built-in codebreaker, evaluated over every secret, as a bar
chart (matplotlib). Usage: histogram.py [OUTPUT.png [PEGS COLOURS [RULES]]]  (default 4x6 classic)
"""
import sys

import matplotlib

matplotlib.use("Agg")  # a file, no display
import matplotlib.pyplot as plt

import mastermind as m

output = sys.argv[1] if len(sys.argv) > 1 else "histogram.png"
pegs, colours = (int(a) for a in sys.argv[2:4]) if len(sys.argv) > 3 else (4, 6)
rules = sys.argv[4] if len(sys.argv) > 4 else "classic"
game = m.Ordinary(pegs, colours, rules)
names = ["knuth", "irving", "entropy", "most-parts"]
reports = {name: m.evaluate(game, name) for name in names}

longest = max(len(r.histogram) for r in reports.values())
width = 0.8 / len(names)
figure, axes = plt.subplots(figsize=(8, 4.5))
for i, (name, report) in enumerate(reports.items()):
    counts = report.histogram + [0] * (longest - len(report.histogram))
    axes.bar([g + (i - len(names) / 2 + 0.5) * width for g in range(longest)], counts, width,
             label=f"{name}: {report.total} guesses, mean {report.mean:.4f}")
axes.set_xlabel("guesses to win")
axes.set_ylabel("secrets")
axes.set_xticks(range(1, longest))
axes.set_title(f"Every secret of {game.summary}")
axes.legend()
figure.tight_layout()
figure.savefig(output, dpi=100)
print(f"{output}: {', '.join(f'{n} {r.total}' for n, r in reports.items())}")
