# docs_manuals.sh — the manual pages follow the option tables: every
# command and subcommand of `c2rt help --options` has its page
# docs/commands/NAME.md, which shows `c2rt NAME --help` (the example runner,
# docs_examples.sh, checks that output) and names each option, and no page
# names an option its command does not have (tests/cli/docs_check.py says
# how an option is given to a command).
. "$(dirname "$0")/lib.sh"
cd "$ROOT" || die "no checkout"
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
expect_exit 0 "$C2RT" help --options
[ -s "$T/out" ] || die "help --options printed nothing"
python3 tests/cli/docs_check.py manuals "$ROOT" "$T/out" || die "manual pages and option tables disagree (above)"
