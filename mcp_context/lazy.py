"""Public names a package loads on first use: a package's modules are imported only when a name of theirs is
asked for, so a process that needs one module of it (a host's hook) does not load the others."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def loader(package: str, where: dict[str, str], names: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``where`` names the module (below the package) of each public
    name; a name found is kept in ``names`` (the package's globals), so later lookups are plain reads."""

    def __getattr__(name: str) -> Any:
        if name in where:
            value = getattr(importlib.import_module(f"{package}.{where[name]}"), name)
            names[name] = value
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
