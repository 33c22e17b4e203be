"""A deterministic structured summary of a run of messages, built from the messages themselves (no LLM).

Every item cites the message it came from (``[#12]``), and the whole run is archived under the handle the
summary names, so any item is one read_persisted call from its original. Plans are written as state
("pending: ..."), never as orders, so an agent does not redo finished work."""

from __future__ import annotations

from .model import Message, args_text

USER_CHARS = 600
ITEM_CHARS = 160
MAX_ITEMS = 40
_PATH_KEYS = ("file_path", "path", "filePath", "absolute_path", "notebook_path", "filename", "dir_path")
_COMMAND_KEYS = ("command", "cmd", "script")

SUMMARY_MARK = "[Summary of earlier conversation"


def cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    half = (limit - 5) // 2
    return f"{text[:half]} ... {text[-half:]}"


def summarize(messages: list[Message], call_names: dict[str, str]) -> str:
    users, files, commands, errors, earlier = [], [], [], [], []
    last_text = ""
    for m in messages:
        ref = f"[{m.label()}]"
        text = " ".join(b.text for b in m.blocks if b.kind == "text").strip()
        if m.role == "user" and text.startswith(SUMMARY_MARK):
            earlier.append(f"- {cut(text.splitlines()[0], ITEM_CHARS * 2)} {ref}")
        elif m.is_prompt and text:
            users.append(f"- {cut(text, USER_CHARS)} {ref}")
        if m.role == "assistant" and text:
            if text.startswith(SUMMARY_MARK):
                earlier.append(f"- {cut(text.splitlines()[0], ITEM_CHARS * 2)} {ref}")
            else:
                last_text = f"{cut(text, USER_CHARS)} {ref}"
        for call in m.calls:
            args = call.args if isinstance(call.args, dict) else {}
            path = next((args[k] for k in _PATH_KEYS if isinstance(args.get(k), str)), None)
            command = next((args[k] for k in _COMMAND_KEYS if isinstance(args.get(k), str)), None)
            if path:
                files.append(f"- {call.name}: {path} {ref}")
            if command:
                commands.append(f"- {cut(command, ITEM_CHARS)} {ref}")
            if not path and not command:
                commands.append(f"- {call.name}({cut(args_text(call.args), ITEM_CHARS)}) {ref}")
        for result in m.results:
            if result.is_error:
                name = call_names.get(result.call_id or "", result.name or "tool")
                errors.append(f"- {name} failed: {cut(result.text, ITEM_CHARS)} {ref}")
    sections = [
        ("Earlier summaries (kept, with their archives)", earlier),
        ("User messages", users),
        ("Files touched", _unique(files)),
        ("Commands and tool calls", commands),
        ("Errors", errors),
        ("Current work (last assistant message)", [last_text] if last_text else []),
    ]
    out = []
    for title, items in sections:
        if not items:
            continue
        shown = (
            items
            if len(items) <= MAX_ITEMS
            else items[: MAX_ITEMS // 2]
            + [f"- ... {len(items) - MAX_ITEMS} more in the archive ..."]
            + items[-MAX_ITEMS // 2 :]
        )
        out.append(f"## {title}\n" + "\n".join(shown))
    return "\n\n".join(out) if out else "(no user messages, tool calls or assistant text in this range)"


def _unique(items: list[str]) -> list[str]:
    """The first mention of each item; later ones differ only in the message they cite."""
    seen: dict[str, str] = {}
    for item in items:
        seen.setdefault(item.rsplit(" [", 1)[0], item)
    return list(seen.values())
