"""Checks the files `stategate init` writes, and runs the GitHub workflow's steps in order.

Usage: python test-templates.py REPO EXAMPLE-BINARY
REPO is stategate's checkout; EXAMPLE-BINARY the example package's own stategate, which
ci/example.sh has just built from Templates/ExampleSubject. Exits 1 with the reasons when a check
fails.

1. Every template is written by `init` into a scratch copy of the example package (and `init`
   refuses to write over them again). The YAML files parse; every shell script and every shell
   block of the CI files (a workflow's `run:`, GitLab's `script:`, a Jenkinsfile's `sh`) passes
   `bash -n` and shellcheck.
2. The GitHub workflow's rules: `fail-fast: false`, minimal `permissions:`, every action pinned by
   a full commit SHA, `persist-credentials: false`, a `.build` cache, every upload with
   `if: always()` and hidden files, a JUnit publisher, `triage` as the gate, `diff` on pull
   requests.
3. The workflow's jobs and steps run in order, as a runner would: `run:` blocks with bash -eo
   pipefail in a fresh copy of the project per job, with the variables GitHub sets; `uses:`
   steps are played by small stand-ins (upload and download keep artifacts per run, and drop
   hidden files unless `include-hidden-files` is set; the JUnit publisher reads the files it is
   given). First a push to main whose contracts hold, then a pull request whose build has a bug.
   Two stand-ins keep it fast: `swift` hands out the example binary already built (after checking
   that the product the workflow names is that binary) instead of compiling it again, and `gh`
   answers with the first run's id. The pull request's "build" is the same binary run with a
   faulty subject in place of `brightness`, which is what a bug in the model would give.
4. The pre-push hook and the Xcode Cloud script run the same way: the hook lets the first push
   through, keeps its result, and blocks the buggy one; the Xcode Cloud script exits 1.
5. The Jenkinsfile's pipeline is played too: its `sh` blocks in order with the pipeline's
   environment, every matrix cell (a failed cell does not stop the other), `post { always }`
   after a failure, archives and Copy Artifact played by copying folders. A build of main passes
   and archives one merged result; a change request with the bug fails, the JUnit step finds one
   report per shard, `diff` against main's archive finds the new failure, the triage says why.
"""
import fnmatch
import glob
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

import yaml

FAILURES = []
SHA = re.compile(r"^[0-9a-f]{40}$")


def check(condition, message):
    if not condition:
        FAILURES.append(message)
    return condition


