"""The project's documents: every relative link of README.md and of the site's
pages (docs/) resolves to an existing file (and heading), every example of the
README runs and prints what it says (its set-up commands are the ones CI runs),
the theory note is installed with the package and named by ``explain``, every
code block of the site is run or says why not, the version is written in one
place and the changelog has its release."""

from __future__ import annotations

import doctest
import importlib.metadata
import importlib.util
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import unicodedata
import urllib.request
from pathlib import Path
from typing import Dict, Iterator, List, Set, Tuple

import pytest

import nim

from nim import explain
from nim.solving.explain import theory_document

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted(path for path in (ROOT / "docs").rglob("*.md") if "_build" not in path.parts)]
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


# -- the README: every example runs ---------------------------------------------------

def fenced(path: Path, kind: str) -> List[List[str]]:
    """The lines of each fenced block of one kind (```sh, ```python) of a Markdown file."""
    blocks: List[List[str]] = []
    current: List[str] = []
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if inside:
                blocks.append(current)
            inside, current = (not inside and line[3:].strip() == kind), []
            if not inside and line[3:].strip() not in ("", kind):
                inside = False
        elif inside:
            current.append(line)
    return blocks


def commands(block: List[str]) -> List[str]:
    """A shell block's commands, their trailing ``# comment`` dropped."""
    return [line.split(" #")[0].strip() for line in block if line.strip() and not line.startswith("#")]


def test_the_readme_set_up_commands_come_first_and_are_those_ci_runs():
    blocks = fenced(README, "sh")
    first = README.read_text(encoding="utf-8").split("```sh", 1)[0]
    assert first.count("```") == 0, "the set-up commands are the README's first code block"
    setup = commands(blocks[0])
    assert setup == ['pip install . && nimcore solve 1 3 5 7 --misere', 'pip install ".[test]" && pytest -n auto']
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in setup:                 # .ci/run runs them as written, each on a line of its own
        assert command in ci, f".ci/run does not run the README's {command!r}"


def test_the_readme_python_examples_run_and_print_what_they_say():
    (block,) = fenced(README, "python")
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(block), {}, "README.md", str(README), 0)
    assert len(test.examples) >= 4
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


#: The README's shell examples (each but ``serve``, which test_the_readme_serve_example_serves
#: runs): the files each needs in its folder, its input, and what its output must hold
#: (the facts its comment states).
README_COMMANDS: Dict[str, Tuple[Dict[str, str], str, List[str]]] = {
    "nimcore play": ({}, "q\n", ["Which game?", "NimX (KUET)", "Kayles and other take-and-break games"]),
    "nimcore octal 0.16": ({}, "", ["pre-period      105,351", "period          149,459  (proven"]),
    "nimcore quotient kayles": ({}, "", ["order |Q| = 40", "(9 elements)"]),
    "nimcore grade q.json --piles 1 3 5 7 --misere": (
        {"q.json": '{"1,3,5,7": {"0,1": 0.5}}'}, "",
        ["Graded 383 positions under misere", "keeps the win:    48 of 335"]),
    "nimcore solve --batch positions.txt --workers 2": (
        {"positions.txt": "1 3 5 7\n# a comment\n4 1 7\n3 4 5\n"}, "",
        ["line\tpiles\tvalue\tmove\tmethod\n1\t1 3 5 7\t-1\t0 1\ttheory\n3\t4 1 7\t+1\t2 2\ttheory\n"
         "4\t3 4 5\t+1\t0 2\ttheory\n"]),
}
SERVE = "nimcore serve --host 0.0.0.0"


def _run_nimcore(command: str, folder: Path, stdin: str = "") -> "subprocess.CompletedProcess[str]":
    arguments = shlex.split(command)
    assert arguments[0] == "nimcore"
    # the installed package's command (python -m nim is the same entry point), a cache of its own
    env = dict(os.environ, NIMCORE_CACHE_DIR=str(folder / "cache"), NO_COLOR="1", COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "nim", *arguments[1:]], cwd=folder, input=stdin, env=env,
                          text=True, capture_output=True, timeout=120)


def test_every_readme_shell_example_is_run_here():
    examples = [command for block in fenced(README, "sh")[1:] for command in commands(block)]
    assert sorted(examples) == sorted([*README_COMMANDS, SERVE])


@pytest.mark.parametrize("command", sorted(README_COMMANDS))
def test_the_readme_shell_examples_run_and_print_what_they_say(command, tmp_path):
    files, stdin, expected = README_COMMANDS[command]
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    done = _run_nimcore(command, tmp_path, stdin)
    assert done.returncode == 0, done.stderr
    for fragment in expected:
        assert fragment in done.stdout, (fragment, done.stdout)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_readme_serve_example_serves(tmp_path):
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    port = _free_port()              # the README's command as written, on a port free here
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), NIMCORE_CACHE_DIR=str(tmp_path / "cache"))
    server = subprocess.Popen([sys.executable, "-m", "nim", *shlex.split(SERVE)[1:], "--port", str(port)],
                              cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline, answer = time.monotonic() + 60, None
        while answer is None and time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=5) as response:
                    answer = json.loads(response.read())
            except OSError:
                time.sleep(0.2)
        assert answer == {"ok": True, "games": 0}, server.poll()
    finally:
        server.send_signal(signal.SIGINT)             # Ctrl-C: stops in under a second, status 130
        output, _ = server.communicate(timeout=30)
    assert server.returncode == 130, output
    assert "every interface" in output
    assert (tmp_path / "data" / "nimcore" / "games.sqlite3").exists()    # the data folder, as the docs say


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
