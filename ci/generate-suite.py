"""Writes a large suite file for the run benchmarks.

Usage: python3 generate-suite.py CASES STEPS_PER_CASE OUT.suite

One undo-history suite of CASES cases; each case adjusts the value and undoes it, over and over,
for STEPS_PER_CASE steps (an even number), stating what every step leaves behind, so the run
checks expectations and invariants on every step, as real suites do.
"""
import sys


def main():
    cases, steps, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    if cases < 1 or steps < 2 or steps % 2:
        sys.exit("generate-suite.py: give at least 1 case and an even number of steps (2 or more)")
    lines = ['suite bench family undo "Generated for make bench"', ""]
    for index in range(cases):
        lines.append(f'case adjust-undo-{index} "Adjust and undo, {steps} steps"')
        for _ in range(steps // 2):
            lines.append("  adjust 10          => undos=1 canRedo=no")
            lines.append("  undo               => undos=0 canRedo=yes value=0")
        lines.append("")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))
    print(f"{cases} cases of {steps} steps ({cases * steps} steps)")


main()
