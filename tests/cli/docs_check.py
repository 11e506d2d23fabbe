#!/usr/bin/env python3
"""Checks of the documentation that need no command run (docs/contributing.md,
"Documentation", says what they hold the pages to).

  docs_check.py links ROOT FILE.md...
      every relative link [text](target) and image ![alt](target) outside
      code names a file or folder of the checkout, and its #anchor a heading
      of that page (GitHub's anchors: lower case, punctuation dropped,
      spaces to hyphens, -1, -2 ... for repeated headings).

  docs_check.py manuals ROOT OPTIONS.jsonl
      OPTIONS.jsonl is `c2rt help --options`. Every command and subcommand
      has its page docs/commands/NAME.md (a subcommand: its command's
      page); the page shows `$ c2rt NAME --help` as an example (the example
      runner compares it with the tool) and names each of its options; and
      no page of docs/commands/ names an option, in code, that the command
      it is given to does not have. An option in a command line or a code
      span belongs to the `c2rt NAME` before it in that segment (segments
      are split at |, ;, && and ||); in prose, to the page's command or to
      a command the paragraph names as `c2rt NAME`.

Prints each problem as FILE:LINE: what; exit 1 if there is any.
"""
import json
import os
import re
import sys

FENCE = re.compile(r'^(```|~~~)')
LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+"[^"]*")?\)')
SPAN = re.compile(r'(`+)(.+?)\1')
OPT = re.compile(r'(?<![\w-])(--[a-z][a-z0-9-]*)')
CALL = re.compile(r'(?:^|[\s(`/])c2rt ([a-z]+)(?: ([a-z]+))?')
GLOBAL = {'--help', '--version'}


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read().split('\n')


def prose_lines(lines):
    """(line number, text, in_fence) for every line."""
    fence = None
    for n, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif line.startswith(fence):
                fence = None
            yield n, line, True
            continue
        yield n, line, fence is not None


def slug(text):
    text = re.sub(r'`', '', text.strip().lower())
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', text)
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


def anchors(path):
    seen, out = {}, set()
    for _, line, code in prose_lines(read(path)):
        m = re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
        if code or not m:
            continue
        s = slug(m.group(1))
        k = seen.get(s, 0)
        seen[s] = k + 1
        out.add(s if k == 0 else '%s-%d' % (s, k))
    return out


def check_links(root, files):
    bad = []
    for f in files:
        base = os.path.dirname(os.path.join(root, f))
        # the page without its code, lines kept: a link may break across lines
        text = '\n'.join('' if code else line
                         for _, line, code in prose_lines(read(os.path.join(root, f))))
        text = SPAN.sub(lambda m: '\n' * m.group(0).count('\n'), text)
        for m in LINK.finditer(text):
            n = text.count('\n', 0, m.start()) + 1
            target = m.group(1)
            if re.match(r'^[a-z]+:', target):
                continue
            path, _, anchor = target.partition('#')
            full = os.path.normpath(os.path.join(base, path)) if path \
                else os.path.join(root, f)
            if not os.path.exists(full):
                bad.append('%s:%d: link to %s: no such file' % (f, n, target))
            elif anchor and full.endswith('.md') and anchor not in anchors(full):
                bad.append('%s:%d: link to %s: no heading #%s in %s' % (
                    f, n, target, anchor, os.path.relpath(full, root)))
    return bad


def load_commands(path):
    cmds = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.strip():
                c = json.loads(line)
                # cli_parse takes -NAME and --NAME alike (mutate's -n is
                # written --n as often): an option is known by its name.
                cmds[c['command']] = {'--' + o['name'] for o in c['options']}
    return cmds


def owner(cmds, word, sub):
    """The command a `c2rt WORD SUB` names (a subcommand if it has one)."""
    if sub and '%s %s' % (word, sub) in cmds:
        return '%s %s' % (word, sub)
    return word if word in cmds else None


def segment_opts(cmds, text):
    """[(command or None, option)] of a command line or a code span."""
    out = []
    for seg in re.split(r'\|\||&&|[|;]', text):
        calls = list(CALL.finditer(seg))
        if not calls:
            out += [(None, o) for o in OPT.findall(seg)]
            continue
        for i, c in enumerate(calls):
            end = calls[i + 1].start() if i + 1 < len(calls) else len(seg)
            who = owner(cmds, c.group(1), c.group(2))
            out += [(who or '?' + c.group(1), o) for o in OPT.findall(seg[c.end():end])]
    return out


