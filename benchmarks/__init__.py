"""Benchmarks of mcp_context, each against a baseline measured in the same run; ``python -m benchmarks``.

Benchmarks live outside the package and the test suite: they take minutes and gigabytes, and their numbers
depend on the machine, so they inform design decisions rather than gate commits.
"""
