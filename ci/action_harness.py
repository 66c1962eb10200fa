#!/usr/bin/env python3
"""Runs a composite action's steps the way GitHub's runner does, on this machine.

What the runner does and this harness does the same way (actions/runner's composite steps):
- `${{ ... }}` expressions are rendered before a step runs, in `with:`, `env:`, `run:` and
  `if:` (an `if:` without `${{ }}` is an expression too; no `if:` means `success()`), with the
  contexts `inputs` (the defaults, then the given values), `github`, `runner`, `strategy` and
  `steps`; strings compare case-insensitively, a missing value is the empty string (`github.job`
  and `strategy` are missing unless --job and --job-index are given);
- a `run:` step with `shell: bash` runs as `bash --noprofile --norc -eo pipefail FILE`, the
  script written to a file, in the workspace, with the step's `env:` and `GITHUB_ACTION_PATH`,
  `GITHUB_WORKSPACE`, `GITHUB_OUTPUT`, `GITHUB_PATH`, `GITHUB_ENV` and `GITHUB_STEP_SUMMARY`
  set; lines a step appends to `GITHUB_PATH` lead `PATH` for the later steps, `GITHUB_OUTPUT`
  (`name=value` or `name<<DELIMITER`) becomes `steps.<id>.outputs`;
- after a failed step only steps whose condition holds on failure (`always()`, `failure()`,
  `!cancelled()`: no run here is cancelled) run, and the action's outputs are rendered at the
  end.
Git's global config is a file in the state folder (GIT_CONFIG_GLOBAL), so what a step writes
there (the Action's safe.directory) stays out of this machine's ~/.gitconfig.
`uses:` steps are stood in for: `actions/cache/restore` misses unless `actions/cache/save` saved
the key in this harness's cache folder; `actions/upload-artifact` copies the path into the
artifacts folder and fails, as GitHub answers 409, when the name is taken.

Usage: action_harness.py ACTION_FOLDER --workspace DIR --state DIR [--input NAME=VALUE]...
       [--event NAME] [--pull-request N] [--hide COMMAND]... [--repository OWNER/NAME]
       [--job ID] [--job-index N --job-total N]   (a job of a matrix of N jobs)
Prints a JSON object (steps with their outcome, the action's outputs, the job summary, the
artifacts) and exits 0 when the job succeeded, 1 when a step failed.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

import yaml


class Expression:
    """The subset of GitHub's expression language actions use: context paths, string and
    boolean literals, `==`, `!=`, `&&`, `||`, `!`, parentheses, and the status functions."""

    TOKEN = re.compile(
        r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<op>==|!=|&&|\|\||!|\(|\))"
        r"|(?P<call>[A-Za-z_]+\(\))|(?P<word>[A-Za-z_][A-Za-z0-9_.\-]*))"
    )

    def __init__(self, text, contexts, failed):
        self.tokens = []
        position = 0
        text = text.strip()
        while position < len(text):
            match = self.TOKEN.match(text, position)
            if not match or match.end() == position:
                raise ValueError(f"cannot read the expression {text!r} at {position}")
            self.tokens.append((match.lastgroup, match.group(match.lastgroup)))
            position = match.end()
        self.index = 0
        self.contexts = contexts
        self.failed = failed

    def value(self):
        result = self.either()
        if self.index != len(self.tokens):
            raise ValueError(f"unexpected {self.tokens[self.index][1]!r}")
        return result

    def either(self):
        left = self.both()
        while self.peek("||"):
            self.index += 1
            right = self.both()
            left = left if truthy(left) else right
        return left

    def both(self):
        left = self.comparison()
        while self.peek("&&"):
            self.index += 1
            right = self.comparison()
            left = right if truthy(left) else left
        return left

    def comparison(self):
        left = self.unary()
        while self.peek("==") or self.peek("!="):
            operator = self.tokens[self.index][1]
            self.index += 1
            right = self.unary()
            equal = text(left).lower() == text(right).lower()
            left = equal if operator == "==" else not equal
        return left

    def unary(self):
        if self.peek("!"):
            self.index += 1
            return not truthy(self.unary())
        if self.peek("("):
            self.index += 1
            inner = self.either()
            if not self.peek(")"):
                raise ValueError("a ( without its )")
            self.index += 1
            return inner
        kind, token = self.tokens[self.index]
        self.index += 1
        if kind == "string":
            return token[1:-1].replace("''", "'")
        if kind == "call":
            return {
                "always()": True,
                "success()": not self.failed,
                "failure()": self.failed,
                "cancelled()": False,
            }[token]
        if token in ("true", "false"):
            return token == "true"
        if token == "null":
            return None
        value = self.contexts
        for part in token.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        return value

    def peek(self, operator):
        return (
            self.index < len(self.tokens)
            and self.tokens[self.index][0] == "op"
            and self.tokens[self.index][1] == operator
        )


def truthy(value):
    return value not in (None, False, "", 0)


def text(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def render(template, contexts, failed=False):
    """`template` with each `${{ ... }}` replaced by its value as text."""
    if not isinstance(template, str):
        return template
    return re.sub(
        r"\$\{\{(.*?)\}\}",
        lambda match: text(Expression(match.group(1), contexts, failed).value()),
        template,
    )


def condition(step, contexts, failed):
    """Whether the step runs: its `if:` as an expression (with or without `${{ }}`); a
    condition without a status function holds only while no step failed."""
    written = step.get("if")
    if written is None:
        return not failed
    written = str(written).strip()
    if written.startswith("${{") and written.endswith("}}"):
        written = written[3:-2]
    if not re.search(r"\b(always|failure|cancelled|success)\(\)", written):
        written = f"success() && ({written})"
    return truthy(Expression(written, contexts, failed).value())


def read_outputs(path):
    """`GITHUB_OUTPUT`'s `name=value` and `name<<DELIMITER ... DELIMITER` entries."""
    outputs = {}
    lines = open(path, encoding="utf-8").read().splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            end = lines.index(delimiter, index + 1)
            outputs[name] = "\n".join(lines[index + 1 : end])
            index = end + 1
            continue
        if "=" in line:
            name, value = line.split("=", 1)
            outputs[name] = value
        index += 1
    return outputs