def example_commands(lines):
    """(line number, command text, expected output) of every "$ " command
    in a fenced block."""
    out, fence, cont = [], None, False
    for n, line in enumerate(lines, 1):
        if FENCE.match(line):
            fence = None if fence else line[:3]
            cont = False
            continue
        if not fence:
            continue
        if cont:
            out[-1][1] += ' ' + line
        elif line.startswith('$ '):
            out.append([n, line[2:], ''])
        elif out:
            out[-1][2] += line + '\n'
            continue
        cont = line.rstrip().endswith(('\\', '|'))
    return out


def page_problems(cmds, path, rel, page_cmds):
    bad = []
    lines = read(path)
    allowed_page = set(GLOBAL)
    for c in page_cmds:
        allowed_page |= cmds[c]

    def judge(n, who, opt, para_cmds):
        if who is None:
            ok = opt in allowed_page or any(opt in cmds[c] for c in para_cmds)
            if not ok:
                bad.append('%s:%d: %s: not an option of %s' % (
                    rel, n, opt, ' or '.join(sorted(set(page_cmds) | para_cmds)) or 'any command'))
        elif who.startswith('?'):
            bad.append('%s:%d: c2rt %s is not a command' % (rel, n, who[1:]))
        elif opt not in cmds[who] and opt not in GLOBAL:
            bad.append('%s:%d: %s: not an option of c2rt %s' % (rel, n, opt, who))

    for n, cmd, output in example_commands(lines):
        for who, opt in segment_opts(cmds, cmd):
            # an example may show a wrong option being refused
            if who is not None and "unknown option '%s'" % opt not in output:
                judge(n, who, opt, set())
    # Prose: paragraph by paragraph, code spans first.
    para, start = [], 0
    for n, line, code in list(prose_lines(lines)) + [(len(lines) + 1, '', False)]:
        if code or not line.strip():
            if para:
                text = ' '.join(t for _, t in para)
                named = {owner(cmds, a, b) for a, b in CALL.findall(text)} - {None}
                for ln, t in para:
                    rest = t
                    for m in SPAN.finditer(t):
                        for who, opt in segment_opts(cmds, m.group(2)):
                            judge(ln, who, opt, named)
                    rest = SPAN.sub(' ', t)
                    for opt in OPT.findall(rest):
                        judge(ln, None, opt, named)
                para = []
            continue
        para.append((n, line))
    return bad


def check_manuals(root, options_path):
    cmds = load_commands(options_path)
    bad = []
    pages = {}
    for c in cmds:
        pages.setdefault(c.split(' ')[0], []).append(c)
    for page, members in sorted(pages.items()):
        rel = 'docs/commands/%s.md' % page
        path = os.path.join(root, rel)
        if not os.path.exists(path):
            bad.append('%s: missing: every command has its page' % rel)
            continue
        text = '\n'.join(read(path))
        for c in members:
            if not re.search(r'^\$ c2rt %s --help$' % re.escape(c), text, re.M):
                bad.append('%s: no "$ c2rt %s --help" example' % (rel, c))
            for o in sorted(cmds[c]):
                if not re.search(r'(?<![\w-])--?%s(?![\w-])' % re.escape(o[2:]), text):
                    bad.append('%s: option %s of c2rt %s is not named' % (rel, o, c))
        bad += page_problems(cmds, path, rel, members)
    for f in sorted(os.listdir(os.path.join(root, 'docs/commands'))):
        if f.endswith('.md') and f[:-3] not in pages and f != 'README.md':
            bad.append('docs/commands/%s: no command of that name' % f)
    readme = os.path.join(root, 'docs/commands/README.md')
    if os.path.exists(readme):
        bad += page_problems(cmds, readme, 'docs/commands/README.md', [])
    return bad


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ('links', 'manuals'):
        sys.exit(__doc__)
    root = os.path.abspath(sys.argv[2])
    if sys.argv[1] == 'links':
        bad = check_links(root, sys.argv[3:])
        what = '%d files' % len(sys.argv[3:])
    else:
        bad = check_manuals(root, sys.argv[3])
        what = 'the manual pages'
    for b in bad:
        print(b)
    print('%s: %d problems' % (what, len(bad)))
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
