# options.sh — every option of every command does something (its result
# changes) or is refused with a reason where it would do nothing, and every
# option naming a file is a path kind the dispatcher checks: walked from
# the binary's own tables by tests/cli/options_used.py. The viewer's cases
# run on one Xvfb server.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "no python3"; exit 77; }
export C2RT_TMP="$T"
xvfb_start || echo "no Xvfb: the viewer's cases are skipped"
python3 "$ROOT/tests/cli/options_used.py" || die "options_used.py"
xvfb_stop
