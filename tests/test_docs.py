"""The project's documents: every relative link of README.md and docs/*.md
resolves to an existing file (and heading), and the theory note is installed
with the package and named by ``explain``."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Iterator, List, Set, Tuple

import pytest

import nim

explain = nim.explain       # the function: resolve it before importing the module of the same name
from nim.solving.explain import theory_document

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def prose(path: Path) -> Iterator[str]:
    """The lines of a Markdown file outside fenced code blocks."""
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield line


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> Set[str]:
    found: Set[str] = set()
    for line in prose(path):
        match = re.match(r"#{1,6}\s+(.*)", line)
        if match:
            base = slug(match.group(1))
            name, n = base, 0
            while name in found:              # repeated headings get -1, -2, ...
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def links() -> List[Tuple[Path, str]]:
    return [(path, target) for path in DOCUMENTS for line in prose(path)
            for target in LINK.findall(line) if not re.match(r"[a-z]+:", target)]


def test_the_documents_exist():
    assert (ROOT / "docs" / "theory.md").is_file()
    assert len(links()) >= 5


@pytest.mark.parametrize("source, target", links(), ids=lambda value: str(value)[-40:])
def test_every_relative_link_resolves(source, target):
    file, _, anchor = target.partition("#")
    destination = (source.parent / file).resolve() if file else source
    assert destination.exists(), f"{source.name}: {target} names no file or folder"
    if anchor:
        assert anchor in anchors(destination), f"{source.name}: {target} names no heading"


def test_the_theory_note_keeps_the_octal_section_for_the_octal_work():
    assert "octal-games" in anchors(ROOT / "docs" / "theory.md")


def test_the_theory_note_is_installed_and_named_by_explain():
    named = theory_document()
    package = Path(nim.__file__).resolve().parent
    if ROOT.resolve() in package.parents:
        pytest.skip("running from a source tree (an editable install): no installed copy")
    # installed (as CI and every user has it): the copy must be found, not the fallback
    assert Path(named).read_bytes() == (ROOT / "docs" / "theory.md").read_bytes()
    assert f"Theory and proofs: {named}" in explain([1, 2], "normal").text
