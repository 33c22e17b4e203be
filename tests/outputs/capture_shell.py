"""Capture groups of the shell and git (see ``capture.py``): bash's own errors and git's."""

from __future__ import annotations

from capture_corpus import Corpus

# ================================================================================================
# Shell basics and git
# ================================================================================================


def shell_cases(c: Corpus) -> None:
    proj = c.project("webtool", {"README.md": "# webtool\n", "src/main.py": "print('hi')\n"})
    c.case(
        "command_not_found",
        "pnpm install",
        proj,
        kind="command_not_found",
        failed=True,
        message=r"command not found",
    )
    c.case(
        "command_not_found_typo",
        "pyhton src/main.py",
        proj,
        kind="command_not_found",
        failed=True,
        message=r"command not found",
    )
    c.case(
        "cat_missing_file",
        "cat config/settings.yaml",
        proj,
        kind="no_such_file",
        failed=True,
        message=r"No such file or directory",
    )
    c.case(
        "ls_missing_dir",
        "ls -la build/",
        proj,
        kind="no_such_file",
        failed=True,
        message=r"No such file or directory",
    )


def git_cases(c: Corpus) -> None:
    plain = c.project("notes", {"todo.txt": "- ship it\n"})
    c.case(
        "git_not_a_repo",
        "git status",
        plain,
        kind="git_error",
        failed=True,
        message=r"^fatal: not a git repository",
    )

    repo = c.project(
        "gitdemo",
        {
            "client.py": """
                TIMEOUT = 5
                RETRIES = 1


                def get(url):
                    return request("GET", url, timeout=TIMEOUT)
            """
        },
    )
    steps = [
        "git init -q -b main",
        "git add client.py && git commit -q -m 'Add HTTP client'",
        "sed -i 's/RETRIES = 1/RETRIES = 3/' client.py && git commit -q -am 'Retry on timeout error'",
        "echo '# errors are logged by the caller' >> client.py"
        " && git commit -q -am 'Fix error message for empty config'",
        "git checkout -q -b feature/slow-api HEAD~1",
        "sed -i 's/TIMEOUT = 5/TIMEOUT = 30/' client.py && git commit -q -am 'Raise timeout for the slow API'",
        "git checkout -q main",
        "sed -i 's/TIMEOUT = 5/TIMEOUT = 10/' client.py && git commit -q -am 'Handle connection errors in client'",
    ]
    for step in steps:
        c.setup(step, repo)
    c.case("git_log_mentions_error", "git log --oneline", repo, kind="git_log", failed=False)
    c.case(
        "git_checkout_missing_branch",
        "git checkout release-2.0",
        repo,
        kind="git_error",
        failed=True,
        message=r"^error: pathspec",
    )
    c.case(
        "git_push_no_remote",
        "git push",
        repo,
        kind="git_error",
        failed=True,
        message=r"^fatal: No configured push destination",
    )
    c.case(
        "git_merge_conflict",
        "git merge feature/slow-api",
        repo,
        kind="merge_conflict",
        failed=True,
        message=r"^CONFLICT \(content\)",
    )
