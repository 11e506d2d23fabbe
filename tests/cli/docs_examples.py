#!/usr/bin/env python3
"""Run every example of the documentation and compare its output.

Usage: docs_examples.py ROOT BUILD SHARED SCRATCH [FILE.md ...]
(tests/cli/docs_examples.sh calls it; without FILEs it reads README.md and
docs/**/*.md.)

What an example is (docs/contributing.md, "Examples are tested", says the
same for writers):

- A fenced block (``` or ~~~) with a line that starts with "$ " is an
  example. Each "$ " line is a command; a command whose line ends with "\\"
  or "|" goes on to the next line. The lines after a command, up to the
  next command or the end of the block, are its expected output (standard
  output and standard error together, as a terminal shows them).
- A line of the expected output that is exactly "..." stands for any
  number of lines (none included): an example may show the start, the end
  or a sample of a long output.
- An HTML comment on the line just before the block (blank lines between
  are allowed) changes what happens:
    <!-- not run: REASON -->   the block is shown, not run (REASON is
                               required: why it cannot run here);
    <!-- example: long -->     the block runs only when LONG_TESTS is not 0
                               (make test runs it; the quick loop skips it).
- A block tagged sh, shell, bash or console must be an example or carry a
  "not run" reason: a command shown to readers is either checked or says
  why not. Untagged blocks without "$ " lines (syntax, file formats,
  output shown on its own) are text.

How it runs: each document runs in a scratch directory of its own, its
examples in order, so a file one example writes (feed.ev) is there for the
next. The directory looks like the checkout: its top-level entries are
symbolic links to the checkout's (build/ to the build under test), and
../shared is the real C2 data (C2RT_SHARED); `c2rt` on PATH is the build's.
Every command runs in `bash -c` with the exit status of the one before it
(so `echo $?` works) and a time limit.

What may differ (the masking rules; both sides are masked the same way):
- trailing spaces of a line, and empty lines at the end of an output;
- a duration or a rate, by exactly these patterns: "N s wall", "N ticks/s",
  "N runs/s", "in N s on" (batch and sweep summaries), "N ms each",
  "N frames" (the viewer's summary), "N x real time". N becomes <T>.
Nothing else: every other number must match.

An example that reads ../shared is skipped (and counted) when the data is
not there, and one that runs xvfb-run when that is not installed, unless
CI is set. Exit status 0 when every example ran and
matched, 1 otherwise; a summary line either way.
"""
import os
import re
import shutil
import subprocess
import sys

FENCE = re.compile(r'^(```|~~~)\s*([A-Za-z0-9_+-]*)')
NOT_RUN = re.compile(r'^<!--\s*not run:\s*(\S.*?)\s*-->\s*$')
LONG = re.compile(r'^<!--\s*example:\s*long\s*-->\s*$')
MARKER = re.compile(r'^<!--\s*(not run|example)\b')
COMMAND_TAGS = {'sh', 'shell', 'bash', 'console'}

# The masking rules (see above): a duration or a rate, nothing else.
MASKS = [
    (re.compile(r'\d+(\.\d+)?( s wall)'), r'<T>\2'),
    (re.compile(r'\d+(\.\d+)?( (ticks|runs)/s)'), r'<T>\2'),
    (re.compile(r'(in )\d+(\.\d+)?( s on )'), r'\1<T>\3'),
    (re.compile(r'\d+(\.\d+)?( ms each)'), r'<T>\2'),
    (re.compile(r'\d+( frames)'), r'<T>\1'),
    (re.compile(r'\d+(\.\d+)?( x real time)'), r'<T>\2'),
]
TIMEOUT = 900


def mask(line):
    line = line.rstrip()
    for pat, rep in MASKS:
        line = pat.sub(rep, line)
    return line


class Block:
    def __init__(self, path, line, tag, lines, mode, reason):
        self.path, self.line, self.tag = path, line, tag
        self.lines, self.mode, self.reason = lines, mode, reason


