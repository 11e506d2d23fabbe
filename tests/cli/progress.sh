# progress.sh — a long headless run shows its progress on a terminal, and
# never when its standard error is piped or redirected.
. tests/cli/lib.sh
G="$BUILD/genomes/starter.gen"
EV="$ROOT/genomes/starter.events"

# On a terminal (a pseudo-terminal made by Python): a line redrawn in place
# ("\r...\033[K"), erased before the summary.
python3 - "$C2RT" "$G" "$EV" >"$T/tty" <<'PY' || die "run on a terminal"
import os, pty, sys
c2rt, genome, events = sys.argv[1:4]
pid, fd = pty.fork()
if pid == 0:
    os.execv(c2rt, [c2rt, "run", genome, "--events", events, "--until", "death"])
out = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
_, status = os.waitpid(pid, 0)
sys.stdout.write(repr(out))
sys.exit(os.WEXITSTATUS(status))
PY
grep -q 'c2rt run: tick 0, creature time 0.00 h, stage embryo' "$T/tty" || die "no progress line on a terminal: $(head -c 300 "$T/tty")"
grep -q '\\x1b\[K' "$T/tty" || die "the progress line is not redrawn in place"
grep -q '\\r\\x1b\[Kc2rt run: 71681 ticks' "$T/tty" || die "the progress line is not erased before the summary: $(tail -c 300 "$T/tty")"

# Piped or redirected: only the summary.
expect_exit 0 "$C2RT" run "$G" --events "$EV" --until death
[ "$(wc -l <"$T/err")" -eq 1 ] || die "more than the summary on a pipe: $(head -c 300 "$T/err")"
if LC_ALL=C grep -q "$(printf '[\r\033]')" "$T/err"; then die "terminal controls on a pipe"; fi
contains "$T/err" "c2rt run: 71681 ticks"
# --quiet: no summary and no progress.
expect_exit 0 "$C2RT" run "$G" --ticks 10 --quiet
[ ! -s "$T/err" ] || die "--quiet printed $(cat "$T/err")"
