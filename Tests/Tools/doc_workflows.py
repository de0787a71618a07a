#!/usr/bin/env python3
"""Checks and runs the YAML examples of a Markdown page (docs/ci.md, docs/distributed.md).

  doc_workflows.py validate DOC
      Parses every ```yaml block, checks GitHub Actions workflows and Kubernetes Jobs for the structure those systems
      expect, and prints a JSON summary: {"workflows": n, "jobs": [names], "kubernetes": [kinds/names]}.

  doc_workflows.py run-workflow DOC --template DIR --scratch DIR --render BIN [--event push|workflow_dispatch]
                                    [--input NAME=VALUE ...]
      Runs the workflow of DOC as GitHub Actions would on separate machines: every job (and every matrix entry) in a
      fresh folder under --scratch, its steps in order. actions/checkout copies --template; actions/cache does nothing;
      upload-artifact and download-artifact copy files through --scratch/artifacts as those actions do (a download by
      pattern puts each artifact in its own folder); the JUnit action checks that its files exist and parse. `run:`
      steps run in bash -e with `apt-get` as a no-op and `make build` linking .build/release/render to --render. `if:`
      conditions always(), failure(), success() and env.X != 'Y' are evaluated. As on GitHub, CI is true and
      GITHUB_STEP_SUMMARY names a file per job (its path is the job's "summary"). Prints a JSON list of the jobs run.

  doc_workflows.py run-kubernetes DOC --template DIR --scratch DIR --render BIN
      Runs the Jobs of DOC in order: an Indexed Job's pods one after another in reverse index order (order must not
      matter), each with JOB_COMPLETION_INDEX; volumes are folders under --scratch/volumes, /scenes is the template's
      Scenes folder, and `render` on PATH is --render. Prints a JSON list of the pods run.

Anything the emulation does not know (another action, another expression, a missing input) is an error, so a
change to the examples cannot slip past the test unread.
"""
import fnmatch
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import yaml

KNOWN_ACTIONS = {
    "actions/checkout": set(),
    "actions/cache": {"path", "key", "restore-keys"},
    "actions/upload-artifact": {"name", "path"},
    "actions/download-artifact": {"pattern", "name", "path"},
    "mikepenz/action-junit-report": {"report_paths", "check_name"},
}


class Problem(Exception):
    pass


def yaml_blocks(doc):
    text = open(doc, encoding="utf-8").read()
    blocks = re.findall(r"^```yaml\n(.*?)^```", text, flags=re.S | re.M)
    documents = []
    for n, block in enumerate(blocks):
        try:
            for d in yaml.safe_load_all(block):
                if d is not None:
                    documents.append(d)
        except yaml.YAMLError as e:
            raise Problem(f"{doc}: yaml block {n + 1} does not parse: {e}")
    return documents


def fix_on_key(workflow):
    # YAML 1.1 reads the key `on` as the boolean true.
    if True in workflow:
        workflow["on"] = workflow.pop(True)
    # `on: push` and `on: [push, pull_request]` are short for a mapping of events.
    events = workflow.get("on")
    if isinstance(events, str):
        workflow["on"] = {events: None}
    elif isinstance(events, list):
        workflow["on"] = {e: None for e in events}
    return workflow


# MARK: - Structure

def check_workflow(w):
    for key in ("name", "on", "jobs"):
        if key not in w:
            raise Problem(f"workflow lacks '{key}'")
    jobs = w["jobs"]
    if not isinstance(jobs, dict) or not jobs:
        raise Problem("'jobs' must be a non-empty mapping")
    for name, job in jobs.items():
        if "runs-on" not in job:
            raise Problem(f"job {name} lacks runs-on")
        needs = job.get("needs", [])
        for n in ([needs] if isinstance(needs, str) else needs):
            if n not in jobs:
                raise Problem(f"job {name} needs {n}, which is not a job")
        steps = job.get("steps")
        if not isinstance(steps, list) or not steps:
            raise Problem(f"job {name} has no steps")
        for i, step in enumerate(steps):
            if ("uses" in step) == ("run" in step):
                raise Problem(f"job {name} step {i + 1}: give exactly one of uses and run")
            if "uses" in step:
                action, _, version = step["uses"].partition("@")
                if action not in KNOWN_ACTIONS or not re.fullmatch(r"v\d+", version):
                    raise Problem(f"job {name} step {i + 1}: {step['uses']} is not an action this check knows (pinned @vN)")
                unknown = set(step.get("with", {})) - KNOWN_ACTIONS[action]
                if unknown:
                    raise Problem(f"job {name} step {i + 1}: {action} has no input {sorted(unknown)}")
            if "run" in step and "chromium" in step["run"]:
                raise Problem(f"job {name} step {i + 1}: installs chromium, which building and testing renders do not need")
        matrix = job.get("strategy", {}).get("matrix")
        if matrix is not None and not isinstance(matrix, dict):
            raise Problem(f"job {name}: strategy.matrix must be a mapping")


