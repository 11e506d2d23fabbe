# genome_norn.sh — the codec and text form on the real norn (read from $C2RT_SHARED).
. "$(dirname "$0")/lib.sh"
need_shared

# dump | asm is byte-identical, through a pipe as in docs/commands/dump.md.
"$C2RT" dump "$NORN" | "$C2RT" asm - -o "$T/n.gen" || die "dump | asm failed"
cmp "$T/n.gen" "$NORN" || die "dump | asm is not byte-identical"

expect_exit 0 "$C2RT" dump "$NORN"
[ "$(grep -c '^gene ' "$T/out")" -eq 787 ] || die "dump does not show 787 genes"

# --gno labels every gene.
expect_exit 0 "$C2RT" dump "$NORN" --gno "$NORN_GNO"
[ "$(grep -c '^# gene [0-9]* @ [0-9]*.*: ' "$T/out")" -eq 787 ] || die "--gno does not label every gene"
contains "$T/out" "Antigen 0 - Receptor"

# --json parses, one object per gene.
expect_exit 0 "$C2RT" dump "$NORN" --json --gno "$NORN_GNO"
python3 -m json.tool "$T/out" >/dev/null || die "--json output does not parse"
python3 - "$T/out" <<'PY' || die "json content"
import json, sys
def no_dups(pairs):
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), "duplicate keys: %s" % keys
    return dict(pairs)
d = json.load(open(sys.argv[1]), object_pairs_hook=no_dups)
assert len(d["genes"]) == 787 and all("description" in g for g in d["genes"])
PY

expect_exit 0 "$C2RT" validate "$NORN"
contains "$T/out" "787 genes (dna2), 0 warnings"

expect_exit 0 "$C2RT" express "$NORN" --stage child --sex female
contains "$T/out" "# 57 genes switch on when a female enters stage 1 (child)"
expect_exit 0 "$C2RT" express "$NORN" --stage adolescent --sex male
contains "$T/out" "# 32 genes switch on when a male enters stage 2"
expect_exit 0 "$C2RT" express "$NORN" --stage adolescent --sex female
contains "$T/out" "# 43 genes switch on when a female enters stage 2"
expect_exit 0 "$C2RT" express "$NORN" --stage embryo --sex male --upto
contains "$T/out" "# 630 genes in force for a male at stage 0"
exit 0
