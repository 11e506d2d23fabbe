# function_length.sh — no production function over 150 lines (issue 22;
# docs/ARCHITECTURE.md: small functions, none new over 80 if it can be
# helped, never over 150).
#
# Production code is every .c and .h of the checkout outside tests/ and
# bench/. The tree is formatted so that a function's body opens with a `{`
# alone at column 0 and closes with the first `}` at column 0 after it (the
# signature's continuation lines are indented), so a function runs from the
# last line before its `{` that starts at column 0 (the signature's first
# line) to that `}`, both counted; the comment above it is not. A `{` at
# column 0 inside a function, a signature without `(` or a file ending
# inside a function fails the test: the measure would be wrong there.
. "$(dirname "$0")/lib.sh"
cd "$ROOT" || die "no checkout"
export LC_ALL=C
LIMIT=150

# Functions over the limit that another change of issue 22 is carving,
# known and being fixed. The lead removes each line when merging the branch
# that carves it (the test fails on a line whose function is no longer over,
# so the list cannot go stale).
KNOWN="
"

# measure FILE...: "LINES FILE:LINE: NAME" for every function, or
# "error FILE:LINE: REASON" where the layout defeats the measure.
measure() {
	awk '
	FNR == 1 {
		if (inb) printf "error %s:%d: ends inside %s\n", prevfile, sig, name
		inb = 0; sig = 0; sigtxt = ""; prevfile = FILENAME
	}
	inb && /^\{/ { printf "error %s:%d: a { at column 0 inside %s\n", FILENAME, FNR, name; next }
	inb && /^\}/ { inb = 0; printf "%d %s:%d: %s\n", FNR - sig + 1, FILENAME, sig, name; next }
	inb { next }
	/^[A-Za-z_]/ { sig = FNR; sigtxt = $0 }
	/^\{/ {
		if (sigtxt !~ /\(/) { printf "error %s:%d: no signature before this {\n", FILENAME, FNR; next }
		name = sigtxt
		gsub(/__attribute__[ \t]*\(\([^()]*(\([^()]*\)[^()]*)*\)\)/, "", name)
		sub(/[ \t]*\(.*/, "", name); sub(/.*[ \t*]/, "", name)
		inb = 1
	}
	END { if (inb) printf "error %s:%d: ends inside %s\n", FILENAME, sig, name }
	' "$@"
}

# The measure itself, on a known shape: a two-line signature, a struct
# initialiser and a nested block (not at column 0) before and inside it;
# a name after an attribute.
cat >"$T/shape.c" <<'EOF'
/* a comment, not counted */
static const struct pair { int a, b; } pairs[] = {
	{ 1, 2 },
};

static int sum_pairs(const struct pair *p,
                     int n)
{
	int s = 0;
	for (int i = 0; i < n; i++) {
		s += p[i].a;
	}
	return s;
}
static inline __attribute__((always_inline, target("avx2"))) int one(void)
{
	return 1;
}
EOF
got=$(measure "$T/shape.c" | tr '\n' ' ')
[ "$got" = "9 $T/shape.c:6: sum_pairs 4 $T/shape.c:15: one " ] ||
	die "the measure is broken: got '$got'"

# The files.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files --cached --others --exclude-standard -- '*.c' '*.h'
else
	find . -type f \( -name '*.c' -o -name '*.h' \) ! -path './build/*' | sed 's|^\./||'
fi | grep -v -e '^tests/' -e '^bench/' -e '^build/' | while IFS= read -r f; do
	[ -f "$f" ] && printf '%s\n' "$f"
done | sort >"$T/files"
[ -s "$T/files" ] || die "no production files found"

! grep -q ' ' "$T/files" || die "a production file name with a space: $(grep ' ' "$T/files")"
# shellcheck disable=SC2046 # no spaces in the names (checked above)
measure $(cat "$T/files") >"$T/lengths"
if grep -q '^error ' "$T/lengths"; then
	grep '^error ' "$T/lengths" | sed 's/^error //' >&2
	die "functions the measure cannot delimit (above)"
fi
nfun=$(wc -l <"$T/lengths")
[ "$nfun" -gt 500 ] || die "only $nfun functions found: the measure is broken"

sort -n -r "$T/lengths" >"$T/sorted"
awk -v lim=80 '$1 > lim' "$T/sorted" >"$T/over80"
echo "$nfun functions; $(wc -l <"$T/over80") over 80 lines:"
sed 's/^/  /' "$T/over80"

bad="" stale=""
while read -r n where name; do
	[ "$n" -gt "$LIMIT" ] || continue
	case "$KNOWN" in *"
$name
"*) echo "known, being carved: $name ($n lines, ${where%:})"; continue ;; esac
	bad="$bad
  $n lines: $where $name"
done <"$T/sorted"
for k in $KNOWN; do
	awk -v k="$k" -v lim=$LIMIT '$3 == k && $1 > lim { f = 1 } END { exit !f }' "$T/sorted" ||
		stale="$stale $k"
done
[ -z "$bad" ] || die "functions over $LIMIT lines (carve them along their sections):$bad"
[ -z "$stale" ] || die "no longer over $LIMIT lines, remove from KNOWN in $0:$stale"
exit 0