def check_kubernetes(d):
    if d.get("apiVersion") != "batch/v1" or d.get("kind") != "Job":
        raise Problem(f"expected apiVersion batch/v1, kind Job, found {d.get('apiVersion')} {d.get('kind')}")
    name = d.get("metadata", {}).get("name")
    if not name or not re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", name):
        raise Problem(f"Job name {name!r} is not a valid Kubernetes name")
    spec = d.get("spec", {})
    pod = spec.get("template", {}).get("spec", {})
    if pod.get("restartPolicy") not in ("Never", "OnFailure"):
        raise Problem(f"Job {name}: a Job's pods need restartPolicy Never or OnFailure")
    containers = pod.get("containers") or []
    if not containers:
        raise Problem(f"Job {name} has no containers")
    volumes = {v["name"] for v in pod.get("volumes", [])}
    for c in containers:
        if not c.get("image") or not c.get("name"):
            raise Problem(f"Job {name}: every container needs a name and an image")
        for m in c.get("volumeMounts", []):
            if m["name"] not in volumes:
                raise Problem(f"Job {name}: volume mount {m['name']} has no volume")
    if spec.get("completionMode") == "Indexed":
        completions = spec.get("completions")
        if not isinstance(completions, int) or completions < 1:
            raise Problem(f"Job {name}: an Indexed Job needs completions ≥ 1")
        if spec.get("parallelism", 1) > completions:
            raise Problem(f"Job {name}: parallelism above completions")
        if not any("JOB_COMPLETION_INDEX" in " ".join(c.get("command", []) + c.get("args", [])) for c in containers):
            raise Problem(f"Job {name}: an Indexed Job's command should read JOB_COMPLETION_INDEX")


def validate(doc):
    summary = {"workflows": 0, "jobs": [], "kubernetes": []}
    for d in yaml_blocks(doc):
        if "jobs" in d:
            check_workflow(fix_on_key(d))
            summary["workflows"] += 1
            summary["jobs"] += list(d["jobs"])
        elif "apiVersion" in d:
            check_kubernetes(d)
            summary["kubernetes"].append(f"{d['kind']}/{d['metadata']['name']}")
        else:
            raise Problem(f"{doc}: a yaml block is neither a workflow nor a Kubernetes object")
    return summary


# MARK: - Running a workflow

def hash_files(*patterns):
    return "hash(" + ",".join(patterns) + ")"


def evaluate(expr, ctx):
    """The expressions the examples use, and no others."""
    e = expr.strip()
    m = re.fullmatch(r"matrix\.([A-Za-z_][\w-]*)", e)
    if m:
        if m.group(1) not in ctx["matrix"]:
            raise Problem(f"${{{{ {e} }}}}: the matrix has no {m.group(1)}")
        return str(ctx["matrix"][m.group(1)])
    m = re.fullmatch(r"inputs\.(\w+) \|\| '([^']*)'", e)
    if m:
        return ctx["inputs"].get(m.group(1)) or m.group(2)
    if e == "runner.os":
        return "Linux"
    m = re.fullmatch(r"hashFiles\((.*)\)", e)
    if m:
        return "hash"
    raise Problem(f"${{{{ {e} }}}} is not an expression this check evaluates")


def substitute(text, ctx):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: evaluate(m.group(1), ctx), text)


def condition(cond, ctx, failed):
    if cond is None:
        return not failed
    c = cond.strip()
    if c.startswith("${{") and c.endswith("}}"):
        c = c[3:-2].strip()
    if c == "always()":
        return True
    if c == "failure()":
        return failed
    if c == "success()":
        return not failed
    m = re.fullmatch(r"env\.(\w+) (==|!=) '([^']*)'", c)
    if m:
        value = ctx["env"].get(m.group(1), "")
        return (not failed) and ((value == m.group(3)) == (m.group(2) == "=="))
    raise Problem(f"if: {cond} is not a condition this check evaluates")


