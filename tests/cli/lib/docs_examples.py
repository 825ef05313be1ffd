#!/usr/bin/env python3
"""Runs the examples of README.md and docs/*.md and compares their output with the pasted one.

A fenced block is an example when it holds console lines:
- `$ COMMAND`: a shell command; the lines after it, up to the next `$ ` line or the end of the
  block, are what it prints (standard output and standard error through one pipe, as `2>&1`
  interleaves them);
- `>>> STATEMENT` (with `... ` continuation lines): a Python console statement and what the
  console prints after it; all such blocks of one document run in one interpreter, in order;
- a ```python block without prompts is a script that must run without error.

Every document runs in a temporary copy of the repository's `corpora/`, `docs/` and `bench/`,
so that examples that write files (`-o`, `--in-place`, `> x.pgn`) change nothing in the source tree;
its blocks run in order in that one copy, so a file one example writes is there for the next.
`pgn` and `build/bin/pgn` are the pgn binary under test and `build/python` its Python module;
`build` (and `build-dev` and `build-core`, the names of some benches' runs) is the build folder
of that binary (for `cmake --install build`), when it is one.
There is no `../shared` beside the copy: an example needing it fails as it would in a clone.

Lines of the form `<!-- docs-test: WORD (ARGUMENT) -->` right before a block's opening fence
(blank lines may stand between them) say how the block runs; a marker before a block that is
not an example is an error, so markers cannot go stale:
- `skip (why)`: the block cannot run in a test (it needs the network, or shows a measurement
  on data that is not shipped: better a record in the text, and an example on shipped files
  or stand-ins that runs). Skipped blocks are counted and listed.
- `timings`: a benchmark, or a run whose lines show its speed (progress lines). Its
  measurements are compared as `<n>` (TIMINGS below: the numbers that are a table cell alone,
  and every number of a line outside tables), so that the command's columns, rows, labels and
  messages are checked and not its times, speeds, ratios, or the counts and sizes of the
  corpora it ran on. The benchmark corpora the bench/ scripts time (lichess.pgn, twic.pgn,
  masters.pgn, normally ~100-230 MB each made by ../shared/bench/make-bench-corpora) are small
  shipped files here (BENCH_CORPORA below), in the folder `libpgn-bench/` of the copy, which
  LIBPGN_BENCH_CORPORA names to the scripts; the perft benches search two plies less
  (LIBPGN_BENCH_DEPTH_CUT). The other shared test data the benches read (the variant corpora,
  the unwinnability test vector, the lichess files) are small shipped files laid out as the
  shared folder (SHARED_STAND_INS below) in `libpgn-shared/`, which LIBPGN_BENCH_SHARED names;
  bench/variants-vs-standard copies its variant games to 2 MB rather than 20
  (LIBPGN_BENCH_VARIANT_BYTES), and the number of copies (`variants (x22)`) is a count of the
  corpus too.
- `needs (PROGRAM...)`: the block is skipped, with a message, where a program it runs (an
  anchor a bench compares with, such as pgn-extract) is not installed; `libpgn-python` stands
  for the build's Python module, `root` for running as root (to give a file to another user).
- `with (FIXTURE)`: the block runs with a fixture of class Fixtures below started (and stopped after
  the document): `dask-cluster`, a Dask scheduler on a free port (its address in
  DASK_SCHEDULER_ADDRESS) and two workers.

With --update, the pasted output of every example that differs is replaced by the real one
(lines equal after the rules are kept as they were pasted), to re-paste after a change:
    /usr/bin/python3 tests/cli/lib/docs_examples.py --update build/bin/pgn . [docs/x.md...]
then read the change to the documents: a new output may show a bug rather than a stale page.
In a `timings` block a line whose shape changed gets the numbers of the small stand-ins, which
measure nothing: paste the bench's run on the real corpora there instead.
"""

import argparse
import difflib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile

