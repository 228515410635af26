"""Build the Cython core: every src/nimcore/*.pyx becomes the extension nimcore.<name>.

Compiler directives are set once here. ``NIMCORE_DEBUG=1 pip install .`` turns the
bounds and wrap-around checks back on for debugging.
"""

import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("NIMCORE_DEBUG") == "1"

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
}

COMPILE_ARGS = ["-O0", "-g"] if DEBUG else ["-O3"]

extensions = [
    Extension(
        f"nimcore.{pyx.stem}",
        [pyx.as_posix()],
        extra_compile_args=COMPILE_ARGS,
    )
    for pyx in sorted(Path("src/nimcore").glob("*.pyx"))
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=DIRECTIVES,
        include_path=["src"],
        annotate=DEBUG,
    ),
)
