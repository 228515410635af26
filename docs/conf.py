"""Sphinx configuration of nimcore's documentation site (built by .ci/docs).

The pages are Markdown read by MyST; the API reference is autodoc over the
installed package's docstrings (napoleon reads their Google-style sections).
Every ``{doctest}`` block runs under ``sphinx-build -b doctest``.
"""

from __future__ import annotations

import doctest

import nim

project = "nimcore"
author = "the nimcore authors"
copyright = "2026, the nimcore authors"
release = nim.__version__          # the one place the version is written
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "serve.png"]

# MyST: anchors for headings down to ### (theory.md links to its own sections),
# ```{directive} fences, and $...$ left as text
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

# Every cross-reference to the public API must resolve (nitpicky), and MyST warns
# of every page link or anchor it cannot resolve (-W makes both errors; .ci/docs
# then follows every relative link of the built HTML too). A reference that is
# not a public name -- prose in a docstring's type ("iterable of int"), a type of
# the standard library or NumPy, a name inside a module that the package does not
# export (nim.trees.games.S, nimcore.*) -- renders as plain text, not as a link, so
# it is let through: only targets written as nim.NAME or nim.SUBPACKAGE.NAME are held.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(?!nim\.).*"),                        # not nim's: prose, stdlib, NumPy, nimcore
    (r"py:.*", r"nim\.[A-Za-z_]+\.[A-Za-z_]+\..+"),     # inside a module: not a public name
    (r"py:.*", r"nim\.(?!(solving|play|study|trees|octal|takebreak|game|families|interop)\.)[a-z_]+\..+"),
]
# an unqualified name in a docstring (``move``) that several documented names share
suppress_warnings = ["ref.python"]

autodoc_default_options = {
    "members": True,
    "undoc-members": False,
    "show-inheritance": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
# the docstrings are NumPy style (Parameters / Returns sections)
napoleon_google_docstring = False
napoleon_numpy_docstring = True
# parameter and return types are prose in these docstrings ("iterable of int, default
# normal play"): shown as written, not turned into cross-references
napoleon_use_param = False
napoleon_use_rtype = False
# a class's Attributes section as fields, not a second description of each attribute
napoleon_use_ivar = True

# Doctests run against the installed package.
doctest_global_setup = """
import nim
"""
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
# only the {doctest} blocks are tests; plain code blocks are not collected twice
doctest_test_doctest_blocks = ""

html_theme = "alabaster"
html_title = f"nimcore {release}"
html_static_path: list[str] = []
html_theme_options = {"description": "Exact, fast solving and playing of Nim and its variants."}