def hidden_path(state, hide):
    """A PATH of links to every command on this PATH but the hidden ones."""
    folder = os.path.join(state, "bin-without-" + "-".join(hide))
    if not os.path.isdir(folder):
        os.makedirs(folder)
        for entry in os.environ.get("PATH", "").split(os.pathsep):
            if not os.path.isdir(entry):
                continue
            for name in os.listdir(entry):
                target = os.path.join(entry, name)
                link = os.path.join(folder, name)
                if name in hide or os.path.lexists(link) or not os.access(target, os.X_OK):
                    continue
                os.symlink(target, link)
    return folder


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("action")
    parser.add_argument("--workspace", required=True)
    parser.add_argument("--state", required=True)
    parser.add_argument("--input", action="append", default=[])
    parser.add_argument("--event", default="push")
    parser.add_argument("--pull-request", default="")
    parser.add_argument("--hide", action="append", default=[])
    parser.add_argument("--repository", default="team/app")
    parser.add_argument("--job", default=None)
    parser.add_argument("--job-index", default=None)
    parser.add_argument("--job-total", default=None)
    options = parser.parse_args()

    action_folder = os.path.abspath(options.action)
    action = yaml.safe_load(open(os.path.join(action_folder, "action.yml"), encoding="utf-8"))
    state = os.path.abspath(options.state)
    os.makedirs(state, exist_ok=True)
    files = {
        name: os.path.join(state, name)
        for name in ("output", "path", "env", "summary")
    }
    open(files["summary"], "w").close()
    inputs = {
        name: text(spec.get("default", "")) for name, spec in action.get("inputs", {}).items()
    }
    for pair in options.input:
        name, value = pair.split("=", 1)
        inputs[name] = value
    pull_request = {"number": options.pull_request} if options.pull_request else None
    contexts = {
        "inputs": inputs,
        "github": {
            "token": "harness-token",
            "event_name": options.event,
            "event": {"pull_request": pull_request} if pull_request else {},
            "action_path": action_folder,
            "workspace": os.path.abspath(options.workspace),
        },
        "runner": {
            "os": "Linux",
            "arch": "X64",
            "tool_cache": os.path.join(state, "tool-cache"),
            "temp": os.path.join(state, "temp"),
        },
        "steps": {},
    }
    if options.job is not None:
        contexts["github"]["job"] = options.job
    if options.job_index is not None:
        contexts["strategy"] = {
            "job-index": options.job_index,
            "job-total": options.job_total or "1",
        }
    base_path = (
        hidden_path(state, options.hide) if options.hide else os.environ.get("PATH", "")
    )
    added_path = []
    failed = False
    report = {"steps": [], "artifacts": []}
    for number, step in enumerate(action["runs"]["steps"]):
        name = step.get("name", f"step {number + 1}")
        if not condition(step, contexts, failed):
            report["steps"].append({"name": name, "outcome": "skipped"})
            continue
        outputs = {}
        exit_code = 0
        if "uses" in step:
            uses = step["uses"].split("@")[0]
            given = {key: render(value, contexts, failed) for key, value in step.get("with", {}).items()}
            if uses == "actions/cache/restore":
                saved = os.path.join(state, "cache", given["key"])
                hit = os.path.isdir(saved)
                if hit:
                    shutil.copytree(saved, given["path"], dirs_exist_ok=True)
                outputs["cache-hit"] = "true" if hit else ""
            elif uses == "actions/cache/save":
                if os.path.isdir(given["path"]):
                    shutil.copytree(given["path"], os.path.join(state, "cache", given["key"]), dirs_exist_ok=True)
            elif uses == "actions/upload-artifact":
                target = os.path.join(state, "artifacts", given["name"])
                if os.path.exists(target):
                    print(f"harness: an artifact named {given['name']} exists (409)", file=sys.stderr)
                    exit_code = 1
                else:
                    source = os.path.join(options.workspace, given["path"])
                    if os.path.isdir(source):
                        shutil.copytree(source, target)
                    report["artifacts"].append(given["name"])
            else:
                print(f"harness: {uses} is not stood in for", file=sys.stderr)
                exit_code = 1
        else:
            script = os.path.join(state, f"step-{number}.sh")
            with open(script, "w", encoding="utf-8") as handle:
                handle.write(render(step["run"], contexts, failed))
            for key in ("output", "path", "env"):
                open(files[key], "w").close()
            environment = dict(os.environ)
            environment.update(
                {key: text(render(value, contexts, failed)) for key, value in step.get("env", {}).items()}
            )
            environment.update(
                {
                    "PATH": os.pathsep.join(list(reversed(added_path)) + [base_path]),
                    "GITHUB_ACTION_PATH": action_folder,
                    "GITHUB_WORKSPACE": os.path.abspath(options.workspace),
                    "GITHUB_OUTPUT": files["output"],
                    "GITHUB_PATH": files["path"],
                    "GITHUB_ENV": files["env"],
                    "GITHUB_STEP_SUMMARY": files["summary"],
                    "GITHUB_EVENT_NAME": options.event,
                    "GITHUB_ACTIONS": "true",
                    "CI": "true",
                    "GITHUB_REPOSITORY": options.repository,
                    "RUNNER_TOOL_CACHE": contexts["runner"]["tool_cache"],
                    "GIT_CONFIG_GLOBAL": os.path.join(state, "gitconfig"),
                }
            )
            if options.job is not None:
                environment["GITHUB_JOB"] = options.job
            shell = step.get("shell")
            if shell != "bash":
                print(f"harness: shell {shell!r} is not bash", file=sys.stderr)
                exit_code = 1
            else:
                bash = shutil.which("bash", path=environment["PATH"]) or "/bin/bash"
                exit_code = subprocess.run(
                    [bash, "--noprofile", "--norc", "-eo", "pipefail", script],
                    cwd=options.workspace,
                    env=environment,
                    # The step's output is the job's log: on standard error, apart from the report.
                    stdout=sys.stderr,
                ).returncode
            outputs = read_outputs(files["output"])
            added_path += [line for line in open(files["path"], encoding="utf-8").read().splitlines() if line]
        if "id" in step:
            contexts["steps"][step["id"]] = {
                "outputs": outputs,
                "outcome": "success" if exit_code == 0 else "failure",
            }
        report["steps"].append(
            {"name": name, "outcome": "success" if exit_code == 0 else "failure", "exit": exit_code}
        )
        failed = failed or exit_code != 0
    report["outputs"] = {
        name: render(spec.get("value", ""), contexts, failed)
        for name, spec in action.get("outputs", {}).items()
    }
    report["summary"] = open(files["summary"], encoding="utf-8").read()
    report["path"] = added_path
    print(json.dumps(report, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
