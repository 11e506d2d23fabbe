/* cmd_express.c — `c2rt express`: which genes a creature expresses at a stage. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "genome/gno.h"
#include "genome/text.h"

static const char *stage_arg = "embryo", *sex_arg, *gno_path;
static bool upto, show_replaced;

static const cli_opt opts[] = {
	{"stage", OPT_STR, &stage_arg, "STAGE", "embryo|child|adolescent|youth|adult|old|senile or 0..6 (default embryo)", 0, 0, NULL},
	{"sex", OPT_STR, &sex_arg, "m|f", "the creature's sex: m(ale) or f(emale) (required)", 0, 0, NULL},
	{"upto", OPT_FLAG, &upto, NULL, "list every gene in force at STAGE (add/replace rules applied)", 0, 0, NULL},
	{"replaced", OPT_FLAG, &show_replaced, NULL, "with --upto: also list genes replaced by later ones", 0, 0, NULL},
	{"gno", OPT_IN, &gno_path, "FILE.gno", "add the Genetics Kit description of each gene", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_express_spec = {
	"express", "FILE.gen",
	"list the genes switched on when a creature enters a life stage",
	"Without --upto: the genes switched on when a creature of that sex enters that\n"
	"stage (dormant and other-sex genes excluded). With --upto: every gene in force\n"
	"once it has reached that stage: receptors, reactions and instincts add up;\n"
	"emitters (same locus and chemical), stimuli, poses, gaits and appearance are\n"
	"replaced by later genes with the same key; lobes and organs count only at birth.\n"
	"Receptors, emitters and reactions show their owning organ: the gene index of\n"
	"the nearest organ gene before them, or 'body' for the engine's body organ.",
	opts, 1, 1, OPT_IN, NULL,
};

static int parse_stage(const char *s)
{
	long v;
	if (cli_parse_long(s, 0, GENOME_NSTAGES - 1, &v))
		return (int)v;
	return genome_stage_by_name(s);
}

static void print_gene(const genome *g, const genome_gno *gno, size_t i, const char *note)
{
	const genome_gene *gene = &g->genes[i];
	char sum[256], owner[32] = "";
	genome_gene_summary(gene, sum, sizeof sum);
	long o = genome_owner_organ(g, i);
	if (o == -1)
		snprintf(owner, sizeof owner, "body");
	else if (o >= 0)
		snprintf(owner, sizeof owner, "organ@%ld", o);
	const char *desc = genome_gno_describe(gno, gene);
	printf("%4zu  %-21s id=%-3u %-10s %-10s %s%s%s%s\n", i, genome_kinds[gene->kind].name,
	       gene->id, genome_stage_name(gene->stage) ? genome_stage_name(gene->stage) : "?",
	       owner, sum, desc ? "  # " : "", desc ? desc : "", note ? note : "");
}

int cli_cmd_express(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_express_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	int sex = sex_arg ? cli_parse_sex(sex_arg) : -1;
	if (sex < 0)
		return cli_fail(CLI_USAGE, "express", "--sex m|f is required");
	if (show_replaced && !upto)
		return cli_fail(CLI_USAGE, "express", "--replaced goes with --upto");
	int stage = parse_stage(stage_arg);
	if (stage < 0)
	{
		char hint[160];
		genome_stage_hint(stage_arg, strlen(stage_arg), hint, sizeof hint);
		return cli_fail(CLI_USAGE, "express", "unknown stage '%s'%s", stage_arg, hint);
	}

	genome g;
	if ((rc = cli_load_genome(pos[0], &g)) != 0)
		return rc;
	genome_gno gno = {0};
	c2_err err;
	if (gno_path && genome_gno_read_file(&gno, gno_path, &err) != 0) {
		genome_free(&g);
		return cli_report(gno_path, &err);
	}
	size_t *idx = malloc((g.ngenes ? g.ngenes : 1) * sizeof *idx);
	long *repl = malloc((g.ngenes ? g.ngenes : 1) * sizeof *repl);
	if (!idx || !repl) {
		rc = cli_fail(CLI_BAD, "express", "out of memory");
		goto out;
	}
	const char *sexname = sex == GENOME_MALE ? "male" : "female";
	if (!upto) {
		size_t n = genome_switched_on(&g, (genome_sex)sex, stage, idx);
		printf("# %zu genes switch on when a %s enters stage %d (%s)\n", n, sexname, stage,
		       genome_stage_name(stage));
		for (size_t k = 0; k < n; k++)
			print_gene(&g, gno_path ? &gno : NULL, idx[k], NULL);
	} else {
		size_t n = genome_in_force(&g, (genome_sex)sex, stage, idx, repl);
		size_t nrep = 0;
		for (size_t i = 0; i < g.ngenes; i++)
			nrep += repl[i] >= 0;
		printf("# %zu genes in force for a %s at stage %d (%s); %zu replaced by later genes\n", n,
		       sexname, stage, genome_stage_name(stage), nrep);
		for (size_t k = 0; k < n; k++)
			print_gene(&g, gno_path ? &gno : NULL, idx[k], NULL);
		if (show_replaced && nrep) {
			printf("# replaced:\n");
			for (size_t i = 0; i < g.ngenes; i++) {
				if (repl[i] < 0)
					continue;
				char note[48];
				snprintf(note, sizeof note, "  (replaced by gene %ld)", repl[i]);
				print_gene(&g, gno_path ? &gno : NULL, i, note);
			}
		}
	}
out:
	free(idx);
	free(repl);
	genome_gno_free(&gno);
	genome_free(&g);
	return rc;
}
