"""tiktoken encodings built from files already on disk whose SHA-256 we check, never from the network.

``tiktoken.get_encoding`` is not safe for a server: given a cache file whose hash does not match (a truncated
download, a disk error, a file someone else wrote), it deletes the file and downloads the encoding again at request
time, with no timeout. So the file is read and verified here, and the ``Encoding`` is built from it directly, with
the split pattern and special tokens taken from tiktoken's own registry. A missing, corrupt or unknown file means
"no encoding" (the caller estimates instead), and the file is left where it is.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import os
import threading
import types
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # tiktoken is imported lazily: it is only needed when an encoding file is present
    import tiktoken

# Where each encoding is published and the SHA-256 of the file (the hashes tiktoken's registry checks too). The
# address only names the file: tiktoken's cache key is the SHA-1 of the address.
KNOWN_ENCODINGS = {
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    ),
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    ),
}

# The real files are 1.7 MB and 3.6 MB: anything far larger at that path is not one, and is not read into memory.
_MAX_FILE_BYTES = 64 * 1024 * 1024

# What a registry constructor may refer to for us to run it: the loader we substitute, string constants of its
# module (special-token names) and str.join. Anything else (a newer tiktoken reading files some other way) might
# download, so such a constructor is not run at all.
_CONSTRUCTOR_NAMES = frozenset({"load_tiktoken_bpe", "join"})

_loaded: dict[tuple[str, str], tiktoken.Encoding] = {}
_loaded_lock = threading.Lock()


def tiktoken_cache_file(url: str) -> Path | None:
    """The file tiktoken keeps for ``url`` (mirroring ``tiktoken.load``), or None when caching is switched off."""
    if "TIKTOKEN_CACHE_DIR" in os.environ:
        cache_dir = os.environ["TIKTOKEN_CACHE_DIR"]
    elif "DATA_GYM_CACHE_DIR" in os.environ:
        cache_dir = os.environ["DATA_GYM_CACHE_DIR"]
    else:
        import tempfile  # here: only a count that needs the encoding looks for its file

        cache_dir = os.path.join(tempfile.gettempdir(), "data-gym-cache")
    if not cache_dir:  # tiktoken's way of saying "no cache": it would always download
        return None
    return Path(cache_dir) / hashlib.sha1(url.encode()).hexdigest()


def load_local_encoding(names: tuple[str, ...]) -> tiktoken.Encoding | None:
    """The first of ``names`` whose file is on disk with the right hash, or None. Never touches the network."""
    for name in names:
        if name not in KNOWN_ENCODINGS:
            continue
        url, sha256 = KNOWN_ENCODINGS[name]
        path = tiktoken_cache_file(url)
        if path is None:
            continue
        with _loaded_lock:  # one parse per file and process (half a second), however many counters ask
            encoding = _loaded.get((name, str(path)))
            if encoding is None:
                encoding = _build(name, url, sha256, path)
                if encoding is not None:
                    _loaded[(name, str(path))] = encoding
        if encoding is not None:
            return encoding
    return None


def _build(name: str, url: str, sha256: str, path: Path) -> tiktoken.Encoding | None:
    """The encoding from a verified file, or None: any failure here only means counting by estimate."""
    data = _read_verified(path, sha256)
    if data is None:
        return None
    try:
        import tiktoken

        parameters = _registry_parameters(name, url, _parse_ranks(data))
        return None if parameters is None else tiktoken.Encoding(**parameters)
    except Exception:  # tiktoken missing or changed beyond recognition: estimating is always possible
        return None


def _read_verified(path: Path, sha256: str) -> bytes | None:
    """The file's bytes if they are exactly the published file; a wrong file is left untouched, never replaced."""
    try:
        if not path.is_file() or path.stat().st_size > _MAX_FILE_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == sha256 else None


def _parse_ranks(data: bytes) -> dict[bytes, int]:
    """The ``.tiktoken`` format, as ``tiktoken.load.load_tiktoken_bpe`` reads it: base64 token, space, rank."""
    ranks: dict[bytes, int] = {}
    for line in data.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


def _registry_parameters(name: str, url: str, ranks: dict[bytes, int]) -> dict[str, Any] | None:
    """``Encoding`` arguments from tiktoken's own constructor for ``name``, run with our verified ranks as its loader.

    The pattern and special tokens stay tiktoken's (they are code, not data, and change with it), while the
    constructor runs on a copy of its module's globals in which the loader returns ``ranks``: nothing is patched
    for other threads, and the copy is only run when it can reach nothing that reads or downloads files.
    """
    try:
        registry = importlib.import_module("tiktoken_ext.openai_public")
        constructor = registry.ENCODING_CONSTRUCTORS[name]
        code, module_globals = constructor.__code__, constructor.__globals__
    except (ImportError, AttributeError, KeyError, TypeError):
        return None
    reachable = [n for n in code.co_names if n not in _CONSTRUCTOR_NAMES and not isinstance(module_globals.get(n), str)]
    if reachable or any(isinstance(const, types.CodeType) for const in code.co_consts):
        return None

    def verified_ranks(blobpath: str, expected_hash: str | None = None) -> dict[bytes, int]:
        """tiktoken's loader, answered with the file we checked against our own copy of its hash."""
        if blobpath != url:  # the registry now wants another file than the one we checked
            raise ValueError(f"{name}: the registry expects {blobpath}")
        return ranks

    isolated = types.FunctionType(code, {**module_globals, "load_tiktoken_bpe": verified_ranks}, code.co_name)
    parameters = isolated()
    return parameters if isinstance(parameters, dict) and parameters.get("name") == name else None


def encoding_from_file(name: str, path: Path) -> tiktoken.Encoding | None:
    """``name``'s encoding from a file someone points at (a benchmark's reference count), or None: the file is
    checked against the published hash exactly as a cached one is, so no other file can pass for it."""
    if name not in KNOWN_ENCODINGS:
        return None
    url, sha256 = KNOWN_ENCODINGS[name]
    return _build(name, url, sha256, path)
