"""Work told in a conversation's text instead of through tool calls: agents without tools (Aider) write their
edits as SEARCH/REPLACE blocks in the reply and hand a command's output back as a user turn that quotes the
command and then what it printed; others (code executors, bash-only agents) write the command in a fenced shell
block and get its output back in the next user turn with its exit code. Read here as the calls they stand for, so
that their failures and fixes are summarised like anyone else's."""

from __future__ import annotations

import json
import re

from ..conversation import edits, failures, wrappers
from ..conversation.model import Block
from .keyed import key_words, path_of, whole_text

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


#: A fenced block in a language a host can run (``py``, ``python``, ``js``...): a code agent's call.
_CODE_BLOCK = re.compile(
    r"^```[ \t]*(py|python3?|ipython|js|javascript|node|ts|typescript|rb|ruby|php|perl|lua|r|julia|"
    r"[\w-]*(?:code|exec\w*|run)[\w-]*)[ \t]*\n(.*?)^```",  # or a fence named for running (``tool_code``)
    re.M | re.S | re.I,
)


#: A block a reply writes for its host to act on: a tag around the text (``<shell id="1">...</shell>``,
#: ``<create_file path="x">...</create_file>``), or a labelled delimiter line on both sides whose first line inside
#: names the tool (``[TOOL CODE]\nrun_in_bash_session\n...\n[TOOL CODE]``).
_OPEN_TAG = re.compile(r"^[ \t]*<(\w+)([^<>\n]*)>\n?", re.M)  # a tag opening a line
_CLOSE_TAG = re.compile(r"</(\w+)>")
_LABEL_BLOCK = re.compile(r"^\[([A-Z][A-Z _]{2,30})\]\n([\w.-]+)\n(.*?)\n?^\[\1\][ \t]*$", re.M | re.S)
_RUNS = re.compile(r"(?i)bash|shell|command|terminal|exec|^sh$|^run$")
_WRITES = re.compile(r"(?i)create|write|save|overwrite")
#: What a tag's ``type`` attribute says it does (``<action type="shell">``, ``<action type="file" path="x">``).
_TYPE_RUNS = re.compile(r"""(?i)\btype=["']?(?:shell|bash|command|terminal|exec|run)\b""")
_TYPE_WRITES = re.compile(r"""(?i)\btype=["']?(?:file|create|write|save)\b""")
_NESTING = 2  # how deep tags inside tags are looked into
_PATH_ATTR = re.compile(r"""\b(?:path|file|file_?path|filename|uri)=["']([^"'\n]+)["']""", re.I)


def _tags(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, name, attributes, body) of each tag block that opens a line and is closed later, outermost
    only; a closing tag is looked for only when the text holds one of that name (no scan per unclosed tag)."""
    if "</" not in text:
        return []
    closers = set(_CLOSE_TAG.findall(text))
    out: list[tuple[int, int, str, str, str]] = []
    done = 0
    for m in _OPEN_TAG.finditer(text):
        name = m.group(1)
        if m.start() < done or name not in closers:
            continue
        end = text.find(f"</{name}>", m.end())
        if end < 0:
            continue
        done = end + len(name) + 3
        out.append((m.start(), done, name, m.group(2), text[m.end() : end].removesuffix("\n")))
    return out


def _blocks(text: str, depth: int = 0) -> list[tuple[str, str, str]]:
    """(tool or tag name, attributes, body) of each tag or labelled block a reply writes, in order; a tag that
    only groups others (``<artifact><action type="shell">...``) stands for the ones inside it."""
    found = []
    for start, _, name, attrs, body in _tags(text):
        # a tag with a path acts on it itself (its inner tags are its parts: ``<old_str>``); one without groups
        # actions when those carry attributes of their own
        looked = depth < _NESTING and "</" in body and not _PATH_ATTR.search(attrs)
        inner = _blocks(body, depth + 1) if looked else []
        grouped = bool(inner) and all(block[1].strip() or params(block[2]) is not None for block in inner)
        found += [(start, *block) for block in inner] if grouped else [(start, name, attrs, body)]
    found += [(m.start(), m.group(2), "", m.group(3)) for m in _LABEL_BLOCK.finditer(text)] if "\n[" in text else []
    return [(name, attrs, body) for _, name, attrs, body in sorted(found)]


def params(body: str) -> dict[str, str] | None:
    """The arguments of a call written as tags (``<execute_command><command>make</command></execute_command>``):
    each child tag's name and text, when the body is made of child tags only; else None."""
    children = _tags(body) if "</" in body else []
    if not children:
        return None
    rest = body
    for start, end, *_ in reversed(children):
        rest = rest[:start] + rest[end:]
    if rest.strip():
        return None
    return {name.lower(): value.strip("\n") for _, _, name, _, value in children}


