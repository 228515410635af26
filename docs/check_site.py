"""Checks of the documentation site that Sphinx does not make (run by .ci/docs).

    python docs/check_site.py links HTML_DIR   every relative link and anchor of the built site resolves
    python docs/check_site.py console          every ```console example runs and prints what its page says
    python docs/check_site.py fences           every code block of a page is run, or says why not
    python docs/check_site.py api HTML_DIR     every public name of nim and its subpackages is in the reference

A ```console block holds commands after ``$ `` and the output they print (stdout
and stderr together). In the output, a line ``...`` stands for any number of
lines and ``...`` inside a line for any text (timings). A command that exits
with a status other than 0 must say so on a last line ``[exit N]``. The blocks of
one page run in order in one temporary directory, so a page may write a file in
one block and read it in the next. Python examples are ``{doctest}`` blocks, run
by ``sphinx-build -b doctest``. Any other code block is preceded by a comment
``<!-- not run: REASON -->`` (an install command, a server that runs until
Ctrl-C), or is a ``text`` block (a file's contents, shown, not run).
"""

from __future__ import annotations

import html.parser
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Set, Tuple
from urllib.parse import unquote, urlsplit

DOCS = Path(__file__).resolve().parent
#: Pages included as they are, written by others (the theory, the architecture): their
#: code blocks are diagrams and formulas, not examples.
AS_THEY_ARE = {"theory.md", "architecture.md"}
#: Kinds of fenced block that are run (by Sphinx's doctest builder or by this script)
RUN = {"{doctest}", "{testcode}", "{testoutput}", "console"}
SHOWN = {"text", "{eval-rst}", "{toctree}", "{include}", "{automodule}"}
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>```+)(?P<info>[^\n`]*)$")
COMMAND_SECONDS = 120


def pages() -> List[Path]:
    return sorted(path for path in DOCS.rglob("*.md")
                  if "_build" not in path.parts and path.name not in AS_THEY_ARE)


