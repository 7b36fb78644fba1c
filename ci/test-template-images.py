"""Runs the CI templates' install, build and gate steps in the package set of the image they name.

Usage: python test-template-images.py REPO EXAMPLE-BINARY   (as root: it uses a mount namespace)

The GitHub and GitLab templates run in the official swift:6.3 image. That image has libxml2-dev and
pkg-config, but not libsqlite3-dev, libzstd-dev, curl, sqlite3 or xmllint, and its apt lists are
removed. This machine has all of them, so every check here runs in a private mount namespace in
which /usr is a read-only overlay that hides each file of the packages the image lacks (one layer
of whiteouts per package), with an apt-get stand-in on PATH that answers "Unable to locate package"
until `apt-get update` has run and then "installs" a package by lifting its layer. In there:

1. GitHub: the steps "System packages stategate needs" and "Build your stategate" of both jobs.
2. GitLab: the gate job (before_script and script) of a merge request, its download of main's
   result served on 127.0.0.1 (an archive, then a 404, then a server error).
3. Each check in an install step for a package the image lacks is removed in turn: the same steps
   must then fail.

The build is real where the image decides it: a `swift` stand-in builds, from scratch, a package
made of stategate's own system-library targets (every `.systemLibrary` of Package.swift, its
module map copied from Sources/) and a few lines that call each library, links it and runs it;
then it hands out the example binary, which ci/example.sh has already built, as the user's product.
Exits 1 with the reasons when a check fails.
"""
import http.server
import io
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import zipfile

import yaml

# The packages stategate's templates may need that swift:6.3 does not have (see the image's
# Dockerfile: libsqlite3-0 only, curl purged, no xmllint or sqlite3 tool).
IMAGE_LACKS = ["libsqlite3-dev", "libzstd-dev", "curl", "sqlite3", "libxml2-utils"]
# One call per system-library module of Package.swift, so that the probe links each library.
LIBRARY_CALLS = {
    "CLibXML2": 'print("libxml2", String(cString: stategate_xml_parser_version()))',
    "CSQLite": 'print("sqlite", String(cString: sqlite3_libversion()))',
    "CZstd": 'print("zstd", ZSTD_versionNumber())',
}

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
    return condition


def package_files(package):
    """The files and links under /usr that dpkg says `package` installed."""
    listing = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True)
    if listing.returncode != 0:
        sys.exit(f"error: '{package}' is not installed here, so the image without it cannot be "
                 "played (ci/deps.sh and ci/test-deps.sh install it)")
    return [path for path in listing.stdout.splitlines()
            if path.startswith("/usr/") and (os.path.islink(path) or os.path.isfile(path))]


def make_layers(scratch):
    """One overlay layer of whiteouts per package the image lacks, and an empty one."""
    layers = os.path.join(scratch, "layers")
    os.makedirs(os.path.join(layers, "empty"))
    for package in IMAGE_LACKS:
        for path in package_files(package):
            whiteout = os.path.join(layers, package, path[len("/usr/"):])
            os.makedirs(os.path.dirname(whiteout), exist_ok=True)
            if not os.path.lexists(whiteout):
                os.mknod(whiteout, stat.S_IFCHR | 0o600, os.makedev(0, 0))
    return layers


def system_libraries(repo):
    """(module, pkg-config name) of each `.systemLibrary` target of stategate's Package.swift."""
    manifest = open(os.path.join(repo, "Package.swift")).read()
    found = re.findall(r'\.systemLibrary\(\s*name:\s*"(\w+)".*?pkgConfig:\s*"([\w.+-]+)"',
                       manifest, re.S)
    if not found:
        sys.exit("error: Package.swift declares no .systemLibrary target this script can read")
    return found