def _param(found: dict[str, str] | None, words: set[str]) -> str | None:
    """The argument under a key with one of ``words`` (``kodu_content`` says content)."""
    return next((v for k, v in (found or {}).items() if key_words(k) & words), None)


_COMMAND_WORDS = {"command", "cmd", "script", "input"}


def command_written(text: str) -> Block | None:
    """The command of the last shell block of a reply (a fenced block in a shell's language, or a tag or labelled
    block whose name says it runs a command), as the call it stands for: run when the next user turn answers with
    its output and exit code (see ``answered``)."""
    fenced = [m.group(2) for m in _SHELL_BLOCK.finditer(text)] if "```" in text else []
    tagged = [
        _param(params(body), _COMMAND_WORDS) or body
        for name, attrs, body in _blocks(text)
        if (_RUNS.search(name) or _TYPE_RUNS.search(attrs)) and not _PATH_ATTR.search(attrs)
    ]
    blocks = fenced or tagged
    if not blocks and "```" in text:  # code a code agent's host runs: the next turn is what it printed
        code = [(m.group(1), m.group(2)) for m in _CODE_BLOCK.finditer(text)]
        if code and code[-1][1].strip():
            language, body = code[-1]
            return Block(kind="tool_call", name=CODE_BLOCK, args={"language": language, "code": body.strip()})
    if not blocks or not blocks[-1].strip():
        return None
    # a fence may only suggest a command; a tag or labelled block is a call the host carries out (see ``answered``)
    return Block(kind="tool_call", name=SHELL_BLOCK if fenced else CALLED, args={"command": blocks[-1].strip()})


def prose(text: str) -> str:
    """A reply's own words, without the tag, labelled and JSON blocks it writes for its host to carry out."""
    if ("```" in text or "~~~" in text) and json_calls_written(text):
        text = _JSON_BLOCK.sub("", text)
    for start, end, *_ in reversed(_tags(text)):
        if text[end : end + 1] in ("", "\n"):  # on lines of its own: a call written out, not a word in a sentence
            text = text[:start] + text[end:]
    if "\n[" in text:
        text = _LABEL_BLOCK.sub("", text)
    return _READ_TAG.sub("", text).strip() if "<" in text else text.strip()


#: A fenced JSON block of a reply: agents that write their calls as data (``[{"command_name": ..., "args": ...}]``,
#: ``{"action": ..., "action_input": ...}``) put them in one.
_JSON_BLOCK = re.compile(r"^(?P<fence>```|~~~)[ \t]*json[ \t]*\n(?P<body>.*?)^(?P=fence)", re.M | re.S | re.I)
#: Keys naming the tool a call written as data is for, and keys holding its arguments.
_NAME_KEYS = ("command_name", "tool_name", "tool", "name", "action", "function", "command")
_CODE_KEYS = ("code", "script", "cmd")
_ARGS_KEYS = (
    "args",
    "arguments",
    "parameters",
    "params",
    "input",
    "action_input",
    "tool_input",
    "tool_args",
    "tool_arguments",
    "tool_params",
    "kwargs",
)


def json_calls_written(text: str) -> list[Block]:
    """The calls a reply writes as data, in fenced JSON blocks or as the whole reply: each object (or each of a list
    of them) that names a tool under a key that says so and gives its arguments as an object under another, or that
    gives code to run (``{"code": "make -k", "description": ...}``). The host carries them out, and the next turn is
    what they answered."""
    if "{" not in text:
        return []
    labelled = _fields_call(text)
    if labelled is not None:
        return [labelled]
    bodies = [found["body"] for found in _JSON_BLOCK.finditer(text)] if "```" in text or "~~~" in text else []
    bodies = bodies or ([text] if text.lstrip().startswith("{") else _data_after_words(text))
    out = []
    for body in bodies:
        try:
            value = json.loads(body)
        except ValueError:
            continue
        for item in value if isinstance(value, list) else [value]:
            if not isinstance(item, dict):
                continue
            name = next((item[k] for k in _NAME_KEYS if isinstance(item.get(k), str) and item[k]), None)
            args = next((item[k] for k in _ARGS_KEYS if isinstance(item.get(k), dict)), None)
            code = next((item[k] for k in _CODE_KEYS if isinstance(item.get(k), str) and item[k].strip()), None)
            if name is not None and args is not None:
                out.append(Block(kind="tool_call", name=name, args=args))
            elif code is not None and name is None:  # code for the host to run (a code interpreter's reply)
                out.append(Block(kind="tool_call", name="run", args={"command": code.strip()}))
    return out


