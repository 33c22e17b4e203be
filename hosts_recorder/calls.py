"""A planned step as each host's own tool call: Claude Code's and Gemini CLI's built-in tools."""

from __future__ import annotations

from typing import Any

from .plan import Prompt

# ----------------------------------------------------------------------------------------- host tool mapping


def for_host(prompts: list[Prompt], host: str) -> list[Prompt]:
    """The plan as one host plays it: steps marked only=<other host> dropped."""
    return [Prompt(p.text, [s for s in p.steps if s.get("only", host) == host]) for p in prompts]


def claude_call(step: dict[str, Any], proj: str) -> tuple[str, dict[str, Any]]:
    op = step["op"]
    if op == "shell":
        return "Bash", {"command": step["command"], "description": step["desc"]}
    if op == "read":
        if step.get("lines"):
            first, last = step["lines"]
            return "Read", {"file_path": f"{proj}/{step['path']}", "offset": first, "limit": last - first + 1}
        return "Read", {"file_path": f"{proj}/{step['path']}"}
    if op == "edit":
        return "Edit", {"file_path": f"{proj}/{step['path']}", "old_string": step["old"], "new_string": step["new"]}
    if op == "write":
        return "Write", {"file_path": f"{proj}/{step['path']}", "content": step["content"]}
    if op == "grep":
        return "Grep", {"pattern": step["pattern"], "path": proj, "output_mode": "content", "-n": True}
    if op == "todo":
        # Claude Code 2.1.330 in -p mode has no TodoWrite: its task list is TaskCreate/TaskUpdate, deferred
        # behind ToolSearch. The first todo step creates one task per item, later ones mark them (ids 1, 2, ...).
        if step.get("update"):
            return "TaskUpdate", {"taskId": str(step["update"]), "status": step["items"][step["update"] - 1][1]}
        c = step["items"][step.get("create", 1) - 1][0]
        verb, _, rest = c.partition(" ")
        ing = {"Write": "Writing", "Print": "Printing", "Fix": "Fixing", "Make": "Making"}.get(verb, verb)
        return "TaskCreate", {"subject": c, "description": c, "activeForm": f"{ing} {rest}"}
    if op == "toolsearch":
        return "ToolSearch", {"query": step["query"], "max_results": 5}
    raise ValueError(op)


def _props(decl: dict[str, Any]) -> set[str]:
    schema = decl.get("parametersJsonSchema") or decl.get("parameters") or {}
    return set((schema.get("properties") or {}).keys())


def gemini_call(step: dict[str, Any], proj: str, declared: dict[str, dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    op = step["op"]

    def pick(*names: str) -> str:
        for n in names:
            if n in declared:
                return n
        raise LookupError(f"none of {names} declared by gemini (declared: {sorted(declared)})")

    def path_key(name: str) -> str:
        props = _props(declared[name])
        for k in ("file_path", "absolute_path", "path"):
            if k in props:
                return k
        return "file_path"

    if op == "shell":
        name = pick("run_shell_command")
        args = {"command": step["command"]}
        if "description" in _props(declared[name]):
            args["description"] = step["desc"]
        return name, args
    if op == "read":
        name = pick("read_file")
        args = {path_key(name): f"{proj}/{step['path']}"}
        if step.get("lines"):
            first, last = step["lines"]
            props = _props(declared[name])
            if "start_line" in props:
                args |= {"start_line": first, "end_line": last}
            else:  # older Gemini CLIs: offset (0-based) and limit
                args |= {"offset": first - 1, "limit": last - first + 1}
        return name, args
    if op == "edit":
        name = pick("replace", "edit")
        args = {path_key(name): f"{proj}/{step['path']}", "old_string": step["old"], "new_string": step["new"]}
        if "instruction" in _props(declared[name]):
            args["instruction"] = step.get("say") or f"Edit {step['path']}"
        return name, args
    if op == "write":
        name = pick("write_file")
        return name, {path_key(name): f"{proj}/{step['path']}", "content": step["content"]}
    if op == "grep":
        name = pick("grep_search", "search_file_content")
        args = {"pattern": step["pattern"]}
        props = _props(declared[name])
        for k in ("dir_path", "path"):
            if k in props:
                args[k] = proj
                break
        return name, args
    if op == "todo":
        name = pick("write_todos")
        return name, {"todos": [{"description": c, "status": s} for c, s in step["items"]]}
    raise ValueError(op)


# ------------------------------------------------------------------------------------------------ fake model


def fill_schema(schema: Any) -> Any:
    """A value matching a JSON schema (Gemini CLI's side calls ask for JSON: next speaker, routing, ...)."""
    if not isinstance(schema, dict):
        return "x"
    if schema.get("enum"):
        return schema["enum"][0]
    t = schema.get("type")
    if isinstance(t, list):
        t = t[0] if t else "string"
    t = (t or "").lower()
    if t == "object" or "properties" in schema:
        return {k: fill_schema(v) for k, v in (schema.get("properties") or {}).items()}
    if t == "array":
        return []
    if t in ("integer", "number"):
        return schema.get("minimum", 1)
    if t == "boolean":
        return False
    return "x"
