"""The training run of the profile-guided build of the proof's bound (setup.py's ``BuildExt``).

GCC builds ``lexibench.solver.games.boggle.prove.tree_search`` once with ``-fprofile-generate``;
this script then runs that instrumented module on the work it is built for, and GCC builds it again
with ``-fprofile-use``, laying out its branches and inlining by the counts recorded. The work:
seeded samples of top-level classes of the sizes people prove (3x3, 3x4, 4x4, with their
default partitions and targets near their best boards) over the packaged ``web2`` list.

It runs inside the build, from the staged sources (``build/staging``) and with the instrumented
module loaded from its path: nothing of lexibench is installed yet, and the build environment
holds the build's requirements alone (``english-words`` among them, for the list).

Usage: ``python tools/profile_training.py STAGING MODULE PATH`` (the staged sources, the module's
import name, the instrumented module's path). Exit status 0 when the training ran; anything else
leaves the build with the plain module (setup.py says so and goes on).
"""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from types import ModuleType

#: (rows, cols, target, classes): per size, how many seeded classes the training proves, at a
#: target near the size's best board under web2; mostly 3x4, the proof people run to the end
#: (about 10 CPU seconds in all here, instrumented).
WORK = ((3, 3, 450, 2), (3, 4, 1304, 8), (4, 4, 3500, 1))
#: The seed of the class samples.
SEED = 2026


def _load(staging: str, name: str, path: str) -> ModuleType:
    """The instrumented module at ``path``, under its import name ``name``, with the staged
    package's Python sources importable."""
    sys.path.insert(0, staging)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> int:
    """Run the training (see the module docstring); print what it did."""
    staging, name, path = argv
    started = time.process_time()
    native = _load(staging, name, path)
    from lexibench.solver.games.boggle.prove import tree
    from lexibench.solver.games.boggle.prove.partitions import default_partition, partition
    from lexibench.solver.games.boggle.prove.plan import ProofPlan
    from lexibench.solver.wordlist import load_wordlist
    from lexibench.structures.backends.array_trie.lexicon import build_nodes

    if tree.TreeProver is not native.TreeProver:  # the proof's bound must run this module
        raise ImportError(f"the proof's bound does not run {path}: {tree.NATIVE_UNAVAILABLE}")
    nodes = memoryview(build_nodes(list(load_wordlist("web2").words))).cast("B").cast("I")
    done = 0
    for rows, cols, target, count in WORK:
        plan = ProofPlan(rows, cols, partition(default_partition(rows, cols)), target)
        bound = tree.NativeTree(nodes, plan)
        space = plan.space
        for class_id in space.sample(count, random.Random(f"{SEED}:{rows}x{cols}")):
            bound.run(space.letters(class_id))
            done += 1
    print(f"trained on {done} classes in {time.process_time() - started:.1f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