#: A field's label on a line of its own, or heading its value (``[[ ## next_tool_name ## ]]``, ``Action Input:``).
_FIELD = re.compile(
    r"(?m)^[ \t]*(?:\[\[ *## *(?P<a>[\w ]{1,40}?) *## *\]\]|(?P<b>[A-Za-z][\w ]{0,30}):)[ \t]*(?P<rest>.*)$"
)
_NAME_FIELD = {"tool", "action", "function"}
_ARGS_FIELD = {"args", "arguments", "input", "parameters", "params"}


def _fields(text: str) -> list[tuple[set[str], str]]:
    """The labelled fields of a reply, each as its label's words and its value (the rest of its line and the
    lines up to the next label)."""
    found = list(_FIELD.finditer(text))
    out = []
    for n, field in enumerate(found):
        end = found[n + 1].start() if n + 1 < len(found) else len(text)
        label = (field["a"] or field["b"]).lower().replace("_", " ")
        out.append((set(label.split()), (field["rest"] + text[field.end() : end]).strip()))
    return out


def _fields_call(text: str) -> Block | None:
    """A call written as labelled fields (DSPy's ``next_tool_name`` and ``next_tool_args``, a ReAct reply's
    ``Action:`` and ``Action Input:``): a field whose label names a tool or an action holds one name, another whose
    label says arguments or input holds a JSON object."""
    name = args = None
    for words, value in _fields(text):
        if words & _ARGS_FIELD and value.startswith("{"):
            try:
                parsed = json.loads(value)
            except ValueError:
                continue
            args = parsed if isinstance(parsed, dict) else None
        elif words & _NAME_FIELD and re.fullmatch(r"[\w.-]{1,64}", value):
            name = value
    return Block(kind="tool_call", name=name, args=args) if name and args is not None else None


def _data_after_words(text: str) -> list[str]:
    """A reply that says a few words and then gives its call as data, an object from a line's start to the end."""
    for found in _OBJECT_START.finditer(text):
        body = text[found.start() :].strip()
        if body.endswith("}"):
            return [body]
    return []


_OBJECT_START = re.compile(r"(?m)^\{")


def answer_body(text: str) -> str:
    """A turn that answers a written call, without the lead that says what ran (``Command X executed:``,
    ``Observation:``): what follows is the output; in an answer written as data (``{"tool_name": ...,
    "tool_result": ...}`` in a fenced JSON block), the result's value."""
    given = _data_answer(text)
    if given is not None:
        return given
    fenced = _OUTPUT_FENCE.match(text)
    if fenced is not None:  # the output in a fence named for it: the fence's body, read again for a lead
        text = fenced["body"]
    labels = _OUTPUT_LABELS.match(text)
    if labels is not None:  # the output under labels that say so (``[[ ## observation_3 ## ]]``)
        return text[labels.end() :]
    lead = _OUTPUT_HEAD.match(text)
    if lead is None or not lead.group(0).endswith(":"):
        return text
    return text[lead.end() :].lstrip(" \t").removeprefix("\n")


#: Keys under which an answer written as data gives what the call returned.
_RESULT_KEYS = ("tool_result", "result", "output", "observation", "tool_output")


def _data_answer(text: str) -> str | None:
    """What an answer written as data says the call returned: the value under a result's key of the one object in
    a fenced JSON block (or of the turn, when it is the object), as text."""
    if "{" not in text or not ("```" in text or "~~~" in text or text.lstrip().startswith("{")):
        return None
    bodies = [found["body"] for found in _JSON_BLOCK.finditer(text)] or [text]
    if len(bodies) != 1:
        return None
    try:
        value = json.loads(bodies[0])
    except ValueError:
        return None
    if not isinstance(value, dict):
        return None
    given = next((value[k] for k in _RESULT_KEYS if k in value), None)
    if given is None:
        return None
    return given if isinstance(given, str) else json.dumps(given)


#: The name of a call a reply writes as a tag or labelled block: the host carries it out and the next user turn
#: is its answer, whatever it says.
CALLED = "written call"
#: The names of a code block and of a fenced shell block a reply writes for a code agent's host to run.
CODE_BLOCK, SHELL_BLOCK = "code block", "shell block"


_EDGE = 200  # an exit code a host states stands at an output's head or at its end


