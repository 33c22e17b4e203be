"""Work told in a conversation's text instead of through tool calls: agents without tools (Aider) write their
edits as SEARCH/REPLACE blocks in the reply and hand a command's output back as a user turn that quotes the
command and then what it printed; others (code executors, bash-only agents) write the command in a fenced shell
block and get its output back in the next user turn with its exit code. Read here as the calls they stand for, so
that their failures and fixes are summarised like anyone else's."""

from __future__ import annotations

import re

from ..conversation import edits, wrappers
from ..conversation.model import Block

#: A user turn that quotes a command and then its output: "I ran this command:\n\n<cmd>\n\nAnd got this
#: output:\n\n<output>" (Aider's /run and /test), in a few wordings.
_RUN = re.compile(
    r"^\s*I ran (?:this|the following) command:?\s*\n+(?:```\w*\n)?(?P<command>[^\n]+?)\n(?:```\n)?\s*\n*"
    r"And (?:got|it printed) (?:this|the following) output:?[ \t]*(?:\n(?P<output>.*))?\Z",  # none: it printed nothing
    re.S | re.I,
)


def run(text: str) -> tuple[Block, str] | None:
    """The command a user turn quotes with its output, as a call and its output; None for any other turn."""
    found = _RUN.match(text)
    if found is None:
        return None
    command = found["command"].strip().strip("`")
    return Block(kind="tool_call", name="run", args={"command": command}), (found["output"] or "").strip("\n")


#: A fenced block whose language names a shell (``bash``, ``sh``, ``console``, ``mswea_bash_command``...).
_SHELL_BLOCK = re.compile(
    r"^```[ \t]*([\w-]*(?:bash|sh|shell|console|zsh|terminal)[\w-]*)[ \t]*\n(.*?)^```", re.M | re.S
)


def command_written(text: str) -> Block | None:
    """The command of the last fenced shell block of a reply, as the call it stands for: run when the next user
    turn answers with its output and exit code (see ``answered``)."""
    blocks = _SHELL_BLOCK.findall(text)
    if not blocks or not blocks[-1][1].strip():
        return None
    return Block(kind="tool_call", name="shell block", args={"command": blocks[-1][1].strip()})


def answered(text: str) -> bool:
    """Whether a user turn is a command's output handed back: it states an exit code as a wrapper does."""
    return wrappers.unwrapped(text)[1] is not None or wrappers.exit_code(text[:200]) is not None


def read(path: str) -> Block:
    """A file handed over in a turn, as the read call it stands for."""
    return Block(kind="tool_call", name="file shown", args={"path": path})


def write(path: str, content: str) -> Block:
    """A whole file written in a reply under its path (Aider's whole-file format), as a write call."""
    return Block(kind="tool_call", name="file written", args={"path": path, "content": content})


def edits_written(text: str) -> list[Block]:
    """Each SEARCH/REPLACE block of a reply, as an edit call on the path written above it."""
    out = []
    for edit in edits.text_edits(text):
        if edit.path:
            out.append(
                Block(kind="tool_call", name="edit block", args={"path": edit.path, "old": edit.old, "new": edit.new})
            )
    return out


#: A path on its own line, then a fenced block: a file's text handed over in a turn.
_FILE_BLOCK = re.compile(r"^([\w./-]+\.\w+|[\w./-]+/[\w.-]+)\n```[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)


_PREAMBLE_CHARS = 400  # a host's few lines of preamble before the files it hands over


def files_shown(text: str) -> list[tuple[str, str]]:
    """The files a turn hands over (Aider's "added these files to the chat"): (path, text) for each path line
    followed by a fenced block, when such blocks are most of the turn; none for a turn that only quotes code."""
    found = list(_FILE_BLOCK.finditer(text))
    inside = sum(len(m.group(0)) for m in found)
    if not found or (inside < len(text) // 2 and len(text) - inside > _PREAMBLE_CHARS):
        return []
    return [(m.group(1), m.group(2).rstrip("\n")) for m in found]