def sh(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


def lint_shell(name, text, shell="bash"):
    """bash -n and shellcheck on one script or block of shell."""
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as handle:
        handle.write(text if text.startswith("#!") else f"#!/usr/bin/env {shell}\n{text}\n")
        path = handle.name
    try:
        syntax = sh(["bash", "-n", path])
        check(syntax.returncode == 0, f"{name}: bash -n: {syntax.stderr.strip()}")
        # SC2016: single quotes around a GitHub expression are deliberate.
        lint = sh(["shellcheck", "--severity=style", "--exclude=SC2016", path])
        check(lint.returncode == 0, f"{name}: shellcheck:\n{lint.stdout.strip()}")
    finally:
        os.unlink(path)


# --- 1 and 2: write every template with init, parse and lint it --------------------------------

def write_templates(binary, project):
    written = {}
    for words in (["ci", "github"], ["ci", "gitlab"], ["ci", "jenkins"], ["ci", "xcode-cloud"],
                  ["hook", "pre-push"]):
        result = sh([binary, "init", *words, "--product", "example-stategate", "-C", project])
        if not check(result.returncode == 0, f"init {' '.join(words)}: {result.stderr.strip()}"):
            continue
        path = result.stdout.strip()
        written[" ".join(words)] = path
        again = sh([binary, "init", *words, "-C", project])
        check(again.returncode == 64 and "pass --force" in again.stderr,
              f"init {' '.join(words)} overwrote an existing file: {again.returncode} {again.stderr}")
    return written


def check_github_rules(workflow):
    check(workflow.get("permissions") == {"contents": "read"},
          f"workflow permissions are not minimal: {workflow.get('permissions')}")
    jobs = workflow["jobs"]
    strategy = jobs["contracts"].get("strategy", {})
    check(strategy.get("fail-fast") is False, "the shard matrix does not set fail-fast: false")
    uploads = 0
    for job_name, job in jobs.items():
        permissions = job.get("permissions", {})
        check(all(value in ("read", "write") for value in permissions.values()),
              f"{job_name}: permissions {permissions}")
        check(set(permissions) <= {"contents", "actions", "checks"},
              f"{job_name}: more permissions than it needs: {permissions}")
        for step in job.get("steps", []):
            uses = step.get("uses")
            if not uses:
                continue
            action, _, ref = uses.partition("@")
            check(SHA.match(ref) is not None, f"{job_name}: {action} is not pinned by a full SHA")
            if action == "actions/checkout":
                check(step.get("with", {}).get("persist-credentials") is False,
                      f"{job_name}: checkout persists credentials")
            if action == "actions/upload-artifact":
                uploads += 1
                check(str(step.get("if", "")).startswith("always()"),
                      f"{job_name}: an upload without if: always()")
                check(step.get("with", {}).get("include-hidden-files") is True,
                      f"{job_name}: an upload that drops hidden .partial directories")
    check(uploads >= 2, "the shards and the merged result are not both uploaded")
    caches = [s for j in jobs.values() for s in j.get("steps", [])
              if s.get("uses", "").startswith("actions/cache@")]
    check(caches and all(s["with"]["path"] == ".build" for s in caches), "no .build cache")
    steps = [s for s in jobs["gate"]["steps"]]
    check(any(s.get("uses", "").startswith("mikepenz/action-junit-report@") for s in steps),
          "the JUnit is not published")
    check(any("triage" in s.get("run", "") for s in steps), "no triage gate")
    check(any("diff" in s.get("run", "") and "pull_request" in str(s.get("if", ""))
              for s in steps), "no diff on pull requests")


def static_checks(written, repo):
    templates = os.path.join(repo, "Templates")
    github = yaml.safe_load(open(written["ci github"]))
    check_github_rules(github)
    for job_name, job in github["jobs"].items():
        for index, step in enumerate(job.get("steps", [])):
            if "run" in step:
                text = re.sub(r"\$\{\{[^}]*\}\}", "X", step["run"])
                lint_shell(f"github {job_name} step {index + 1}", text)
    gitlab = yaml.safe_load(open(written["ci gitlab"]))
    check(gitlab["stategate-contracts"]["artifacts"]["when"] == "always",
          "GitLab: shard artifacts are not kept on failure")
    check(gitlab["stategate-contracts"]["artifacts"]["reports"]["junit"],
          "GitLab: no JUnit report")
    for job_name, job in gitlab.items():
        if isinstance(job, dict):
            blocks = job.get("before_script", []) + job.get("script", [])
            if blocks:
                lint_shell(f"gitlab {job_name}", "\n".join(blocks))
    jenkinsfile = open(written["ci jenkins"]).read()
    blocks = re.findall(r"sh '''(.*?)'''", jenkinsfile, re.S) + re.findall(r"sh '([^']*)'", jenkinsfile)
    check(len(blocks) >= 5, f"Jenkinsfile: only {len(blocks)} sh blocks found")
    for index, block in enumerate(blocks):
        lint_shell(f"Jenkinsfile sh block {index + 1}", block)
    check("junit testResults" in jenkinsfile and "archiveArtifacts" in jenkinsfile,
          "Jenkinsfile: no JUnit report or archive")
    for key in ("ci xcode-cloud", "hook pre-push"):
        path = written[key]
        check(os.stat(path).st_mode & stat.S_IXUSR, f"{path} is not executable")
        lint_shell(key, open(path).read(), shell="sh")
    for path in glob.glob(os.path.join(templates, "**", "*"), recursive=True):
        if path.endswith((".yml", ".yaml")) and "/ExampleSubject/" not in path:
            yaml.safe_load(open(path))


# --- 3: the workflow, run ------------------------------------------------------------------------

class Runner:
    """Plays a GitHub Actions run of one workflow, job by job and step by step."""

    def __init__(self, workflow, project, tools, scratch):
        self.workflow = workflow
        self.project = project
        self.tools = tools
        self.scratch = scratch
        self.artifacts = {}  # run id -> name -> folder
        self.logs = []

    def expression(self, text, context):
        def value(match):
            expr = match.group(1).strip()
            if expr.startswith("hashFiles("):
                return "0123abcd"
            return str(context.get(expr, ""))
        return re.sub(r"\$\{\{(.*?)\}\}", value, text) if isinstance(text, str) else text

    def condition(self, text, context, failed):
        if text is None:
            return not failed
        text = str(text).replace("${{", "").replace("}}", "").strip()
        uses_always = "always()" in text
        for key, val in context.items():
            text = text.replace(key, repr(str(val)))
        text = text.replace("always()", "True").replace("&&", " and ").replace("||", " or ")
        result = eval(text, {"__builtins__": {}}, {})  # only the expressions of our templates
        return bool(result) and (uses_always or not failed)

    def run(self, event, run_id, binary):
        context = {
            "github.event_name": event, "github.token": "token-for-test",
            "github.repository": "example/photos", "github.workflow": self.workflow["name"],
            "runner.os": "Linux",
        }
        env = dict(os.environ)
        env.update({k: str(v) for k, v in self.workflow.get("env", {}).items()})
        env.update({
            "GITHUB_ACTIONS": "true", "CI": "true", "GITHUB_EVENT_NAME": event,
            "GITHUB_SHA": f"{run_id:040d}", "GITHUB_RUN_ID": str(run_id),
            "GITHUB_REF": "refs/heads/main" if event == "push" else "refs/pull/7/merge",
            "PATH": self.tools + os.pathsep + os.environ["PATH"],
            "STATEGATE_TEST_BINARY": binary,
        })
        self.artifacts[run_id] = {}
        results = {}
        for job_name, job in self.workflow["jobs"].items():
            needs = job.get("needs", [])
            needs = [needs] if isinstance(needs, str) else needs
            needs_failed = any(results.get(n) == "failure" for n in needs)
            job_context = dict(context)
            for need in needs:
                for key, val in results.get(f"{need}.outputs", {}).items():
                    job_context[f"needs.{need}.outputs.{key}"] = val
            if not self.condition(job.get("if"), job_context, needs_failed):
                results[job_name] = "skipped"
                continue
            matrix = job.get("strategy", {}).get("matrix", {})
            cells = [{"matrix.shard": s} for s in matrix.get("shard", [])] or [{}]
            outcome = "success"
            for cell in cells:
                status, outputs = self.run_job(job_name, job, {**job_context, **cell}, env, run_id)
                if status != "success":
                    outcome = "failure"
                results[f"{job_name}.outputs"] = outputs
            results[job_name] = outcome
        return results

    def run_job(self, job_name, job, context, env, run_id):
        workspace = os.path.join(self.scratch, f"run{run_id}-{job_name}-{context.get('matrix.shard', 0)}")
        shutil.copytree(self.project, workspace)
        summary = os.path.join(workspace, "..", os.path.basename(workspace) + ".summary.md")
        output_file = summary + ".output"
        job_env = dict(env)
        job_env.update({"GITHUB_WORKSPACE": workspace, "GITHUB_STEP_SUMMARY": summary,
                        "GITHUB_OUTPUT": output_file})
        failed = False
        outputs = {}
        for index, step in enumerate(job.get("steps", [])):
            label = f"run {run_id} {job_name}{context.get('matrix.shard', '')} step {index + 1}"
            if not self.condition(step.get("if"), context, failed):
                self.logs.append((label, "skipped", "", ""))
                continue
            step_env = dict(job_env)
            step_env.update({k: self.expression(str(v), context) for k, v in step.get("env", {}).items()})
            if "run" in step:
                script = self.expression(step["run"], context)
                result = sh(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                            cwd=workspace, env=step_env)
                status = "success" if result.returncode == 0 else "failure"
                self.logs.append((label, status, result.stdout, result.stderr))
            else:
                status = self.play(step, context, workspace, run_id, label)
            if status == "failure":
                failed = True
            if step.get("id") and os.path.exists(output_file):
                for line in open(output_file):
                    key, _, val = line.rstrip("\n").partition("=")
                    outputs[key] = val
        return ("failure" if failed else "success"), outputs

    def play(self, step, context, workspace, run_id, label):
        action = step["uses"].split("@")[0]
        options = {k: self.expression(str(v), context) if not isinstance(v, bool) else v
                   for k, v in step.get("with", {}).items()}
        status, note = "success", ""
        if action in ("actions/checkout", "actions/cache"):
            pass
        elif action == "actions/upload-artifact":
            source = os.path.join(workspace, options["path"])
            target = os.path.join(self.scratch, "artifacts", str(run_id), options["name"])
            hidden = options.get("include-hidden-files") is True
            if os.path.isdir(source):
                shutil.copytree(source, target, ignore=None if hidden else
                                shutil.ignore_patterns(".*"), dirs_exist_ok=True)
                self.artifacts[run_id][options["name"]] = target
            else:
                note = "no files"
        elif action == "actions/download-artifact":
            store = self.artifacts.get(int(options.get("run-id") or run_id), {})
            names = ([options["name"]] if "name" in options else
                     [n for n in store if fnmatch.fnmatch(n, options.get("pattern", "*"))])
            if not names or any(n not in store for n in names):
                status, note = "failure", f"no artifact {names}"
            for name in names:
                if name in store:
                    shutil.copytree(store[name], os.path.join(workspace, options["path"]),
                                    dirs_exist_ok=True)
        elif action == "mikepenz/action-junit-report":
            files = glob.glob(os.path.join(workspace, options["report_paths"]), recursive=True)
            note = f"{len(files)} files"
            for path in files:
                text = open(path).read()
                if not (' file="' in text and ' line="' in text):
                    status, note = "failure", f"{path} has no file and line"
            if not files:
                status = "failure"
        else:
            status, note = "failure", f"no stand-in for {action}"
        self.logs.append((label, status, note, ""))
        return status

    def step_log(self, run_id, job, contains):
        return [log for log in self.logs if log[0].startswith(f"run {run_id} {job}") and contains in log[2] + log[3]]


STAND_INS = {
    "swift": r"""#!/usr/bin/env bash
# Stand-in for 'swift' in the workflow test: hands out the example binary built already.
set -euo pipefail
[ "${1:-}" = build ] || { echo "swift stand-in: only 'swift build' is played, not: $*" >&2; exit 2; }
shift
bin=$(dirname "$STATEGATE_TEST_BINARY")
product=""
show=0
while [ $# -gt 0 ]; do
  case "$1" in
  --product) product=$2; shift 2 ;;
  -c) [ "$2" = release ] || [ "$2" = debug ] || { echo "bad configuration $2" >&2; exit 2; }; shift 2 ;;
  --show-bin-path) show=1; shift ;;
  -q | --package-path) [ "$1" = -q ] && shift || shift 2 ;;
  *) echo "swift stand-in: unexpected argument $1" >&2; exit 2 ;;
  esac
done
if [ "$show" = 1 ]; then echo "$bin"; exit 0; fi
[ "$product" = "$(basename "$STATEGATE_TEST_BINARY")" ] ||
  { echo "error: no product named '$product'" >&2; exit 1; }
grep -q "name: \"$product\"" Package.swift 2>/dev/null || [ -n "${STATEGATE_PACKAGE:-}" ] ||
  { echo "error: Package.swift declares no product '$product'" >&2; exit 1; }
""",
    "gh": r"""#!/usr/bin/env bash
# Stand-in for the GitHub CLI: the last archived run on main is the one the test recorded.
set -euo pipefail
case "$*" in
*"run list"*"--branch main"*) cat "$STATEGATE_TEST_GH_RUN" ;;
*) echo "gh stand-in: unexpected: $*" >&2; exit 2 ;;
esac
""",
}


def buggy_binary(binary, folder):
    """The example binary as a build with a bug in BrightnessEditor would behave."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, os.path.basename(binary))
    with open(path, "w") as handle:
        handle.write(f"""#!/usr/bin/env bash
# The example stategate with a planted bug in place of 'brightness' (the workflow test's pull
# request): a drag is recorded as one group per callback.
if [ "${{1:-}}" = run ]; then
  shift
  exec "{binary}" run --subject fault:drag-callback-groups --subject album "$@"
fi
exec "{binary}" "$@"
""")
    os.chmod(path, 0o755)
    return path


def run_workflow(written, project, binary, scratch):
    tools = os.path.join(scratch, "tools")
    os.makedirs(tools)
    for name, text in STAND_INS.items():
        path = os.path.join(tools, name)
        with open(path, "w") as handle:
            handle.write(text)
        os.chmod(path, 0o755)
    workflow = yaml.safe_load(open(written["ci github"]))
    runner = Runner(workflow, project, tools, scratch)

    push = runner.run("push", 1, binary)
    check(push == {"contracts": "success", "contracts.outputs": {}, "baseline": "skipped",
                   "gate": "success", "gate.outputs": {}},
          f"push to main: {push}\n" + "\n".join(f"{l[0]} {l[1]}\n{l[2]}{l[3]}" for l in runner.logs))
    check(set(runner.artifacts[1]) == {"stategate-shard-1", "stategate-shard-2", "stategate-results"},
          f"push to main uploaded {sorted(runner.artifacts[1])}")

    gh_run = os.path.join(scratch, "gh-run")
    with open(gh_run, "w") as handle:
        handle.write("1\n")
    os.environ["STATEGATE_TEST_GH_RUN"] = gh_run
    buggy = buggy_binary(binary, os.path.join(scratch, "buggy"))
    pull = runner.run("pull_request", 2, buggy)
    log = "\n".join(f"{l[0]} {l[1]}\n{l[2]}{l[3]}" for l in runner.logs if l[0].startswith("run 2"))
    check(pull.get("contracts") == "failure", f"the buggy pull request's contracts passed\n{log}")
    check(pull.get("baseline") == "success" and pull.get("baseline.outputs") == {"run-id": "1"},
          f"baseline: {pull}")
    check(pull.get("gate") == "failure", f"the gate let the buggy pull request through\n{log}")
    check(set(runner.artifacts[2]) == {"stategate-shard-1", "stategate-shard-2", "stategate-results"},
          f"the pull request uploaded only {sorted(runner.artifacts[2])}")
    annotations = [line for l in runner.logs if l[0].startswith("run 2 contracts")
                   for line in (l[2] + l[3]).splitlines() if line.startswith("::error ")]
    # A built-in suite is no file of the user's repository: annotated on the step, never at a
    # path GitHub cannot place.
    check(any(line.startswith("::error title=undo-history/")
              and "[fault%3Adrag-callback-groups]::group-boundary" in line
              and "built-in suite 'undo-history', line " in line for line in annotations),
          f"no ::error annotation of the built-in suite: {annotations}")
    check(not any("Sources/Contracts" in line for line in annotations),
          f"an annotation points outside the user's repository: {annotations}")
    diff = [l for l in runner.logs if l[0].startswith("run 2 gate") and "new failures: " in l[2]]
    check(diff and "new failures: 0" not in diff[0][2] and diff[0][1] == "failure",
          f"the diff against main found no new failure\n{log}")
    triage = [l for l in runner.logs if l[0].startswith("run 2 gate") and l[1] == "failure"]
    check(len(triage) >= 2, f"the gate steps did not fail\n{log}")
    gate_log = [l for l in triage if "group-boundary" in l[2] and "new failures: " not in l[2]]
    check(gate_log, f"the gate's job log does not say why it failed\n{log}")
    summaries = glob.glob(os.path.join(scratch, "run2-gate-*.summary.md"))
    text = open(summaries[0]).read() if summaries else ""
    check("Against main's last archived result" in text and "group-boundary" in text,
          f"the gate's job summary lacks the diff or the triage:\n{text}")
    return runner


def run_jenkins(written, project, binary, scratch):
    """Plays the Jenkinsfile's pipeline: a build of main, then a change request with a bug.

    Each `sh` block runs in order in the build's workspace, with the pipeline's environment and
    each matrix cell's SHARD; `post { always }` runs whatever failed before it; the archive and
    Copy Artifact steps are played by copying folders. Returns nothing; records failures.
    """
    text = open(written["ci jenkins"]).read()
    environment = dict(re.findall(r"^\s+(\w+) = '([^']*)'$", text, re.M))
    shards = re.findall(r"'(\d+)'", re.search(r"name 'SHARD'\s*values ([^\n]+)", text).group(1))
    check(environment.get("SHARDS") == str(len(shards)),
          f"Jenkinsfile: SHARDS={environment.get('SHARDS')} but the matrix has {shards}")
    contracts, post = text.index("stage('Contracts')"), text.index("post {")
    change_only = text.index("if (env.CHANGE_ID)")
    blocks = [(match.start(), match.group(1) if match.group(1) is not None else match.group(2))
              for match in re.finditer(r"sh '''(.*?)'''|sh '([^']*)'", text, re.S)]
    archived = {}

    def build(name, tested, change):
        workspace = os.path.join(scratch, f"jenkins-{name}")
        shutil.copytree(project, workspace, ignore=shutil.ignore_patterns(".build", ".git"))
        env = dict(os.environ, PATH=os.path.join(scratch, "tools") + os.pathsep + os.environ["PATH"],
                   STATEGATE_TEST_BINARY=tested, JOB_NAME=f"app/{'PR-1' if change else 'main'}",
                   **environment)
        env.pop("CI", None)
        if change:
            env["CHANGE_ID"] = "1"
        logs, failed = [], False
        for position, block in blocks:
            if position > change_only and "baseline" in block:
                if not change:
                    continue
                # copyArtifacts filter 'artifacts/**' target 'baseline' from main's last build.
                if os.path.isdir(archived.get("main", "")):
                    shutil.copytree(archived["main"], os.path.join(workspace, "baseline", "artifacts"))
            # A failed stage skips the stages after it, not the other cells of its matrix (they
            # run side by side); post always runs.
            if position < post and failed:
                continue
            cells = shards if contracts < position < post else [None]
            failures = []
            for shard in cells:
                if shard is not None:
                    env["SHARD"] = shard
                result = subprocess.run(["bash", "-eu", "-c", block], cwd=workspace, env=env,
                                        capture_output=True, text=True)
                logs.append((block.strip().splitlines()[0], result.returncode,
                             result.stdout + result.stderr))
                failures.append(result.returncode != 0)
            failed = failed or any(failures)
        reports = glob.glob(os.path.join(workspace, "shards", "**", "junit.xml"), recursive=True)
        check(len(reports) == len(shards),
              f"Jenkins {name}: the JUnit plugin finds {len(reports)} reports for {len(shards)} shards")
        merged = glob.glob(os.path.join(workspace, "artifacts", "*", "manifest.json"))
        check(len(merged) == 1, f"Jenkins {name}: {len(merged)} merged results in artifacts/")
        archived[name] = os.path.join(workspace, "artifacts")
        return failed, logs

    failed, logs = build("main", binary, change=False)
    log = "\n".join(f"{line} -> {code}\n{output}" for line, code, output in logs)
    check(not failed, f"Jenkins: the build of main failed\n{log}")
    failed, logs = build("change", buggy_binary(binary, os.path.join(scratch, "buggy")), change=True)
    log = "\n".join(f"{line} -> {code}\n{output}" for line, code, output in logs)
    check(failed, f"Jenkins: the buggy change request passed\n{log}")
    diff = [output for _, code, output in logs if "new failures: " in output]
    check(diff and "new failures: 0" not in diff[0] and "verdict: failed" in diff[0],
          f"Jenkins: the diff against main's archive found no new failure\n{log}")
    triage = [output for _, code, output in logs if code != 0 and "totals:" in output]
    check(triage and "group-boundary" in triage[-1],
          f"Jenkins: the triage does not say why the change failed\n{log}")


def run_hook_and_xcode_cloud(written, project, binary, scratch):
    tools = os.path.join(scratch, "tools")
    env = dict(os.environ, PATH=tools + os.pathsep + os.environ["PATH"],
               STATEGATE_TEST_BINARY=binary, STATEGATE="example-stategate")
    env.pop("CI", None)
    hook = written["hook pre-push"]
    first = sh([hook], cwd=project, env=env)
    check(first.returncode == 0, f"pre-push blocked a clean push: {first.stderr}")
    check(os.path.isdir(os.path.join(project, ".git", "stategate", "baseline")),
          "pre-push kept no baseline")
    env["STATEGATE_TEST_BINARY"] = buggy_binary(binary, os.path.join(scratch, "buggy"))
    second = sh([hook], cwd=project, env=env)
    check(second.returncode == 1 and "new contract failures" in second.stderr,
          f"pre-push let new failures through: {second.returncode} {second.stderr[-800:]}")
    env.update(STATEGATE_PACKAGE=project, CI_XCODEBUILD_ACTION="build",
               CI_DERIVED_DATA_PATH=os.path.join(scratch, "derived"))
    cloud = sh([written["ci xcode-cloud"]], cwd=project, env=env)
    check(cloud.returncode == 1 and "verdict: failed" in cloud.stdout,
          f"the Xcode Cloud script did not stop the build: {cloud.returncode} {cloud.stdout[-500:]}")


def main():
    repo, binary = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    scratch = tempfile.mkdtemp(prefix="stategate-templates-")
    try:
        project = os.path.join(scratch, "project")
        shutil.copytree(os.path.join(repo, "Templates", "ExampleSubject"), project,
                        ignore=shutil.ignore_patterns(".build", ".build.*"))
        manifest = os.path.join(project, "Package.swift")
        text = open(manifest).read()
        check('path: "../.."' in text, "the example package no longer names stategate by ../..")
        open(manifest, "w").write(text.replace('path: "../.."', f'path: "{repo}"'))
        for command in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"],
                        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"]):
            sh(command, cwd=project)
        written = write_templates(binary, project)
        if len(written) == 5:
            static_checks(written, repo)
            run_workflow(written, project, binary, scratch)
            run_hook_and_xcode_cloud(written, project, binary, scratch)
            run_jenkins(written, project, binary, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if FAILURES:
        print("\n\n".join(f"error: {failure}" for failure in FAILURES), file=sys.stderr)
        sys.exit(1)
    print("templates: 5 written by init, parsed and linted; the GitHub workflow ran a push and a "
          "pull request; the pre-push hook, the Xcode Cloud script and the Jenkins pipeline blocked the bug")


if __name__ == "__main__":
    main()
