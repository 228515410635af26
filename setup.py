"""Build the Cython core: every src/nimcore/*.pyx becomes the extension nimcore.<name>.

The build uses every core the machine gives it: cythonize translates the .pyx
files in parallel, and build_ext compiles the C files in parallel (``parallel``
set below, so ``pip install .`` gets it too, where build_ext's -j cannot be
passed). ``NIMCORE_BUILD_JOBS=N`` sets the number of jobs. Compiler directives
are set once here. ``NIMCORE_DEBUG=1 pip install .`` turns the
bounds and wrap-around checks back on for debugging. The theory the answers rest
on, docs/theory.md, is installed with the package as nim/theory.md (``nimcore
solve --explain`` names it).
"""

import os
import shutil
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_py import build_py

THEORY_DOCUMENT = Path("docs/theory.md")


class BuildPyWithTheory(build_py):
    """build_py, and a copy of docs/theory.md as nim/theory.md in the build."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "nim" / "theory.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(THEORY_DOCUMENT, target)

DEBUG = os.environ.get("NIMCORE_DEBUG") == "1"


def build_jobs() -> int:
    """Jobs for cythonize and the C compiler: NIMCORE_BUILD_JOBS, else the cores this
    process may run on."""
    given = os.environ.get("NIMCORE_BUILD_JOBS", "")
    if given.isdigit() and int(given) >= 1:
        return int(given)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:          # not on Linux
        return os.cpu_count() or 1


JOBS = build_jobs()

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
}

# -g0: Python's CFLAGS ask for debug information, a third of the compile time
# (batch.c: 8.6 s of CPU at -O3 -g, 5.8 s at -O3 -g0); NIMCORE_DEBUG keeps it.
COMPILE_ARGS = ["-O0", "-g"] if DEBUG else ["-O3", "-g0"]
# The search loops are compiled once per policy and take rule; kept as separate
# functions (not inlined into the one dispatch that calls each once) their code
# layouts no longer move each other. At -O2 GCC also keeps more of negamax's
# running frame in registers: minimax and alpha-beta run 5-10% more nodes per
# second than at plain -O3, the tt engine 0-3% more with the first flag alone
# (measured against each other). The other modules gain nothing.
LOOP_ARGS = {
    "negamax": ["-O2", "-g0", "-fno-inline-functions-called-once"],
    "tt": ["-O3", "-g0", "-fno-inline-functions-called-once"],
}

def generated_c(pyx: Path) -> Path:
    """The .c of ``pyx`` when it is newer than everything it is made from (the
    .pyx, every .pxd of the core, this file), else ``pyx`` (to cythonize).

    Cython's own check counts its Includes (libc/*.pxd, ...) among the
    dependencies, and pip's isolated build installs them afresh each time: a
    second ``pip install`` in this tree regenerated every .c, and so recompiled
    every extension that the build directory already held."""
    c_file = pyx.with_suffix(".c")
    if DEBUG or not c_file.exists():
        return pyx
    sources = [pyx, Path(__file__), *Path("src/nimcore").glob("*.pxd")]
    return c_file if c_file.stat().st_mtime > max(p.stat().st_mtime for p in sources) else pyx


extensions = [
    Extension(
        f"nimcore.{pyx.stem}",
        [generated_c(pyx).as_posix()],
        extra_compile_args=COMPILE_ARGS if DEBUG else LOOP_ARGS.get(pyx.stem, COMPILE_ARGS),
    )
    for pyx in sorted(Path("src/nimcore").glob("*.pyx"))
]
to_cythonize = [extension for extension in extensions if extension.sources[0].endswith(".pyx")]
up_to_date = [extension for extension in extensions if extension.sources[0].endswith(".c")]

setup(
    cmdclass={"build_py": BuildPyWithTheory},
    ext_modules=up_to_date + (cythonize(
        to_cythonize,
        compiler_directives=DIRECTIVES,
        include_path=["src"],
        annotate=DEBUG,
        force=DEBUG,
        nthreads=JOBS if JOBS > 1 else 0,
    ) if to_cythonize else []),
    options={"build_ext": {"parallel": JOBS}},
)
