"""The MCP face: the five tools (their arguments are the core's models, bound in ``binding``), the stored
results as resources, the summary prompts, and sampling for the optional model steps. ``app`` builds the
server and is the one place where a core error becomes a tool error."""