# What differs from run to run, as (why, pattern, replacement).
IGNORED = [
    ("the summary's timing line: seconds, megabytes, speeds",
     re.compile(r"^\d+\.\d+ s, \d+\.\d+ MB, \d+\.\d+ MB/s, \d+ games/s$", re.M), "<timing>"),
    ("the seconds of JSON summaries",
     re.compile(r'"seconds":[0-9.e+-]+'), '"seconds":<t>'),
    ("the seconds at the end of the summaries of select and dedupe",
     re.compile(r"^(\d+ files?, \d+ games: .*|\d+ games: .*); \d+\.\d+ s$", re.M), r"\1; <t> s"),
    ("the times and speeds of the summary of pgn winnable",
     re.compile(r"lines, \d+\.\d+ s, \d+ positions/s; decisions alone \d+\.\d+ s CPU, "
                r"\d+ positions/s, slowest \d+\.\d+ ms$", re.M), "lines, <times>"),
    ("the working folder's file: URI, which SARIF output names as its base",
     re.compile(r"'WORKDIR': \{'uri': 'file://[^']*'\}"), "'WORKDIR': {'uri': <working folder>}"),
    ("the time and speed line of pgn perft",
     re.compile(r"^Time: \d+\.\d+ s, \d+ nodes/s$", re.M), "Time: <t>"),
    ("carriage returns before line ends (CSV rows end in CR LF, as RFC 4180 has them; a page "
     "shows LF)", re.compile(r"\r$", re.M), ""),
]

# What differs from machine to machine in a benchmark's output (a `timings` block), applied
# after IGNORED: the measurements, which are the numbers that make a Markdown table's cell
# alone (`| 0.87 |`, `| 9.3x |`, `| 479 M |`; inf and nan too, a rate of a run too short to
# time) and every number of a line outside tables; a number inside a cell's text
# (`pgn validate --threads 1`) is compared.
NUMBER = r"-?(?:\d+(?:\.\d+)?|inf|nan)"
TABLE_CELL_NUMBER = re.compile(r"(?<=\|) *%s(?:x| M)? *(?=\|)" % NUMBER)
OTHER_NUMBER = re.compile(r"(?<![A-Za-z])%s(?![A-Za-wyz])" % NUMBER)


def mask_measurements(text):
    # Outside tables, runs of spaces are one: a number's width pads them (`  5.0%`, ` 46.3%`).
    return "\n".join(TABLE_CELL_NUMBER.sub(" <n> ", line) if line.startswith("|")
                     else re.sub(" +", " ", OTHER_NUMBER.sub("<n>", line))
                     for line in text.split("\n"))


TIMINGS = [
    ("in benchmarks, the numbers of table cells and of other lines (and the spaces that pad "
     "them)", mask_measurements),
    ("in benchmarks, the number of copies a corpus is repeated to reach a size",
     lambda text: re.sub(r"(?<=\(x)\d+(?=\))", "<n>", text)),
    ("in benchmarks, bench/threads-scaling's verdict on the load of the machine",
     re.compile(r"^UNRELIABLE wall times: .*$\n?", re.M)),
]

# The stand-ins of the benchmark corpora: shipped files of the same kind, small.
BENCH_CORPORA = {
    "lichess.pgn": "docs/examples/games.pgn",  # lichess games, [%clk] comments, unwrapped
    "twic.pgn": "docs/examples/london2012.pgn",  # TWIC, no comments
    "masters.pgn": "docs/examples/immortal-games.pgn",  # classic games, CRLF as pgnmentor's
}

# The stand-ins of the other shared test data the benches read, by their path in ../shared.
SHARED_STAND_INS = {
    "unwinnability/test-vector.txt": "docs/examples/unwinnability-vector.txt",
    "corpora/real/lichess_db_1000k.pgn": "docs/examples/games.pgn",
    "corpora/variants/pychess/zh2200plus.pgn": "docs/examples/zh2200plus.pgn",
    "corpora/variants/pychess/zh.pgn": "docs/examples/zh-fics.pgn",
    "corpora/variants/pychess/atomic.pgn": "docs/examples/atomic.pgn",
    "corpora/variants/python-chess/antichess-programfox.pgn":
        "docs/examples/antichess-programfox.pgn",
    "corpora/variants/python-chess/knightvuillaume-jannlee-zh-lichess.pgn":
        "docs/examples/knightvuillaume-jannlee-zh-lichess.pgn",
    "corpora/variants/python-chess/saturs-jannlee-zh-lichess.pgn":
        "docs/examples/saturs-jannlee-zh-lichess.pgn",
}