def answered(text: str) -> bool:
    """Whether a user turn is a command's output handed back: it states an exit code as a wrapper does, it opens
    by saying what ran or by an output's label (``Ran command: ...``, ``Observation:``, ``Execution logs:``), or
    it holds the lines only a failed run prints (a host that hands back the bare output of a command)."""
    if wrappers.unwrapped(text)[1] is not None or wrappers.exit_code(text[:_EDGE]) is not None:
        return True
    if wrappers.exit_code(text[-_EDGE:]) is not None:  # stated after the output, as a script that runs it prints
        return True
    if _data_answer(text) is not None:
        return True
    if _OUTPUT_HEAD.match(text) or _OUTPUT_FENCE.match(text):
        return True
    return failures.quote(text) is not None


#: A turn that is one fenced block named for what a call gave back (````tool_output``, ````output``, ````result``).
_OUTPUT_FENCE = re.compile(
    r"^\s*```[ \t]*[\w-]*(?:output|result|stdout|observation|console)[\w-]*[ \t]*\n(?P<body>.*?)^```\s*\Z",
    re.M | re.S | re.I,
)


#: Labels over an output (DSPy's trajectory fields): ``[[ ## trajectory ## ]]``, ``[[ ## observation_3 ## ]]``.
_OUTPUT_LABELS = re.compile(
    r"^\s*(?:\[\[ *## *(?:trajectory|observation\w*|output\w*|result\w*) *## *\]\][ \t]*\n)+", re.I
)


#: A turn's first words that say it is what a command or code printed, or that it printed nothing (``<code ran, no
#: output printed to stdout>``, ``(no output)``).
_OUTPUT_HEAD = re.compile(
    r"(?i)^\s*[<(\[]?(?:(?:ran|executed) (?:the )?(?:command|code|script)\b|(?:no|empty) (?:output|stdout)\b|"
    r"(?:the |your )?(?:command|code|script|program) (?:ran|was run|executed|exited|finished|completed)\b|"
    r"command [\w.-]+ executed:|"
    r"(?:observation|output|stdout|stderr|execution (?:logs?|output|result)|console output)s?:)"
)


#: A read written in a reply: a tag with a path whose name says read (``<open_file path="x"/>``), or a call
#: written out in a block (``read_file("x")``).
_READ_TAG = re.compile(
    r"""<(\w*(?:open|read|view|show|cat)\w*)\b[^<>\n]*?\b(?:path|file|file_?path|uri)=["']([^"'\n]+)["'][^<>\n]*>""",
    re.I,
)
_READ_CALL = re.compile(
    r"""^\s*(\w*(?:open|read|view|show|cat)\w*)\(\s*(?:\w+\s*=\s*)?["']([^"'\n]+)["']\s*\)\s*$""", re.M | re.I
)


def read_written(text: str) -> Block | None:
    """The last read a reply writes for its host to do (a tag or a call written out), as a read call whose result
    is the next user turn."""
    found = [(m.start(), m.group(2)) for m in _READ_TAG.finditer(text)] if "<" in text else []
    found += [(m.start(), m.group(2)) for m in _READ_CALL.finditer(text)] if "(" in text else []
    for name, _, body in _blocks(text) if "</" in text and not found else ():  # ``<read_file><path>x</path>``
        path = path_of(params(body) or {}) if _READS.search(name) else None
        if path:
            found.append((len(found), path.strip()))
    for _, _, name, _, body in _tags(text) if "</" in text and not found else ():
        # the path nested in argument groups (``<read_file><args><file><path>x</path></file></args>``)
        nested = _NESTED_PATH.search(body) if _READS.search(name) else None
        if nested:
            found.append((len(found), nested["path"].strip()))
    return Block(kind="tool_call", name=CALLED, args={"path": max(found)[1]}) if found else None


_READS = re.compile(r"(?i)read|open|view|show|cat")
_NESTED_PATH = re.compile(r"<(?P<tag>path|file_?path|uri)>(?P<path>[^<>\n]+)</(?P=tag)>", re.I)


def read(path: str) -> Block:
    """A file handed over in a turn, as the read call it stands for."""
    return Block(kind="tool_call", name="file shown", args={"path": path})


def write(path: str, content: str) -> Block:
    """A whole file written in a reply under its path (Aider's whole-file format), as a write call."""
    return Block(kind="tool_call", name="file written", args={"path": path, "content": content})