def shims(folder, render):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "apt-get"), "w") as f:
        f.write("#!/bin/sh\necho \"apt-get $* (stand-in: nothing installed)\" >&2\n")
    with open(os.path.join(folder, "make"), "w") as f:
        f.write("#!/bin/sh\n"
                "[ \"$1\" = build ] && [ $# = 1 ] || { echo \"make $*: only 'make build' has a stand-in\" >&2; exit 2; }\n"
                f"mkdir -p .build/release && ln -sf '{render}' .build/release/render\n")
    with open(os.path.join(folder, "render"), "w") as f:
        f.write(f"#!/bin/sh\nexec '{render}' \"$@\"\n")
    for name in ("apt-get", "make", "render"):
        os.chmod(os.path.join(folder, name), 0o755)


def copy_into(source, target):
    if os.path.isdir(source):
        shutil.copytree(source, target, dirs_exist_ok=True)
    else:
        os.makedirs(target, exist_ok=True)
        shutil.copy2(source, target)


def matrix_entries(job):
    matrix = job.get("strategy", {}).get("matrix")
    if not matrix:
        return [{}]
    keys = [k for k in matrix if k not in ("include", "exclude")]
    entries = [{}]
    for k in keys:
        entries = [dict(e, **{k: v}) for e in entries for v in matrix[k]]
    if "include" in matrix:
        entries = [e for e in entries if e] + list(matrix["include"])
    return entries


def run_workflow(doc, template, scratch, render, event, inputs):
    workflows = [fix_on_key(d) for d in yaml_blocks(doc) if "jobs" in d]
    if len(workflows) != 1:
        raise Problem(f"{doc}: expected one workflow, found {len(workflows)}")
    w = workflows[0]
    check_workflow(w)
    if event not in w["on"]:
        raise Problem(f"the workflow does not run on {event}")
    declared = (w["on"].get("workflow_dispatch") or {}).get("inputs", {}) if event == "workflow_dispatch" else {}
    for k in inputs:
        if k not in declared:
            raise Problem(f"the workflow has no input {k}")
        options = declared[k].get("options")
        if options and inputs[k] not in options:
            raise Problem(f"input {k}={inputs[k]} is not one of {options}")
    artifacts = os.path.join(scratch, "artifacts")
    os.makedirs(artifacts, exist_ok=True)
    shim_folder = os.path.join(scratch, "bin")
    shims(shim_folder, render)
    done, results = set(), []
    jobs = w["jobs"]
    while len(done) < len(jobs):
        ready = [n for n, j in jobs.items() if n not in done and all(
            d in done for d in ([j["needs"]] if isinstance(j.get("needs"), str) else j.get("needs", [])))]
        if not ready:
            raise Problem("the jobs' needs form a loop")
        for name in ready:
            job = jobs[name]
            needs = [job["needs"]] if isinstance(job.get("needs"), str) else job.get("needs", [])
            if any(r["status"] != "success" for r in results if r["job"] in needs):
                results.append({"job": name, "status": "skipped"})
                done.add(name)
                continue
            for n, entry in enumerate(matrix_entries(job)):
                results.append(run_job(name, job, entry, n, template, scratch, artifacts, shim_folder, inputs))
            done.add(name)
    return results