def blocks_of(path):
    """The fenced blocks of a Markdown file, each with the marker before it."""
    out, errors = [], []
    with open(path, encoding='utf-8') as f:
        text = f.read().split('\n')
    i, prev = 0, []
    while i < len(text):
        m = FENCE.match(text[i])
        if not m:
            if text[i].strip():
                prev.append((i + 1, text[i].strip()))
            i += 1
            continue
        fence, tag, start = m.group(1), m.group(2), i + 1
        body = []
        i += 1
        while i < len(text) and not text[i].startswith(fence):
            body.append(text[i])
            i += 1
        i += 1
        mode, reason = 'run', None
        if prev and MARKER.match(prev[-1][1]):
            mk = prev[-1][1]
            nr, lg = NOT_RUN.match(mk), LONG.match(mk)
            if nr:
                mode, reason = 'skip', nr.group(1)
            elif lg:
                mode = 'long'
            else:
                errors.append('%s:%d: unknown marker %s' % (path, prev[-1][0], mk))
        out.append(Block(path, start, tag, body, mode, reason))
        prev = []
    return out, errors


def parse_example(b):
    """[(command, [expected lines])] of an example block, or an error."""
    steps, cmd, expect, first = [], None, None, 0
    cont = False
    for n, line in enumerate(b.lines):
        if cont:
            cmd += '\n' + line
            cont = line.rstrip().endswith(('\\', '|'))
            first = n + 1
            continue
        if line.startswith('$ '):
            if cmd is not None:
                steps.append((cmd, expect, first))
            cmd, expect, first = line[2:], [], n + 1
            cont = line.rstrip().endswith(('\\', '|'))
            continue
        if cmd is None:
            if line.strip():
                return None, '%s:%d: text before the first "$ " command' % (
                    b.path, b.line + 1 + n)
            continue
        expect.append(line)
    if cmd is not None:
        steps.append((cmd, expect, first))
    return steps, None


