# docs_links.sh — every relative link of README.md and docs/ (and
# genomes/README.md) names a file of the checkout, and its #anchor a
# heading of that page (tests/cli/docs_check.py). tests/cli/semantics_refs.sh
# does the same for the § citations.
. "$(dirname "$0")/lib.sh"
cd "$ROOT" || die "no checkout"
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
python3 tests/cli/docs_check.py links "$ROOT" README.md genomes/README.md \
	$(find docs -name '*.md' | sort) || die "links that name no file or heading (above)"
