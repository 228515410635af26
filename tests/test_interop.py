"""nim.interop: the environments and the OpenSpiel bridge under one package; the
old paths (nim.envs, its modules, nim.openspiel) went in release 0.2.0 (each old
path: tests/test_layers.py)."""

from __future__ import annotations

import importlib
import subprocess
import sys
import types

import pytest

import nim

pytest.importorskip("gymnasium", reason="nimcore[rl] not installed")
pytest.importorskip("pettingzoo", reason="nimcore[rl] not installed")
pytest.importorskip("pyspiel", reason="nimcore[openspiel] not installed (open_spiel)")


def test_the_old_attribute_of_the_package_is_gone() -> None:
    importlib.import_module("nim.interop.envs")
    assert "nim.envs" not in sys.modules
    with pytest.raises(AttributeError):
        nim.envs  # type: ignore[attr-defined]  # noqa: B018


def test_the_package_exports_its_names_each_from_its_module() -> None:
    import nim.interop as interop
    from nim.interop import envs, openspiel
    from nim.interop.envs import nim_v0

    homes = {name: module for module in (envs, nim_v0, openspiel) for name in module.__all__}
    assert interop.__all__ and set(interop.__all__) <= set(homes)
    for name in interop.__all__:
        value = getattr(interop, name)
        assert not isinstance(value, types.ModuleType), name
        assert value is getattr(homes[name], name)
    assert interop.NimAECEnv is nim_v0.raw_env
    assert set(openspiel.__all__) <= set(interop.__all__)
    # the Gymnasium id is registered at the new path
    import gymnasium
    assert gymnasium.spec("nimcore/Nim-v0").entry_point == "nim.interop.envs.gym_env:NimEnv"


def test_importing_the_package_needs_no_extra() -> None:
    code = ("import sys, nim.interop\n"
            "extras = ('gymnasium', 'pettingzoo', 'pyspiel', 'nim.interop.envs')\n"
            "loaded = sorted(m for m in extras if m in sys.modules)\n"
            "assert not loaded, loaded\n")
    subprocess.run([sys.executable, "-c", code], check=True)