def fenced_blocks(text: str) -> Iterator[Tuple[int, str, List[str], str]]:
    """(line number, info string, lines, the text before the block) of each fenced block."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        start, fence, indent = index, match["fence"], len(match["indent"])
        body: List[str] = []
        index += 1
        while index < len(lines) and not lines[index].strip().startswith(fence):
            body.append(lines[index][indent:])
            index += 1
        before = "\n".join(lines[max(0, start - 2):start])
        yield start + 1, match["info"].strip(), body, before
        index += 1


# -- fences -----------------------------------------------------------------------

def check_fences() -> List[str]:
    problems = []
    for page in pages():
        for line, info, _, before in fenced_blocks(page.read_text(encoding="utf-8")):
            kind = info.split()[0] if info else ""
            if kind in RUN or kind in SHOWN:
                continue
            if "<!-- not run:" not in before:
                problems.append(f"{page.relative_to(DOCS)}:{line}: a ```{info} block that is neither run "
                                f"({{doctest}}, console) nor marked <!-- not run: REASON -->")
    return problems


# -- console ----------------------------------------------------------------------

def _pattern(expected: List[str]) -> "re.Pattern[str]":
    parts = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:.*\n)*?")
        else:
            parts.append(".*?".join(re.escape(piece) for piece in line.rstrip().split("...")) + r"[ \t]*\n")
    return re.compile("".join(parts))


def _sessions(body: List[str]) -> Iterator[Tuple[str, List[str], int]]:
    """(command, expected output lines, expected exit status) of each ``$`` line."""
    command: Optional[str] = None
    output: List[str] = []
    for line in body + ["$ "]:
        if line.startswith("$ ") or line == "$":
            if command:
                status = 0
                if output and re.fullmatch(r"\[exit \d+\]", output[-1].strip()):
                    status = int(output.pop().strip()[6:-1])
                yield command, output, status
            command, output = line[2:], []
        elif command is not None and line.endswith("\\") and not output:
            command += "\n" + line
        else:
            output.append(line)


def check_console() -> List[str]:
    problems = []
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1", TERM="dumb", PYTHONHASHSEED="0")
    for page in pages():
        blocks = [(line, body) for line, info, body, _ in fenced_blocks(page.read_text(encoding="utf-8"))
                  if info.split()[:1] == ["console"]]
        if not blocks:
            continue
        with tempfile.TemporaryDirectory(prefix="nimcore-docs-") as workdir:
            for line, body in blocks:
                for command, expected, status in _sessions(body):
                    where = f"{page.relative_to(DOCS)}:{line}: $ {command}"
                    try:
                        done = subprocess.run(["bash", "-c", command], cwd=workdir, env=env, text=True,
                                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                              stderr=subprocess.STDOUT, timeout=COMMAND_SECONDS)
                    except subprocess.TimeoutExpired:
                        problems.append(f"{where}\n  did not end within {COMMAND_SECONDS} s")
                        continue
                    output = done.stdout if done.stdout.endswith("\n") or not done.stdout else done.stdout + "\n"
                    if done.returncode != status:
                        problems.append(f"{where}\n  exit status {done.returncode}, the page says {status}\n"
                                        + output)
                    elif not _pattern(expected).fullmatch(output):
                        problems.append(f"{where}\n  printed:\n{output}  the page says:\n"
                                        + "\n".join(expected))
                    else:
                        print(f"ok  {where}")
    return problems


# -- links ------------------------------------------------------------------------

class _Anchors(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: Set[str] = set()
        self.links: List[str] = []

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, Optional[str]]]) -> None:
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            elif name in ("href", "src") and value is not None:
                self.links.append(value)


def check_links(site: Path) -> List[str]:
    parsed: Dict[Path, _Anchors] = {}

    def read(path: Path) -> _Anchors:
        if path not in parsed:
            parser = _Anchors()
            parser.feed(path.read_text(encoding="utf-8"))
            parsed[path] = parser
        return parsed[path]

    problems = []
    pages_seen = sorted(site.rglob("*.html"))
    for page in pages_seen:
        if page.relative_to(site).parts[0] in ("_modules", "_static"):
            continue       # viewcode's highlighted sources and Sphinx's own assets
        for link in read(page).links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//") or link.startswith("mailto:"):
                continue       # not internal: not followed (no network here)
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.exists():
                problems.append(f"{page.relative_to(site)}: {link}: no such file")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in read(target).ids:
                problems.append(f"{page.relative_to(site)}: {link}: no anchor #{parts.fragment}")
    print(f"{len(pages_seen)} pages, {sum(len(p.links) for p in parsed.values())} links read")
    return problems


# -- api --------------------------------------------------------------------------

#: The packages whose public names (``__all__``) the reference documents
PUBLIC = ("nim", "nim.solving", "nim.play", "nim.study", "nim.trees", "nim.octal", "nim.interop")


def check_api(site: Path) -> List[str]:
    import importlib

    ids: Set[str] = set()
    for page in (site / "api").glob("*.html"):
        parser = _Anchors()
        parser.feed(page.read_text(encoding="utf-8"))
        ids |= parser.ids
    problems = []
    for package in PUBLIC:
        for name in importlib.import_module(package).__all__:
            # a name the surface also exports is described once, as nim.NAME
            if f"{package}.{name}" not in ids and f"nim.{name}" not in ids:
                problems.append(f"{package}.{name}: not in the API reference")
    print(f"{len(ids)} names described in the API reference")
    return problems


def main(argv: List[str]) -> int:
    if argv[:1] == ["links"] and len(argv) == 2:
        problems = check_links(Path(argv[1]))
    elif argv == ["console"]:
        problems = check_console()
    elif argv[:1] == ["api"] and len(argv) == 2:
        problems = check_api(Path(argv[1]))
    elif argv == ["fences"]:
        problems = check_fences()
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