# The programs each fixture runs, so that a block run with it is skipped where they are missing.
FIXTURE_NEEDS = {"dask-cluster": ["dask"]}

MARKER = re.compile(r"^\s*<!-- docs-test: (\w+)(?: \((.+)\))? -->\s*$")
# Each marker word, and whether it takes an argument.
DIRECTIVES = {"skip": True, "timings": False, "needs": True, "with": True}
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
# Printed between the steps of one run, to cut its output into each step's.
SEPARATOR = "@@docs-example-%d@@"
SEPARATOR_LINE = re.compile(r"\n?@@docs-example-(\d+)@@\n")


def normalize(text, timings=False):
    for _, pattern, replacement in IGNORED:
        text = pattern.sub(replacement, text)
    for _, rule in TIMINGS if timings else []:
        text = rule(text) if callable(rule) else rule.sub("", text)
    return text.rstrip("\n")


class Step:
    """One command or statement, the document lines of its pasted output, and the real one."""

    def __init__(self, line, command):
        self.line = line  # 1-based line of the prompt
        self.command = command  # text after the prompt (continuations joined by newlines)
        self.expected = []  # pasted output lines
        self.output_lines = None  # (first, end) indices in the document of the pasted output
        self.actual = None


class Block:
    def __init__(self, kind, start, end, indent, markers):
        self.kind = kind  # "shell", "python-console", "python-script"
        self.start = start  # index of the opening fence
        self.end = end  # index of the closing fence
        self.indent = indent
        self.skip = markers.get("skip")  # why, when the block does not run
        self.timings = "timings" in markers
        self.needs = markers.get("needs", "").split()
        self.fixtures = markers.get("with", "").split()
        self.needs += [program for name in self.fixtures for program in FIXTURE_NEEDS.get(name, [])]
        self.steps = []
        self.script = ""


def parse(lines):
    """The example blocks of a document, and the errors of its markers."""
    blocks, errors = [], []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            marker = MARKER.match(lines[i])
            if marker:
                word, argument = marker.groups()
                if word not in DIRECTIVES or DIRECTIVES[word] != (argument is not None):
                    errors.append("%d: unknown docs-test marker, or its argument missing or "
                                  "extra: %s" % (i + 1, lines[i].strip()))
                j = i + 1
                while j < len(lines) and (not lines[j].strip() or MARKER.match(lines[j])):
                    j += 1
                if j == len(lines) or not FENCE.match(lines[j]):
                    errors.append("%d: docs-test marker not followed by a block" % (i + 1))
            elif "docs-test" in lines[i]:
                errors.append("%d: malformed docs-test marker: %s" % (i + 1, lines[i].strip()))
            i += 1
            continue
        indent, language = opening.group(1), opening.group(2)
        end = i + 1
        while end < len(lines) and not re.match(r"^\s*```\s*$", lines[end]):
            end += 1
        body = [line[len(indent):] if line.startswith(indent) else line.lstrip()
                for line in lines[i + 1:end]]
        markers, previous, first_marker = {}, i - 1, None
        while previous >= 0 and (not lines[previous].strip() or MARKER.match(lines[previous])):
            marker = MARKER.match(lines[previous])
            if marker:
                markers[marker.group(1)] = marker.group(2) or ""
                first_marker = previous
            previous -= 1
        if any(line.startswith("$ ") for line in body):
            kind, prompt = "shell", "$ "
        elif any(line.startswith(">>> ") for line in body):
            kind, prompt = "python-console", ">>> "
        elif language == "python":
            kind, prompt = "python-script", None
        else:
            if markers:
                errors.append("%d: docs-test marker before a block that is not an example"
                              % (first_marker + 1))
            i = end + 1
            continue
        block = Block(kind, i, end, indent, markers)
        if prompt is None:
            block.script = "\n".join(body) + "\n"
        else:
            for k, line in enumerate(body):
                index = i + 1 + k
                if line.startswith(prompt):
                    block.steps.append(Step(index + 1, line[len(prompt):]))
                    block.steps[-1].output_lines = (index + 1, index + 1)
                elif kind == "python-console" and block.steps and line.startswith("... ") \
                        and block.steps[-1].output_lines[0] == index:
                    block.steps[-1].command += "\n" + line[4:]
                    block.steps[-1].output_lines = (index + 1, index + 1)
                elif kind == "python-console" and block.steps and line == "..." \
                        and block.steps[-1].output_lines[0] == index:
                    block.steps[-1].command += "\n"
                    block.steps[-1].output_lines = (index + 1, index + 1)
                elif block.steps:
                    block.steps[-1].expected.append(line)
                    block.steps[-1].output_lines = (block.steps[-1].output_lines[0], index + 1)
                elif line.strip():
                    errors.append("%d: output before the first prompt of the block" % (index + 1))
        blocks.append(block)
        i = end + 1
    return blocks, errors


