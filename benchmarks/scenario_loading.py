"""How loading a scenario file grows with its number of scenarios (issue 9, item 6: 4,000
scenarios in one file took 25 s, one scan of the file per scenario to find its line).

Run: ``python benchmarks/scenario_loading.py [ROUNDS]`` (default 3). Files of 1,000 and
4,000 copies of one scenario are loaded in alternating rounds; the figure to quote is the
ratio of the medians (4.0 is linear, 16 quadratic), with the time per scenario.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from arguments import parse_rounds
from timing import timed

from dfc_plugin.conformance.schema import load_file

ONE = """[[scenario]]
id = "bench-{n}"
rule = "712.8e"
text = "its mana value is calculated using the mana cost of its front face"
source = "benchmark"
[scenario.setup]
hunt = {{ card = "Huntmaster of the Fells", zone = "battlefield" }}
[[scenario.step]]
do = "transform"
object = "hunt"
[[scenario.check]]
object = "hunt"
mana_value = 4
"""


def main(argv: list[str]) -> None:
    rounds = parse_rounds(__doc__, 3, argv)
    with tempfile.TemporaryDirectory() as folder:
        files = {}
        for count in (1000, 4000):
            path = Path(folder) / f"s{count}.toml"
            path.write_text("".join(ONE.format(n=n) for n in range(count)), encoding="utf-8")
            files[count] = path
        times: dict[int, list[float]] = {count: [] for count in files}
        for _ in range(rounds):
            for count, path in files.items():
                times[count].append(timed(lambda path=path: load_file(path)))  # type: ignore[misc]
    small, large = (statistics.median(times[c]) for c in (1000, 4000))
    print(f"{rounds} rounds, medians")
    for count, median in ((1000, small), (4000, large)):
        print(f"  {count:>5} scenarios  {median:7.3f} s  {median / count * 1e6:7.0f} us/scenario")
    print(f"  4000/1000 ratio {large / small:5.2f} (4.0 linear, 16 quadratic)")


if __name__ == "__main__":
    main(sys.argv[1:])