def write_probe(repo, scratch):
    """A package of stategate's system-library targets and one call into each library."""
    probe = os.path.join(scratch, "probe")
    libraries = system_libraries(repo)
    targets, calls = [], []
    for module, pkg_config in libraries:
        if module not in LIBRARY_CALLS:
            sys.exit(f"error: Package.swift has a new system library '{module}': give it a call in "
                     "LIBRARY_CALLS of ci/test-template-images.py")
        shutil.copytree(os.path.join(repo, "Sources", module), os.path.join(probe, "Sources", module))
        targets.append(f'    .systemLibrary(name: "{module}", path: "Sources/{module}", '
                       f'pkgConfig: "{pkg_config}"),')
        calls.append(LIBRARY_CALLS[module])
    modules = ", ".join(f'"{module}"' for module, _ in libraries)
    os.makedirs(os.path.join(probe, "Sources", "probe"))
    with open(os.path.join(probe, "Package.swift"), "w") as handle:
        handle.write("// swift-tools-version:6.0\nimport PackageDescription\n\n"
                     'let package = Package(\n  name: "probe",\n  targets: [\n'
                     + "\n".join(targets)
                     + f'\n    .executableTarget(name: "probe", dependencies: [{modules}]),\n'
                     "  ]\n)\n")
    with open(os.path.join(probe, "Sources", "probe", "main.swift"), "w") as handle:
        handle.write("".join(f"import {module}\n" for module, _ in libraries) + "\n"
                     + "\n".join(calls) + "\n")
    return probe


def write_tools(scratch, probe, binary):
    """The apt-get and swift stand-ins, and the script that mounts /usr as the image has it."""
    tools = os.path.join(scratch, "bin")
    os.makedirs(tools)
    layers, state, real = (os.path.join(scratch, name) for name in ("layers", "state", "real-usr"))
    mount_usr = os.path.join(tools, "mount-image-usr")
    with open(mount_usr, "w") as handle:
        handle.write(f"""#!/bin/bash
# Mounts /usr as the image has it: every package still in {state}/hidden stays hidden.
set -euo pipefail
lower=""
while read -r package; do
  [ -n "$package" ] && lower="$lower{layers}/$package:"
done < "{state}/hidden"
if [ -f "{state}/mounted" ]; then umount -l /usr; fi
mount -t overlay overlay -o "lowerdir=$lower{layers}/empty:{real}" /usr
touch "{state}/mounted"
""")
    with open(os.path.join(tools, "apt-get"), "w") as handle:
        handle.write(f"""#!/bin/bash
# apt-get as the image answers it: no lists until 'update'; 'install' lifts a hidden package.
set -euo pipefail
command=""
packages=()
for word in "$@"; do
  case "$word" in
    -*) ;;
    *) if [ -z "$command" ]; then command=$word; else packages+=("$word"); fi ;;
  esac
done
case "$command" in
  update) touch "{state}/updated" ;;
  install)
    for package in "${{packages[@]}}"; do
      if [ ! -f "{state}/updated" ]; then
        echo "E: Unable to locate package $package" >&2
        exit 100
      fi
      if grep -qx "$package" "{state}/hidden"; then
        grep -vx "$package" "{state}/hidden" > "{state}/hidden.new" || true
        mv "{state}/hidden.new" "{state}/hidden"
      elif ! dpkg-query -W -f='${{Status}}' "$package" 2>/dev/null | grep -q 'ok installed'; then
        echo "E: the apt-get stand-in has no package $package on this machine" >&2
        exit 100
      fi
      echo "$package" >> "{state}/installed"
    done
    "{mount_usr}"
    ;;
  *) echo "E: the apt-get stand-in does not do '$command'" >&2; exit 100 ;;
esac
""")
    with open(os.path.join(tools, "swift"), "w") as handle:
        handle.write(f"""#!/bin/bash
# swift as a template calls it: 'build --product P' builds the system-library probe from scratch
# for real and runs it; '--show-bin-path' hands out the example binary's folder.
set -euo pipefail
product=""
show=0
previous=""
for word in "$@"; do
  [ "$previous" = --product ] && product=$word
  [ "$word" = --show-bin-path ] && show=1
  previous=$word
done
if [ "$show" = 1 ]; then echo "{os.path.dirname(binary)}"; exit 0; fi
if [ "$product" != "{os.path.basename(binary)}" ]; then
  echo "swift stand-in: the template builds '$product', not the example's product" >&2
  exit 1
fi
# One build from scratch per set of packages still hidden: the same set builds the same way.
key=$(sort "{state}/hidden" | tr '\n' '+')
build="{scratch}/probe-build/$key"
if [ ! -x "$build/debug/probe" ]; then
  rm -rf "$build"
  mkdir -p "$build"
  "{shutil.which("swift")}" build --package-path "{probe}" --scratch-path "$build" \\
    >"$build.log" 2>&1 || {{ tail -n 20 "$build.log" >&2; exit 1; }}
fi
"$build/debug/probe"
""")
    for name in ("mount-image-usr", "apt-get", "swift"):
        os.chmod(os.path.join(tools, name), 0o755)
    return tools