def matches(expect, actual):
    """Does actual match expect, where a line "..." is any run of lines?"""
    e = [mask(x) for x in expect]
    a = [mask(x) for x in actual]
    while e and e[-1] == '':
        e.pop()
    while a and a[-1] == '':
        a.pop()
    memo = {}

    def go(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(e):
            r = j == len(a)
        elif e[i] == '...':
            r = any(go(i + 1, k) for k in range(j, len(a) + 1))
        else:
            r = j < len(a) and e[i] == a[j] and go(i + 1, j + 1)
        memo[(i, j)] = r
        return r
    return go(0, 0)


def scratch_for(root, build, shared, base, name):
    """A directory that looks like the checkout, with ../shared beside it."""
    top = os.path.join(base, name)
    shutil.rmtree(top, ignore_errors=True)
    work = os.path.join(top, 'repo')
    os.makedirs(work)
    os.makedirs(os.path.join(top, 'bin'))
    for e in os.listdir(root):
        if e in ('.git', 'build'):
            continue
        os.symlink(os.path.join(root, e), os.path.join(work, e))
    os.symlink(build, os.path.join(work, 'build'))
    os.symlink(shared, os.path.join(top, 'shared'))
    for prog in ('c2rt', 'c2rt-view'):
        p = os.path.join(build, prog)
        if os.path.exists(p):
            os.symlink(p, os.path.join(top, 'bin', prog))
    return top, work


def run_doc(path, blocks, ctx):
    """Run one document's examples; returns (ran, failed, skipped, notes)."""
    ran = failed = skipped = 0
    notes = []
    top = work = None
    for b in blocks:
        if b.mode == 'skip':
            continue
        if b.mode == 'long' and os.environ.get('LONG_TESTS', '1') == '0':
            skipped += 1
            continue
        steps, err = parse_example(b)
        if err:
            notes.append(err)
            failed += 1
            continue
        if '../shared' in '\n'.join(b.lines) and not ctx['have_shared']:
            skipped += 1
            continue
        if any(c.startswith('xvfb-run') for c, _, _ in steps) and \
                not shutil.which('xvfb-run') and not os.environ.get('CI'):
            skipped += 1
            continue
        if top is None:
            name = re.sub(r'[^A-Za-z0-9]+', '_', os.path.relpath(path, ctx['root']))
            top, work = scratch_for(ctx['root'], ctx['build'], ctx['shared'],
                                    ctx['scratch'], name)
        env = dict(os.environ)
        env['PATH'] = os.path.join(top, 'bin') + os.pathsep + env.get('PATH', '')
        env['LC_ALL'] = 'C.UTF-8'
        env.pop('C2RT_FONT', None)
        status = 0
        for cmd, expect, first in steps:
            ran += 1
            try:
                p = subprocess.run(['bash', '-c', '(exit %d); %s' % (status, cmd)],
                                   cwd=work, env=env, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   timeout=TIMEOUT)
                out, status = p.stdout.decode('utf-8', 'replace'), p.returncode
            except subprocess.TimeoutExpired:
                out, status = '(timed out after %d s)\n' % TIMEOUT, 124
            actual = out.split('\n')
            if not matches(expect, actual):
                if ctx['update'] and '...' not in expect:
                    # the block's first line is file line b.line + 1
                    while actual and actual[-1] == '':
                        actual.pop()
                    ctx['edits'].append((path, b.line + first, len(expect), actual))
                failed += 1
                notes.append('%s:%d: $ %s\n--- expected\n%s\n--- got (exit %d)\n%s' % (
                    path, b.line, cmd, '\n'.join(expect).rstrip(), status, out.rstrip()))
    return ran, failed, skipped, notes


def check_tags(blocks):
    """A block tagged as shell commands is an example or says why not."""
    bad = []
    for b in blocks:
        if b.tag in COMMAND_TAGS and b.mode != 'skip' and \
                not any(x.startswith('$ ') for x in b.lines):
            bad.append('%s:%d: a ```%s block with no "$ " command: make it an '
                       'example or mark it <!-- not run: REASON -->' % (b.path, b.line, b.tag))
    return bad


def apply_edits(edits):
    """--update (by hand, never in a test): paste the real output into the
    page in place of an expected output that has no "..." line. Review the
    diff: the command may have failed."""
    by_file = {}
    for path, start, n, actual in edits:
        by_file.setdefault(path, []).append((start, n, actual))
    for path, es in by_file.items():
        with open(path, encoding='utf-8') as f:
            text = f.read().split('\n')
        for start, n, actual in sorted(es, reverse=True):
            text[start:start + n] = [x.rstrip() for x in actual]
        with open(path, 'w', encoding='utf-8') as f:
            f.write('\n'.join(text))
        print('updated %s (%d outputs)' % (path, len(es)))


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    root, build, shared, scratch = (os.path.abspath(x) for x in sys.argv[1:5])
    files = sys.argv[5:]
    update = bool(files) and files[0] == '--update'
    if update:
        files = files[1:]
    if not files:
        files = ['README.md']
        for d, _, fs in sorted(os.walk(os.path.join(root, 'docs'))):
            files += sorted(os.path.relpath(os.path.join(d, f), root)
                            for f in fs if f.endswith('.md'))
    ctx = {'root': root, 'build': build, 'shared': shared, 'scratch': scratch,
           'update': update, 'edits': [], 'have_shared': os.path.exists(os.path.join(shared, 'genomes', 'c2-norn.gen'))}
    if not ctx['have_shared'] and os.environ.get('CI'):
        sys.exit('CI: no C2 data at %s (the examples need ../shared)' % shared)
    os.chdir(root)
    total = [0, 0, 0, 0]   # commands run, failed, blocks skipped, not run
    problems = []
    for f in files:
        blocks, errs = blocks_of(f)
        problems += errs + check_tags(blocks)
        examples = [b for b in blocks if b.mode == 'skip' or
                    any(x.startswith('$ ') for x in b.lines)]
        total[3] += sum(1 for b in examples if b.mode == 'skip')
        r, fl, sk, notes = run_doc(f, [b for b in examples], ctx)
        total[0] += r
        total[1] += fl
        total[2] += sk
        problems += notes
    for p in problems:
        print(p + '\n')
    apply_edits(ctx['edits'])
    print('%d commands run in %d files, %d failed; %d blocks skipped (long or no '
          'shared data), %d marked not run; %d problems' % (
              total[0], len(files), total[1], total[2], total[3], len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == '__main__':
    main()