def edits_written(text: str) -> list[Block]:
    """Each SEARCH/REPLACE block of a reply, as an edit call on the path written above it; each tag block with a
    path and an old/new pair inside (``<str_replace path="x"><old_str>..</old_str><new_str>..</new_str>``)."""
    out = []
    for edit in edits.text_edits(text):
        if edit.path:
            out.append(_edit_block(edit.path, edit.old, edit.new))
    tagged = _tag_edits(text) if "</" in text else []
    if tagged:  # the path of an edit in tags is its own argument, not the tag line above the markers
        out = [e for e in out if not str(e.args["path"]).startswith("<")] + tagged
    for _, attrs, body in _blocks(text) if not out else ():
        path = _PATH_ATTR.search(attrs)
        inner = {name.lower(): value for _, _, name, _, value in _tags(body)} if path else {}
        old = next((v for k, v in inner.items() if k.startswith(("old", "search", "find", "before"))), None)
        new = next((v for k, v in inner.items() if k.startswith(("new", "replace", "after"))), None)
        if path and old is not None and new is not None:
            out.append(_edit_block(path.group(1), old, new))
    return out


def _edit_block(path: str, old: str, new: str) -> Block:
    return Block(kind="tool_call", name="edit block", args={"path": path, "old": old, "new": new})


def _tag_edits(text: str) -> list[Block]:
    """Edits written as a call's tags: the path in one, conflict markers in another (``<path>x</path>
    <diff><<<<<<< ... >>>>>>></diff>``)."""
    out = []
    for _, _, body in _blocks(text):
        found = params(body) or {}
        path = path_of(found)
        if path is None:
            continue
        for value in found.values():
            out += [_edit_block(path, edit.old, edit.new) for edit in edits.text_edits(f"x\n{value}")]
    return out


def files_written(text: str) -> list[tuple[str, str]]:
    """(path, text) of each whole file a reply writes in a block whose name says so: a tag with a path
    (``<create_file path="x">``), a labelled block whose next line is the path, a fence with the path on it
    (```` ```save x ````)."""
    out = []
    for name, attrs, body in _blocks(text):
        if not (_WRITES.search(name) or _TYPE_WRITES.search(attrs)):
            continue
        path = _PATH_ATTR.search(attrs)
        if path is not None:
            out.append((path.group(1), body.rstrip(" \t")))  # the closing tag's indentation is not the file's
        elif not attrs and "\n" in body and _PATHLIKE.fullmatch(body.split("\n", 1)[0].strip()):
            first, rest = body.split("\n", 1)
            out.append((first.strip(), rest))
    for _, _, body in _blocks(text) if "</" in text and not out else ():  # ``<path>x</path><content>...``
        found = params(body) or {}
        where, content = path_of(found), whole_text(found)
        if where and content is not None and not any(edits.text_edits(f"x\n{v}") for v in found.values()):
            out.append((where.strip(), content))
    for m in _WRITE_FENCE.finditer(text) if "```" in text else ():
        out.append((m.group(1), m.group(2)))
    return out


_PATHLIKE = re.compile(r"[\w./-]+\.\w+|[\w.-]*/[\w./-]+")
_WRITE_FENCE = re.compile(
    r"^```[ \t]*(?:save|write|create|overwrite)\w*[ \t]+([\w./-]+\.\w+|[\w.-]*/[\w./-]+)[ \t]*\n(.*?)\n?^```[ \t]*$",
    re.M | re.S,
)


#: A path on its own line, then a fenced block: a file's text handed over in a turn.
_FILE_BLOCK = re.compile(r"^([\w./-]+\.\w+|[\w./-]+/[\w.-]+)\n```[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)


_PREAMBLE_CHARS = 400  # a host's few lines of preamble before the files it hands over


def files_shown(text: str) -> list[tuple[str, str]]:
    """The files a turn hands over (Aider's "added these files to the chat"): (path, text) for each path line
    followed by a fenced block, when such blocks are most of the turn; none for a turn that only quotes code."""
    found = [(m.group(1), m.group(2).rstrip("\n"), len(m.group(0))) for m in _FILE_BLOCK.finditer(text)]
    if not found and "</" in text:  # ``<file path="x">...</file>`` tags, as context buffers hand files over
        found = [
            (path.group(1), body.strip("\n"), len(body))
            for name, attrs, body in _blocks(text)
            if _FILE_TAG.search(name) and (path := _PATH_ATTR.search(attrs)) is not None
        ]
    inside = sum(size for _, _, size in found)
    if not found or (inside < len(text) // 2 and len(text) - inside > _PREAMBLE_CHARS):
        return []
    return [(path, body) for path, body, _ in found]


_FILE_TAG = re.compile(r"(?i)^(?:file|document|source)$")
