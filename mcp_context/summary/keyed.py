"""What a tool call's arguments hold, read from their keys' words rather than a fixed list of names: the file it is
about, an edit's old and new text, a file's whole text, the lines a read shows or an edit replaces. Agents spell
these keys many ways (``old_string``, ``oldString``, ``TargetContent``, ``new_content``, ``startLine``), so a key is
split into words and read by them."""

from __future__ import annotations

import re
from typing import Any

PATH_KEYS = (
    "file_path",
    "path",
    "filePath",
    "filepath",
    "absolute_path",
    "notebook_path",
    "filename",
    "target_file",
    "dir_path",
)


#: Arguments that make a read show some lines of a file only.
_RANGE_KEYS = ("offset", "limit", "view_range", "start_line", "end_line", "line_start", "line_end", "lines")


#: Where a read starts: from the first line (0 or 1) it shows the file's head, whole when the limit is not reached.
_START_KEYS = ("offset", "start_line", "line_start")
#: Where a read ends: from the first line to this one, it is a read with that limit (``view_range: [1, 8]`` too).
_END_KEYS = ("end_line", "line_end")


def partial(args: dict[str, Any]) -> bool:
    """Whether a read shows some lines only. One that starts at the first line and only sets a limit or a last line
    may show the whole file: ``limit`` (see ``Call.limit``) decides once its result is seen."""
    top = _from_top(args)
    for k in _RANGE_KEYS:
        value = args.get(k)
        if value in (None, 0, "", []) or k == "limit" or (top and (k in _START_KEYS or k in _END_KEYS)):
            continue
        if k == "view_range" and top and _view_end(value) is not None:
            continue
        return True
    return False


def limit_of(args: dict[str, Any]) -> int | None:
    """How many lines a read from the first line asks for at most: its limit, or its last line."""
    value = _number(args.get("limit"))
    if value is not None or not _from_top(args):
        return value
    end = next((n for k in _END_KEYS if (n := _number(args.get(k))) is not None), None)
    return end if end is not None else _view_end(args.get("view_range")) or None


def _from_top(args: dict[str, Any]) -> bool:
    view = args.get("view_range")
    start = view[0] if isinstance(view, list) and view else None
    return all(args.get(k) in (None, 0, 1, "0", "1", "") for k in _START_KEYS) and start in (None, 0, 1, "0", "1")


def _view_end(value: Any) -> int | None:
    """The last line of a ``view_range``: a number, or 0 for ``-1`` (to the end); None when it names none."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    return 0 if value[1] in (-1, "-1") else _number(value[1])


def _number(value: Any) -> int | None:
    """A positive line count given as a number or as digits (``"8"``)."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def line_span(args: dict[str, Any]) -> tuple[int, int] | None:
    """The lines an edit replaces, under keys whose words say start and line, end and line (``start_line``,
    ``endLine``, ``line_start``)."""
    start = end = None
    for key, value in args.items():
        if not isinstance(value, int) or isinstance(value, bool) or not isinstance(key, str):
            continue
        found = key_words(key)
        if "line" in found and found & {"start", "from", "first"}:
            start = value
        elif "line" in found and found & {"end", "to", "last"}:
            end = value
    return (start, end) if start is not None and end is not None and 0 < start <= end else None


#: Argument names of the text an edit replaces and its replacement, as editors name them.
_OLD_KEYS = ("old_string", "old_str", "old_text", "search", "old", "before", "find", "original", "old_code")
_NEW_KEYS = (
    "new_string",
    "new_str",
    "new_text",
    "replace",
    "insert_text",
    "new",
    "after",
    "replacement",
    "new_code",
    "code_edit",
)
_CONTENT_KEYS = ("content", "file_text", "text", "contents")