def in_image(scratch, tools, script, env, cwd):
    """Runs bash `script` (-eo pipefail) with /usr as swift:6.3 has it; returns (status, output)."""
    state = os.path.join(scratch, "state")
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(state)
    with open(os.path.join(state, "hidden"), "w") as handle:
        handle.write("\n".join(IMAGE_LACKS) + "\n")
    real = os.path.join(scratch, "real-usr")
    os.makedirs(real, exist_ok=True)
    prologue = (f'mount --make-rprivate / && mount --bind /usr "{real}" && '
                f'"{tools}/mount-image-usr" && exec bash -eo pipefail "{scratch}/job.sh"')
    with open(os.path.join(scratch, "job.sh"), "w") as handle:
        handle.write(script)
    result = subprocess.run(["unshare", "--mount", "bash", "-c", prologue], cwd=cwd,
                            env={**os.environ, **env, "PATH": f"{tools}:{os.environ['PATH']}"},
                            capture_output=True, text=True, timeout=600)
    return result.returncode, result.stdout + result.stderr


def needed_checks(block):
    """The lines of an install step that check for a package the image lacks."""
    return [line for line in block.splitlines()
            if any(re.search(rf'need="\$need {re.escape(package)}"', line)
                   for package in IMAGE_LACKS)]


def without(block, line):
    return block.replace(line + "\n", "", 1)


# --- GitHub -----------------------------------------------------------------------------------

def github_steps(workflow):
    """For each job with a build: its install block and its build block."""
    jobs = []
    for name, job in workflow["jobs"].items():
        steps = {step.get("name"): step.get("run") for step in job.get("steps", [])}
        install = steps.get("System packages stategate needs")
        build = steps.get("Build your stategate")
        if build:
            check(install is not None, f"GitHub {name}: builds without a system-packages step")
            jobs.append((name, install or "", build))
    check(jobs, "GitHub: no job builds stategate")
    return jobs


def check_github(repo, scratch, tools):
    workflow = yaml.safe_load(open(os.path.join(repo, "Templates/github-actions/stategate.yml")))
    env = {"STATEGATE": workflow["env"]["STATEGATE"]}
    played = set()
    for name, install, build in github_steps(workflow):
        if (install, build) in played:
            continue
        played.add((install, build))
        status, output = in_image(scratch, tools, install + "\n" + build, env, scratch)
        check(status == 0, f"GitHub {name}: install and build fail in swift:6.3:\n{output[-2000:]}")
        needed = needed_checks(install)
        check(any("libsqlite3-dev" in line for line in needed) and
              any("libzstd-dev" in line for line in needed),
              f"GitHub {name}: the install step checks neither SQLite's nor Zstandard's headers")
        for line in needed:
            status, output = in_image(scratch, tools, without(install, line) + "\n" + build, env,
                                      scratch)
            check(status != 0, f"GitHub {name}: still builds without `{line.strip()}`: the image "
                  "is not played faithfully")


# --- GitLab -----------------------------------------------------------------------------------

class Archive(http.server.BaseHTTPRequestHandler):
    """GitLab's job-artifacts download: answers with `answer` (200 and the zip, or a status)."""
    answer = 404
    body = b""
    requests = []

    def do_GET(self):
        Archive.requests.append((self.path, self.headers.get("JOB-TOKEN")))
        if Archive.answer == 200:
            self.send_response(200)
            self.send_header("Content-Type", "application/zip")
            self.send_header("Content-Length", str(len(Archive.body)))
            self.end_headers()
            self.wfile.write(Archive.body)
        else:
            self.send_response(Archive.answer)
            self.end_headers()

    def log_message(self, *args):
        pass


def zipped(folder, prefix):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for root, _, files in os.walk(folder):
            for name in files:
                path = os.path.join(root, name)
                archive.write(path, os.path.join(prefix, os.path.relpath(path, folder)))
    return buffer.getvalue()


