# semantics_refs.sh — every section citation in the tree names a heading of
# the semantics (docs/semantics/*.md), so that none dangles in a clone.
#
# Citations: a section sign and a number (4, 4.2, 2.6.3), ranges of them
# (4.3-4.8, with a hyphen or an en dash, the second sign optional), and the
# open questions Q1..Q20. "reference" and "semantics" before the sign mean
# the same document; "bodies-reference" followed by section N (the old notes
# on bodies) is section 10.N. Every text file of the checkout is read,
# tracked or new, this script aside (its patterns would match themselves).
# No file may name the outside documents the citations used to point into,
# and every file of the checkout the semantics names must exist.
. "$(dirname "$0")/lib.sh"
cd "$ROOT" || die "no checkout"
export LC_ALL=C
DOCS=docs/semantics
ls "$DOCS"/*.md >/dev/null 2>&1 || die "no $DOCS/*.md"

# The headings: "## 4 Brain", "### 4.2 Construction ...", "#### 2.6.3 ...",
# "### Q7 — ...": the number (or Qn) right after the hashes.
grep -h -E '^#{2,4} Q?[0-9]+(\.[0-9]+)*( |$)' "$DOCS"/*.md |
	sed -E 's/^#+ ([^ ]+).*/\1/' >"$T/anchors"
[ -s "$T/anchors" ] || die "no numbered headings in $DOCS"
dups=$(sort "$T/anchors" | uniq -d | tr '\n' ' ')
[ -z "$dups" ] || die "headings numbered twice in $DOCS: $dups"

# The text files to read.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files --cached --others --exclude-standard
else
	find . -type f ! -path './.git/*' ! -path './build/*' | sed 's|^\./||'
fi | grep -v -x -e 'tests/cli/semantics_refs.sh' | while IFS= read -r f; do
	[ -f "$f" ] && printf '%s\n' "$f"
done >"$T/files"
[ -s "$T/files" ] || die "no files to read"

SEC='§[0-9]+(\.[0-9]+)*'
tr '\n' '\0' <"$T/files" |
	xargs -0 grep -HIno -E "(bodies-reference(\.md)?\`? *)?$SEC( ?(-|–) ?§?[0-9]+(\.[0-9]+)*)?" \
	>"$T/secs" || true
tr '\n' '\0' <"$T/files" | xargs -0 grep -HIno -E '\bQ[0-9]{1,2}\b' >"$T/qs" || true
[ -s "$T/secs" ] || die "no section citations found: the extraction is broken"

# FILE:LINE:CITATION -> each end of a range checked against the headings.
awk -v secs="$T/secs" -v qs="$T/qs" '
	FNR == NR { anchor[$0] = 1; next }
	function check(where, s, shown) {
		n++
		if (!(s in anchor)) { bad++; printf "%s: %s does not name a heading of docs/semantics/\n", where, shown }
		else seen[s] = 1
	}
	{
		p = index($0, ":"); q = index(substr($0, p + 1), ":")
		where = substr($0, 1, p + q - 1); cite = substr($0, p + q + 1)
		if (FILENAME == qs) { check(where, cite, cite); next }
		bodies = cite ~ /^bodies-reference/
		sub(/^[^§]*/, "", cite)
		shown = (bodies ? "bodies-reference " : "") cite
		gsub(/–/, "-", cite); gsub(/§/, "", cite); gsub(/ /, "", cite)
		k = split(cite, end, "-")
		for (i = 1; i <= k; i++)
			check(where, (bodies ? "10." : "") end[i], shown)
	}
	END {
		m = 0; for (s in seen) m++
		printf "%d citations, %d distinct sections and questions, %d unresolved\n", n, m, bad
		exit bad > 0
	}
' "$T/anchors" "$T/secs" "$T/qs" || die "citations that name no heading (above)"

# Every file of the checkout the semantics names (`brain/reference.c`,
# `genome/rates.[ch]`, `body/xode*.c`) exists: when code moves, the text
# that explains it must follow.
grep -ohE '`(base|genome|brain|biochem|body|engine|cli|viewer|tests|bench|docs|genomes|scripts)/[A-Za-z0-9_./*-]*(\[ch\])?`' \
	"$DOCS"/*.md | tr -d '`' | sort -u >"$T/paths"
[ -s "$T/paths" ] || die "no file paths found in $DOCS: the extraction is broken"
missing=""
while IFS= read -r p; do
	case $p in
	*'[ch]') set -- "${p%\[ch\]}c" "${p%\[ch\]}h" ;;
	*) set -- "$p" ;;
	esac
	for q in "$@"; do
		# shellcheck disable=SC2086 # a pattern such as body/xode*.c must expand
		ls -d $q >/dev/null 2>&1 || missing="$missing $q"
	done
done <"$T/paths"
[ -z "$missing" ] || die "$DOCS names files that do not exist:$missing"

# Nothing names the outside documents.
outside=$(tr '\n' '\0' <"$T/files" |
	xargs -0 grep -HIn -E 'c2-runtime-reference\.md|bodies-reference\.md|world-reference\.md|shared/docs/' || true)
[ -z "$outside" ] || die "files that cite documents outside the repository:
$outside"
exit 0