#: Words (of a key split at ``_``, ``-`` and case changes) that name an edit's old text, its new text, a file's
#: whole text, and a path; and words that make a key name something else (``TargetFile`` is a path, not text).
_OLD_WORDS = {"old", "original", "search", "find", "before", "target", "needle", "existing", "previous", "current"}
_NEW_WORDS = {"new", "replacement", "replace", "after", "updated", "repl", "proposed"}  # ``repl``: ``re.sub``'s
#: Words that make a key the old side whatever else it says: what is to be replaced (``str_to_replace``).
_TO_BE = {"to"}
_CONTENT_WORDS = {"content", "contents", "text", "code", "body"}
_PATH_WORDS = {"path", "file", "filepath", "filename", "uri"}
_NOT_TEXT = _PATH_WORDS | {"dir", "directory", "start", "end", "index", "all", "multiple", "name"}


def key_words(key: str) -> set[str]:
    """``ReplacementContent`` -> {replacement, content}; ``old_string`` -> {old, string}; ``filePath`` -> ...; and
    words run together in lower case (``oldcontent`` -> {old, content}, ``filename`` -> {file, name})."""
    words = set(re.findall(r"[a-z]+|\d+", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", key).lower()))
    for word in list(words):
        joined = _JOINED.fullmatch(word)
        if joined is not None:
            words |= {joined["head"], joined["tail"]}
    return words


#: Two words of a key run together in lower case: what a side or a thing is, then what it holds.
_JOINED = re.compile(
    r"(?P<head>old|new|original|updated|replacement|search|replace|before|after|target|file)"
    r"(?P<tail>content|contents|text|code|string|str|lines|source|block|path|name)"
)


def by_words(args: dict[str, Any], wanted: set[str], unwanted: set[str]) -> str | None:
    for key, value in args.items():
        if isinstance(value, str) and isinstance(key, str):
            found = key_words(key)
            if found & wanted and not found & unwanted:
                return value
    return None


def old_new(args: dict[str, Any]) -> tuple[str, str] | None:
    """An edit's old and new text, under the usual names or any key whose words say old and new."""
    old = next((v for k in _OLD_KEYS if isinstance(v := args.get(k), str)), None)
    to_be = _to_be_replaced(args) if old is None else None
    if to_be is not None:  # ``str_to_replace``: the old side, and its words are no new side's
        old, args = args[to_be], {k: v for k, v in args.items() if k != to_be}
    new = next((v for k in _NEW_KEYS if isinstance(v := args.get(k), str)), None)
    if old is None and new is not None:  # ``{existing, replacement}``: the old side under a word of its own
        old = by_words(args, _OLD_WORDS, _NOT_TEXT | _NEW_WORDS)
    if old is None and new is None:
        old = by_words(args, _OLD_WORDS, _NOT_TEXT | _NEW_WORDS)
        new = by_words(args, _NEW_WORDS, _NOT_TEXT | _OLD_WORDS)
        if old is None or new is None:  # by its words alone, a pair is an edit only when both sides are there
            return None
    if old is not None and new is None:  # ``{search, content}``: the new side under another word, or the content
        new = by_words(args, _NEW_WORDS, _NOT_TEXT | _OLD_WORDS)
        new = new if new is not None else next((v for k in _CONTENT_KEYS if isinstance(v := args.get(k), str)), None)
    return None if old is None and new is None else (old or "", new or "")


def _to_be_replaced(args: dict[str, Any]) -> str | None:
    """The key that names its text as what is to be replaced (``str_to_replace``, ``text_to_find``)."""
    for key, value in args.items():
        if isinstance(value, str) and isinstance(key, str):
            words = key_words(key)
            if words & _TO_BE and words & {"replace", "find", "change", "edit"} and not words & _NOT_TEXT:
                return key
    return None


def nested_pairs(args: dict[str, Any]) -> list[tuple[str, str]]:
    """The old/new pairs of a list of edits under any key (``edits``, ``ReplacementChunks``, ``diffs``), or of one
    edit nested under a key (``edit: {old, new}``)."""
    for value in args.values():
        value = [value] if isinstance(value, dict) else value
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            pairs = [p for p in (old_new(v) for v in value) if p is not None and p[0]]
            if pairs:
                return pairs
    return []


def whole_text(args: dict[str, Any]) -> str | None:
    """A file's whole text given to a write: under a content key, or in the one entry of a list of files
    (``files: [{path, content}]``), as :func:`path_of` finds its path."""
    found = next((v for k in _CONTENT_KEYS if isinstance(v := args.get(k), str)), None)
    if found is not None:
        return found
    # ``file_content`` says content: a word of a path beside it is no reason to take it for the path; ``new_content``
    # with no old text beside it is the file's whole new text
    paired = by_words(args, _OLD_WORDS, _NOT_TEXT | _NEW_WORDS) is not None
    found = by_words(args, _CONTENT_WORDS, _NOT_TEXT - {"file"} | _OLD_WORDS | (_NEW_WORDS if paired else set()))
    if found is None and path_of(args) is not None:  # in the one object it lists or nests (``edit: {text}``)
        entry = _one_entry(args) or _nested(args)
        found = whole_text(entry) if entry is not None else None
    return found


def _nested(args: dict[str, Any]) -> dict[str, Any] | None:
    """The one object an argument nests (``{filePath, edit: {type: "rewrite-whole", text}}``)."""
    nested = [v for v in args.values() if isinstance(v, dict)]
    return nested[0] if len(nested) == 1 else None


def path_list(args: dict[str, Any]) -> list[str] | None:
    """The files a call names as a list, under any key whose words say paths or files (``paths``, ``file_paths``)."""
    for key, value in args.items():
        if isinstance(key, str) and key_words(key) & {"paths", "files"} and isinstance(value, list):
            if value and all(isinstance(p, str) and p and "\n" not in p for p in value):
                return value
    return None


def path_of(args: dict[str, Any]) -> str | None:
    """The file a call is about: under the usual names, or any key whose words say path or file."""
    found = _in_folder(args) or next((args[k] for k in PATH_KEYS if isinstance(args.get(k), str) and args[k]), None)
    if found is None:
        found = by_words(args, _PATH_WORDS, _CONTENT_WORDS | {"dir", "directory", "pattern"})
    if found is None:  # one operation in a list of them: ``operations: [{mode, path}]``
        entry = _one_entry(args)
        found = path_of(entry) if entry is not None else None
    return found if found and "\n" not in found and len(found) < 1_000 else None


#: Keys that name a file by its name alone, beside a folder under another key (``{path: dir, filename: a.py}``).
_NAME_KEYS = ("filename", "file_name", "fileName", "name")
_FOLDER_KEYS = ("path", "dir", "directory", "folder", "root", "cwd", "dir_path", "working_directory")


def _in_folder(args: dict[str, Any]) -> str | None:
    """The file a call names as a folder and a file name under two keys, joined (``path: /w``, ``filename: a/b.py``
    is ``/w/a/b.py``); None when the call names it otherwise."""
    name = next((v for k in _NAME_KEYS if isinstance(v := args.get(k), str) and v and "\n" not in v), None)
    folder = next((v for k in _FOLDER_KEYS if isinstance(v := args.get(k), str) and v and "\n" not in v), None)
    if name is None or folder is None or name.startswith("/") or "." not in name.rsplit("/", 1)[-1]:
        return None
    if "." in folder.rstrip("/").rsplit("/", 1)[-1] or folder.rstrip("/").endswith("/" + name):
        return None  # the "folder" is a file's path already
    return f"{folder.rstrip('/')}/{name.removeprefix('./')}"


def _one_entry(args: dict[str, Any]) -> dict[str, Any] | None:
    """The one object of an argument that lists one (``files: [{path, content}]``)."""
    listed = [v for v in args.values() if isinstance(v, list) and len(v) == 1 and isinstance(v[0], dict)]
    return listed[0][0] if listed else None