def run_job(name, job, entry, n, template, scratch, artifacts, shim_folder, inputs):
    workspace = os.path.join(scratch, f"{name}-{n + 1}")
    os.makedirs(workspace)
    ctx = {"matrix": entry, "inputs": inputs, "env": {}}
    for k, v in (job.get("env") or {}).items():
        ctx["env"][k] = substitute(str(v), ctx)
    failed, log = False, []
    # GitHub's job summary: a file every step may append markdown to.
    summary = os.path.join(scratch, f"{name}-{n + 1}.step-summary.md")
    open(summary, "w").close()
    for i, step in enumerate(job["steps"]):
        if not condition(step.get("if"), ctx, failed):
            continue
        label = step.get("uses") or step["run"].split("\n")[0]
        if "run" in step:
            script = substitute(step["run"], ctx)
            env = dict(os.environ, **ctx["env"])
            env["PATH"] = shim_folder + ":" + env["PATH"]
            env["GITHUB_STEP_SUMMARY"] = summary
            env["CI"] = "true"
            p = subprocess.run(["bash", "-e", "-c", script], cwd=workspace, env=env, capture_output=True, text=True)
            log.append({"step": label, "status": p.returncode, "stdout": p.stdout[-2000:], "stderr": p.stderr[-2000:]})
            failed = failed or p.returncode != 0
            continue
        action = step["uses"].partition("@")[0]
        given = {k: substitute(str(v), ctx) for k, v in (step.get("with") or {}).items()}
        if action == "actions/checkout":
            shutil.copytree(template, workspace, dirs_exist_ok=True, symlinks=True)
        elif action == "actions/upload-artifact":
            source = os.path.join(workspace, given["path"])
            if not os.path.exists(source):
                raise Problem(f"job {name}: upload-artifact path {given['path']} does not exist")
            if os.path.exists(os.path.join(artifacts, given["name"])):
                raise Problem(f"job {name}: an artifact named {given['name']} exists already")
            copy_into(source, os.path.join(artifacts, given["name"]))
        elif action == "actions/download-artifact":
            target = os.path.join(workspace, given.get("path", "."))
            if "name" in given:
                copy_into(os.path.join(artifacts, given["name"]), target)
            else:
                names = [a for a in sorted(os.listdir(artifacts)) if fnmatch.fnmatch(a, given["pattern"])]
                if not names:
                    raise Problem(f"job {name}: no artifact matches {given['pattern']}")
                for a in names:
                    copy_into(os.path.join(artifacts, a), os.path.join(target, a))
        elif action == "mikepenz/action-junit-report":
            files = glob.glob(os.path.join(workspace, given["report_paths"]))
            if not files:
                raise Problem(f"job {name}: no JUnit file matches {given['report_paths']}")
            for f in files:
                ET.parse(f)
        log.append({"step": label, "status": 0})
    return {"job": name, "matrix": entry, "status": "failure" if failed else "success", "workspace": workspace, "steps": log,
            "summary": summary}


# MARK: - Running Kubernetes Jobs

def run_kubernetes(doc, template, scratch, render):
    shim_folder = os.path.join(scratch, "bin")
    shims(shim_folder, render)
    results = []
    for d in yaml_blocks(doc):
        if d.get("kind") != "Job":
            continue
        check_kubernetes(d)
        spec = d["spec"]
        pod = spec["template"]["spec"]
        indices = list(range(spec.get("completions", 1)))[::-1] if spec.get("completionMode") == "Indexed" else [None]
        for c in pod["containers"]:
            words = c.get("command", []) + c.get("args", [])
            mapping = {"/scenes": os.path.join(template, "Scenes")}
            for m in c.get("volumeMounts", []):
                mapping[m["mountPath"]] = os.path.join(scratch, "volumes", m["name"])
                os.makedirs(mapping[m["mountPath"]], exist_ok=True)

            def local(word):
                for root in sorted(mapping, key=len, reverse=True):
                    word = re.sub(r"(?<![\w/])" + re.escape(root) + r"(?=/|\b)", mapping[root], word)
                return word
            for index in indices:
                env = dict(os.environ, PATH=shim_folder + ":" + os.environ["PATH"])
                if index is not None:
                    env["JOB_COMPLETION_INDEX"] = str(index)
                p = subprocess.run([local(w) for w in words], env=env, capture_output=True, text=True, cwd=scratch)
                results.append({"job": d["metadata"]["name"], "index": index, "status": p.returncode,
                                "stdout": p.stdout[-2000:], "stderr": p.stderr[-2000:]})
                if p.returncode != 0:
                    return results
    return results


def main(argv):
    command, doc = argv[1], argv[2]
    options, inputs, k = {}, {}, 3
    while k < len(argv):
        if argv[k] == "--input":
            name, _, value = argv[k + 1].partition("=")
            inputs[name] = value
        else:
            options[argv[k].lstrip("-")] = argv[k + 1]
        k += 2
    try:
        if command == "validate":
            out = validate(doc)
        elif command == "run-workflow":
            out = run_workflow(doc, options["template"], options["scratch"], options["render"],
                               options.get("event", "push"), inputs)
        elif command == "run-kubernetes":
            out = run_kubernetes(doc, options["template"], options["scratch"], options["render"])
        else:
            raise Problem(f"unknown command {command}")
    except Problem as e:
        print(json.dumps({"problem": str(e)}))
        return 1
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
