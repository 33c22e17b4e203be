"""How a core argument model becomes a tool: the SDK derives a tool's input schema from its function's
signature, so each tool function is given the model's fields as its parameters (flat, as hosts send them;
a model parameter would nest them under one name). The model stays the one definition of the arguments."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar, cast

from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel, Field

from ..arguments import Arguments
from ..results.shapes import structured

R = TypeVar("R")


def parameters(model: type[Arguments]) -> list[inspect.Parameter]:
    """The model's fields as keyword parameters: type, bounds and description kept, default kept."""
    out = []
    for name, info in model.model_fields.items():
        annotation = _annotated(info.annotation, [*info.metadata, Field(description=info.description)])
        default = inspect.Parameter.empty if info.is_required() else info.default
        out.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation))
    return out


def _annotated(annotation: Any, metadata: list[Any]) -> Any:
    """``Annotated[annotation, *metadata]``, as the SDK itself builds a parameter's type from a signature."""
    return Annotated[(annotation, *metadata)]


def bind(
    model: type[Arguments],
    fn: Callable[..., R],
    extra: Sequence[inspect.Parameter] = (),
    returns: Any = inspect.Signature.empty,
) -> Callable[..., R]:
    """``fn(**arguments)`` presented with the model's fields (and ``extra``: a context, a resolved value) as its
    signature, which is what the SDK reads a tool's input schema from (``inspect.signature`` honours a
    function's ``__signature__``). Sync stays sync (the SDK runs it in a worker thread), async stays async."""
    params = [*parameters(model), *extra]
    wrapper = _async_caller(fn) if inspect.iscoroutinefunction(fn) else _caller(fn)
    wrapper.__name__ = wrapper.__qualname__ = fn.__name__
    wrapper.__module__ = fn.__module__
    vars(wrapper)["__signature__"] = inspect.Signature(params, return_annotation=returns)
    wrapper.__annotations__ = {p.name: p.annotation for p in params} | (
        {} if returns is inspect.Signature.empty else {"return": returns}
    )
    return cast("Callable[..., R]", wrapper)


def _caller(fn: Callable[..., Any]) -> Callable[..., Any]:
    def call(**arguments: Any) -> Any:
        return fn(**arguments)

    return call


def _async_caller(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    async def call(**arguments: Any) -> Any:
        return await fn(**arguments)

    return call


def split(model: type[Arguments], arguments: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The model's arguments (already checked: the server parses them before the SDK does) and the rest."""
    fields = model.model_fields
    mine = {k: v for k, v in arguments.items() if k in fields}
    return model.model_construct(**mine), {k: v for k, v in arguments.items() if k not in fields}


def answer(shape: BaseModel, text: str) -> CallToolResult:
    """A tool's answer: Claude Code shows the model the structured content, Gemini CLI the text; both are
    complete on their own."""
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured(shape))


def failure(message: str) -> CallToolResult:
    """A tool's answer to what went wrong: the one line, flagged as an error."""
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


@dataclass(frozen=True)
class Direct:
    """A tool's body as the server runs it itself, on the arguments its core model has just checked (see
    ContextServer.call_tool): without the SDK's second check of them, its resolvers and its check of the answer
    against the output schema, all of which repeat what the core model has checked. The tool registered with
    the SDK stays what clients list and what a client that can be asked runs.

    ``asks_client``: the tool may ask the client's model (sampling, through a resolver); its body then runs
    directly only for a client that offers no sampling, where the resolver would have nothing to ask."""

    body: Callable[[Any], CallToolResult]
    asks_client: bool = False