def check_gitlab(repo, scratch, tools, binary):
    jobs = yaml.safe_load(open(os.path.join(repo, "Templates/gitlab/stategate.gitlab-ci.yml")))
    build = jobs[".stategate-build"]["before_script"]
    gate = jobs["stategate-gate"]["script"]
    install = next((item for item in build if "apt-get install" in item), "")
    check(install, "GitLab: before_script installs nothing")
    project = os.path.join(scratch, "gitlab-project")
    os.makedirs(project)
    # The contracts jobs' shards, and main's merged result to compare them with.
    for shard in ("1/2", "2/2"):
        for output in ("shards", "main-shards"):
            subprocess.run([binary, "run", "--shard", shard, "--output", output], cwd=project,
                           capture_output=True, check=True)
    main_shards = [os.path.join(project, "main-shards", name)
                   for name in os.listdir(os.path.join(project, "main-shards"))]
    subprocess.run([binary, "merge", *main_shards, "--output", "main-artifacts"], cwd=project,
                   capture_output=True, check=True)
    Archive.body = zipped(os.path.join(project, "main-artifacts"), "artifacts")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Archive)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = {"STATEGATE": jobs["variables"]["STATEGATE"], "CI_MERGE_REQUEST_IID": "7",
           "CI_API_V4_URL": f"http://127.0.0.1:{server.server_address[1]}/api/v4",
           "CI_PROJECT_ID": "42", "CI_DEFAULT_BRANCH": "main", "CI_JOB_TOKEN": "job-token"}

    def job(before):
        for leftover in ("artifacts", "baseline.zip", "baseline-archive"):
            path = os.path.join(project, leftover)
            shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else (
                os.path.exists(path) and os.unlink(path))
        return in_image(scratch, tools, "\n".join(before + gate) + "\n", env, project)

    try:
        Archive.answer, Archive.requests = 200, []
        status, output = job(build)
        check(status == 0, f"GitLab gate: fails in swift:6.3 with main's result archived:\n"
              f"{output[-2000:]}")
        check(Archive.requests and Archive.requests[0][1] == "job-token" and
              "/projects/42/jobs/artifacts/main/download" in Archive.requests[0][0],
              f"GitLab gate: did not ask for main's archived result: {Archive.requests}")
        check("nothing to compare" not in output and "verdict: passed" in output,
              f"GitLab gate: the comparison with main did not run:\n{output[-2000:]}")
        Archive.answer = 404
        status, output = job(build)
        check(status == 0 and "nothing to compare" in output,
              f"GitLab gate: a 404 (nothing archived yet) is not 'nothing to compare':\n{output[-1500:]}")
        Archive.answer = 500
        status, output = job(build)
        check(status != 0, "GitLab gate: a server error reads as nothing to compare")
        Archive.answer = 200
        needed = needed_checks(install)
        check(any("curl" in line for line in needed),
              "GitLab: before_script does not check for curl, which swift:6.3 purges")
        for line in needed:
            status, output = job([item if item != install else without(install, line)
                                  for item in build])
            check(status != 0, f"GitLab gate: still passes without `{line.strip()}`")
    finally:
        server.shutdown()


def main():
    repo, binary = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if os.geteuid() != 0:
        sys.exit("error: ci/test-template-images.py plays the image in a mount namespace and must "
                 "run as root")
    scratch = tempfile.mkdtemp(prefix="stategate-image-")
    try:
        make_layers(scratch)
        probe = write_probe(repo, scratch)
        tools = write_tools(scratch, probe, binary)
        status, output = in_image(scratch, tools, "pkg-config --exists sqlite3 || echo hidden\n"
                                  "command -v curl || echo hidden\n", {}, scratch)
        if not check(status == 0 and output.count("hidden") == 2,
                     f"the swift:6.3 package set cannot be played here:\n{output}"):
            raise SystemExit
        check_github(repo, scratch, tools)
        check_gitlab(repo, scratch, tools, binary)
    except SystemExit:
        pass
    finally:
        subprocess.run(["rm", "-rf", scratch])
    if FAILURES:
        for failure in FAILURES:
            print(f"error: {failure}", file=sys.stderr)
        sys.exit(1)
    print("CI templates in the swift:6.3 package set: GitHub's builds and GitLab's gate pass, and "
          "fail without each check for a package the image lacks")


if __name__ == "__main__":
    main()
