"""The project's documents: every relative link of README.md and of the site's
pages (docs/, the proposed README from the root it is written for) resolves to an
existing file (and heading), the theory note is installed with the package and
named by ``explain``, every code block of the site is run or says why not, the
version is written in one place and the changelog has its release."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import unicodedata
from pathlib import Path
from typing import Iterator, List, Set, Tuple

import pytest

import nim

from nim import explain
from nim.solving.explain import theory_document

ROOT = Path(__file__).resolve().parent.parent
PROPOSED_README = ROOT / "docs" / "README.proposed.md"     # written for the root, where it will go
DOCUMENTS = [ROOT / "README.md", *sorted(path for path in (ROOT / "docs").rglob("*.md")
                                         if "_build" not in path.parts and path != PROPOSED_README)]
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
    """(the folder a link is read from, the link) of every relative link."""
    found = [(path, target) for path in DOCUMENTS for line in prose(path)
             for target in LINK.findall(line) if not re.match(r"[a-z]+:", target)]
    if PROPOSED_README.exists():
        found += [(ROOT / "README.md", target) for line in prose(PROPOSED_README)
                  for target in LINK.findall(line) if not re.match(r"[a-z]+:", target)]
    return found


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


def _site_checks():
    spec = importlib.util.spec_from_file_location("check_site", ROOT / "docs" / "check_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_code_block_of_the_site_is_run_or_says_why_not():
    assert _site_checks().check_fences() == []


def test_the_console_check_reads_wildcards_and_can_fail():
    pattern = _site_checks()._pattern
    assert pattern(["engine     theory, 0 nodes, ... s"]).fullmatch("engine     theory, 0 nodes, 0.000 s\n")
    assert not pattern(["engine     theory, 0 nodes, ... s"]).fullmatch("engine     tt, 5 nodes, 0.1 s\n")
    assert pattern(["first", "...", "last"]).fullmatch("first\nsecond\nthird\nlast\n")
    assert pattern(["first", "...", "last"]).fullmatch("first\nlast\n")
    assert not pattern(["first", "last"]).fullmatch("first\nsecond\nlast\n")


def test_the_version_is_written_in_one_place():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^dynamic = \["version"\]', pyproject, re.MULTILINE)
    assert not re.search(r"^version\s*=", pyproject.split("[tool.")[0], re.MULTILINE)   # none in [project]
    assert 'version = { attr = "nim.__version__" }' in pyproject
    assert importlib.metadata.version("nimcore") == nim.__version__


def test_the_changelog_has_this_release():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", changelog, re.MULTILINE)
    assert releases[0] == nim.__version__ and "0.1.0" in releases