def run_shell(block, workdir, env):
    script = ["set +e"]
    for n, step in enumerate(block.steps):
        # The separator is printed between commands; `$?` is kept across it for `echo $?`.
        script.append('__status=$?; printf "\\n%s\\n"; (exit $__status)' % (SEPARATOR % n))
        script.append(step.command)
    # In a session of its own, so that a block that waits forever is ended with what it started
    # in the background, and fails alone.
    shell = subprocess.Popen(["bash", "-c", "\n".join(script) + "\n"], cwd=workdir, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        output, _ = shell.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(shell.pid, signal.SIGKILL)
        output = shell.communicate()[0] + b"\n<the block ran out of its 120 s>\n"
    split_output(block, output.decode("utf-8", "replace"))


def split_output(block, output):
    pieces = SEPARATOR_LINE.split(output)
    by_step = {int(pieces[k]): pieces[k + 1] for k in range(1, len(pieces) - 1, 2)}
    for n, step in enumerate(block.steps):
        step.actual = by_step.get(n, "<no output: the block stopped before this step>\n")


CONSOLE_DRIVER = r'''
import code, json, sys
console = code.InteractiveConsole()
console.write = sys.stdout.write  # tracebacks in order with the rest
separator, statements = json.load(sys.stdin)
for n, statement in enumerate(statements):
    sys.stdout.write("\n" + separator % n + "\n")
    sys.stdout.flush()
    for line in statement.split("\n"):
        more = console.push(line)
    if more:
        console.push("")
    sys.stdout.flush()
'''


def run_python_console(blocks, workdir, env):
    steps = [step for block in blocks for step in block.steps]
    completed = subprocess.run([sys.executable, "-c", CONSOLE_DRIVER],
                               input=json.dumps([SEPARATOR, [s.command for s in steps]]).encode(),
                               cwd=workdir, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=120)
    joined = Block("python-console", 0, 0, "", {})
    joined.steps = steps
    split_output(joined, completed.stdout.decode("utf-8", "replace"))


def compare(block, step):
    return (normalize("\n".join(step.expected), block.timings)
            == normalize(step.actual, block.timings))


def update(lines, blocks):
    """Replaces, from the end, each differing pasted output by the real one."""
    steps = [(b, s) for b in blocks if not b.skip for s in b.steps if s.actual is not None]
    for block, step in sorted(steps, key=lambda bs: -bs[1].line):
        if compare(block, step):
            continue
        first, end = step.output_lines
        real = step.actual.rstrip("\n").split("\n") if step.actual.strip("\n") else []
        # Keep pasted lines that equal the real ones after the rules (timings stay as pasted).
        pasted = step.expected
        if len(pasted) == len(real):
            real = [p if normalize(p, block.timings) == normalize(r, block.timings) else r
                    for p, r in zip(pasted, real)]
        lines[first:end] = [block.indent + line if line else line for line in real]


def has_need(name, has_python, path):
    """Whether what a `needs` marker names is here: a program, the module, or root."""
    if name == "libpgn-python":
        return has_python
    if name == "root":
        return os.geteuid() == 0
    return shutil.which(name, path=path + ":/usr/games") is not None


def make_copy(workdir, source, pgn, python_module):
    """The copy a document runs in: corpora/, docs/, bench/, the build, libpgn-bench/,
    libpgn-shared/."""
    for folder in ("corpora", "docs", "bench"):
        shutil.copytree(os.path.join(source, folder), os.path.join(workdir, folder))
    build = os.path.dirname(os.path.dirname(pgn))
    if os.path.basename(os.path.dirname(pgn)) == "bin" and os.path.isfile(
            os.path.join(build, "CMakeCache.txt")):
        os.symlink(build, os.path.join(workdir, "build"))
        for other in ("build-dev", "build-core"):  # the names some benches' runs give it
            os.symlink(build, os.path.join(workdir, other))
    else:
        os.makedirs(os.path.join(workdir, "build", "bin"))
        os.symlink(pgn, os.path.join(workdir, "build", "bin", "pgn"))
        if python_module:
            os.symlink(python_module, os.path.join(workdir, "build", "python"))
    corpora = os.path.join(workdir, "libpgn-bench")
    os.makedirs(corpora)
    for name, shipped in BENCH_CORPORA.items():
        shutil.copyfile(os.path.join(source, shipped), os.path.join(corpora, name))
    if shutil.which("zstd"):  # the lichess dump format, as make-bench-corpora makes it
        subprocess.run(["zstd", "-q", "-3", os.path.join(corpora, "lichess.pgn")], check=True)
    for name, shipped in SHARED_STAND_INS.items():
        stand_in = os.path.join(workdir, "libpgn-shared", name)
        os.makedirs(os.path.dirname(stand_in), exist_ok=True)
        shutil.copyfile(os.path.join(source, shipped), stand_in)


class Fixtures:
    """What `with (FIXTURE)` blocks run with, started once per document."""

    def __init__(self, workdir, env):
        self.workdir, self.env, self.processes = workdir, env, []

    def start(self, name):
        if name != "dask-cluster":
            raise SystemExit("docs-test: unknown fixture %s" % name)
        # A free port, so that a scheduler left over from another run cannot answer; the
        # example reads its address as Dask's configuration does (DASK_SCHEDULER_ADDRESS).
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        address = "tcp://127.0.0.1:%d" % port
        self.env["DASK_SCHEDULER_ADDRESS"] = address
        # Workers run in the copy, where the examples' relative paths lead.
        commands = [["dask", "scheduler", "--port", str(port), "--no-dashboard"]] + [
            ["dask", "worker", address, "--nworkers", "1", "--nthreads", "1",
             "--no-dashboard"]] * 2
        for command in commands:
            self.processes.append(subprocess.Popen(
                command, cwd=self.workdir, env=self.env, stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        from distributed import Client
        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)

    def stop(self):
        for process in self.processes:
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:  # it ended by itself
                pass
        for process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.processes = []
        self.env.pop("DASK_SCHEDULER_ADDRESS", None)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pgn")
    parser.add_argument("source")
    parser.add_argument("--update", action="store_true")
    parser.add_argument("documents", nargs="*")
    args = parser.parse_args()
    pgn = os.path.abspath(args.pgn)
    source = os.path.abspath(args.source)
    python_module = os.path.normpath(os.path.join(os.path.dirname(pgn), "..", "python"))
    package = os.path.join(python_module, "libpgn")
    has_python = os.path.isdir(package) and any(
        name.startswith("_libpgn") for name in os.listdir(package))
    documents = args.documents or (["README.md"] + sorted(
        os.path.join("docs", name) for name in os.listdir(os.path.join(source, "docs"))
        if name.endswith(".md")))

    failures, skipped, counts = [], [], {"shell": 0, "python": 0, "scripts": 0}
    top = tempfile.mkdtemp(prefix="libpgn-docs.")
    try:
        for document in documents:
            path = os.path.join(source, document)
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            blocks, errors = parse(lines)
            failures += ["%s:%s" % (document, e) for e in errors]
            runnable = [b for b in blocks if not b.skip]
            skipped += ["%s:%d: %s" % (document, b.start + 1, b.skip) for b in blocks if b.skip]
            if not runnable:
                continue
            workdir = os.path.join(top, os.path.basename(document)[:-3], "repo")
            make_copy(workdir, source, pgn, python_module if has_python else None)
            env = dict(os.environ, PATH=os.path.join(workdir, "build", "bin") + os.pathsep
                       + os.environ.get("PATH", ""), LC_ALL="C.UTF-8", TMPDIR=workdir,
                       PYTHONPATH=os.path.join(workdir, "build", "python"), PYTHONHASHSEED="0",
                       LIBPGN_BENCH_CORPORA=os.path.join(workdir, "libpgn-bench"),
                       LIBPGN_BENCH_SHARED=os.path.join(workdir, "libpgn-shared"),
                       LIBPGN_BENCH_DEPTH_CUT="2", LIBPGN_BENCH_VARIANT_BYTES="2000000")
            env.pop("NO_COLOR", None)
            for block in runnable:
                where = "%s:%d" % (document, block.start + 1)
                missing = [program for program in block.needs
                           if not has_need(program, has_python, env["PATH"])]
                if missing:
                    why = ("the test does not run as root" if missing == ["root"]
                           else "not installed here")
                    skipped.append("%s: needs %s, %s" % (where, " ".join(missing), why))
                    block.skip = "not installed"
            runnable = [b for b in runnable if not b.skip]
            console_blocks = [b for b in runnable if b.kind == "python-console"]
            fixtures = Fixtures(workdir, env)
            try:
                for fixture in {name for b in runnable for name in b.fixtures}:
                    fixtures.start(fixture)
                run_document(document, runnable, console_blocks, has_python, workdir, env,
                             counts, skipped, failures)
            finally:
                fixtures.stop()
            for block in runnable:
                for step in block.steps:
                    if step.actual is not None and not compare(block, step):
                        expected = normalize("\n".join(step.expected), block.timings)
                        actual = normalize(step.actual, block.timings)
                        diff = "\n".join(difflib.unified_diff(
                            expected.split("\n"), actual.split("\n"), "pasted", "real",
                            lineterm="", n=1))
                        failures.append("%s:%d: %s\n%s" % (document, step.line,
                                                           step.command, diff))
            if args.update:
                update(lines, blocks)
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(lines))
    finally:
        shutil.rmtree(top, ignore_errors=True)

    print("docs examples: %d shell commands, %d Python statements, %d Python scripts run; "
          "%d blocks skipped:" % (counts["shell"], counts["python"], counts["scripts"],
                                  len(skipped)))
    for s in skipped:
        print("  skipped " + s)
    print("ignored in the comparison: " + "; ".join(
        [why for why, _, _ in IGNORED] + [why for why, _ in TIMINGS]))
    for failure in failures:
        print("FAIL " + failure)
    if failures:
        print("%d failure(s)%s" % (
            len(failures), " (updated)" if args.update else ""))
        return 1
    print("every example's output is the pasted one")
    return 0


def run_document(document, runnable, console_blocks, has_python, workdir, env, counts,
                 skipped, failures):
    """Runs the blocks of one document in its copy, in order; each step keeps its output."""
    for block in runnable:
        where = "%s:%d" % (document, block.start + 1)
        if block.kind == "shell":
            run_shell(block, workdir, env)
            counts["shell"] += len(block.steps)
        elif not has_python:
            skipped.append("%s: the Python module is not in this build" % where)
            block.skip = "no module"
        elif block.kind == "python-script":
            done = subprocess.run([sys.executable, "-c", block.script], cwd=workdir,
                                  env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=120)
            counts["scripts"] += 1
            if done.returncode != 0:
                failures.append("%s: the script failed:\n%s" % (
                    where, done.stdout.decode("utf-8", "replace")))
    if has_python and console_blocks:
        run_python_console(console_blocks, workdir, env)
        counts["python"] += sum(len(b.steps) for b in console_blocks)


if __name__ == "__main__":
    sys.exit(main())
