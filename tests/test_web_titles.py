"""The browser's pages take their titles from the server's flow registry (``nim.flows``), said
once: the page carries them (``data-titles``) and the script holds none of them."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from nim.flows import page_titles  # noqa: E402
from nim.web.app import create_app  # noqa: E402

SCRIPT = Path(__file__).resolve().parents[1] / "python" / "nim" / "web" / "static" / "app.js"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as test_client:
        yield test_client


@pytest.mark.parametrize("path", ["/", "/kuet", "/freeplay", "/play/wythoff"])
def test_every_page_carries_the_registrys_titles(client: TestClient, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 200
    found = re.search(r'data-titles="([^"]*)"', page.text)
    assert found is not None
    assert json.loads(html.unescape(found.group(1))) == page_titles()


def test_the_script_holds_no_page_title() -> None:
    script = SCRIPT.read_text(encoding="utf-8")
    for flow, title in page_titles().items():
        assert f'"{title}"' not in script, (flow, title)
    for short in ("KUET: NimX", "Any rule set", "Free play"):        # the copies it held before
        assert f'"{short}"' not in script
