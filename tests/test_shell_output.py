"""Gemini CLI's shell wrapper taken apart: the command's output as it printed it, the fields as metadata."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mcp_context.hooks.shell_output import FIELDS, ShellOutput, unwrap


def wrap(output: str, fields: dict[str, str]) -> str:
    """As Gemini CLI 0.61 writes a shell result for the model (its shell tool, then the untrusted wrapper)."""
    parts = [f"Output: {output or '(empty)'}"] + [f"{k}: {v}" for k in FIELDS if (v := fields.get(k)) is not None]
    return "<untrusted_context>\n" + "\n".join(parts) + "\n</untrusted_context>"


def test_the_real_shape_gives_the_bare_output_and_its_fields() -> None:
    out = "".join(f"{i}\n" for i in range(1, 11)).rstrip("\n")
    llm = wrap(out, {"Exit Code": "2", "Process Group PGID": "4242"})
    assert unwrap(llm, out) == ShellOutput(out, {"Exit Code": "2", "Process Group PGID": "4242"})
    assert unwrap(llm, None) == ShellOutput(out, {"Exit Code": "2", "Process Group PGID": "4242"})
    assert unwrap(llm, None).describe() == "exit code 2, PGID 4242"  # type: ignore[union-attr]


def test_an_error_of_several_lines_and_an_empty_output() -> None:
    llm = wrap("", {"Error": "spawn failed\nENOENT", "Exit Code": "127", "Process Group PGID": "9"})
    found = unwrap(llm, "Command failed: spawn failed")
    assert found == ShellOutput("", {"Error": "spawn failed\nENOENT", "Exit Code": "127", "Process Group PGID": "9"})


def test_text_not_in_the_wrapper_is_left_alone() -> None:
    assert unwrap("Output: but no field after it", None) is None
    assert unwrap("plain text\nProcess Group PGID: 3", None) is None
    assert unwrap("<untrusted_context>\nsomething else\n</untrusted_context>", None) is None


_LINES = st.lists(
    st.sampled_from(["1", "Error: x", "Exit Code: 1", "Output: y", "", "Process Group PGID: 7", "é ok", "Signal: 9"]),
    min_size=1,
    max_size=8,
).map("\n".join)


@given(_LINES, st.dictionaries(st.sampled_from(FIELDS[1:]), st.from_regex(r"[0-9]{1,5}", fullmatch=True)))
def test_with_the_display_any_output_comes_back_exactly(output: str, fields: dict[str, str]) -> None:
    """Whatever the output holds, even lines shaped like the wrapper's fields, the displayed output decides."""
    fields = {**fields, "Process Group PGID": fields.get("Process Group PGID", "1")}
    found = unwrap(wrap(output, fields), output)
    assert found is not None and found.output == ("" if output == "(empty)" else output)
    assert found.fields == {k: fields[k] for k in FIELDS if k in fields}
