/* cmd_import.c — `c2rt import`: a Creatures 2 export (.exp) as a c2rt
 * snapshot, its genome as a .gen file, or side by side with c2rt's own run
 * of that genome. */
#include <stdlib.h>
#include <string.h>

#include "cli/breed_out.h"
#include "cli/cli.h"
#include "cli/creature_open.h"
#include "exchange/import.h"

static const char *out_path, *genome_path, *format_arg;
static bool compare, quiet;
static long nseeds = 1;
static cli_creature_args args;

static const cli_opt opts[] = {
	{"o", OPT_OUT, &out_path, "STATE.snap", "write the imported creature as a snapshot (atomically)", 0, 0, NULL},
	{"genome", OPT_OUT, &genome_path, "OUT.gen", "write the export's genome as a dna2 file", 0, 0, NULL},
	{"compare", OPT_FLAG, &compare, NULL, "hatch the export's genome, run it to the export's age and compare", 0, 0, NULL},
	{"format", OPT_STR, &format_arg, "text|json", "--compare report format (default text)", 0, 0, NULL},
	{"seed", OPT_STR, &args.seed, "S", "seed of the random stream (default 1)", 0, 0, NULL},
	{"seeds", OPT_INT, &nseeds, "K", "--compare: also run seeds S+1 ... S+K-1; judge the random rows by c2rt's spread", 1, 10000, NULL},
	{"opt", OPT_CALL, &args, "NAME=VALUE", "set an option (see 'c2rt options'); repeatable", 0, 0, cli_opt_config},
	{"quiet", OPT_FLAG, &quiet, NULL, "no summary on stderr", 0, 0, NULL},
	{0},
};

/* The --compare report goes to standard output: nothing else may. */
static int import_paths(cli_paths *ps, const char *const *pos, int npos)
{
	(void)pos;
	(void)npos;
	cli_paths_add(ps, OPT_OUT, "--compare", compare ? "-" : NULL);
	return CLI_OK;
}

const cli_spec cli_cmd_import_spec = {
	"import", "FILE.exp",
	"import a creature exported from Creatures 2, or compare it with c2rt",
	"Reads the export's genome (CGenome), brain (CBrain: every lobe, neuron and\n"
	"dendrite) and biochemistry (CBiochemistry: 256 chemicals and half-lives, the\n"
	"organs with their clocks, bioticks and life forces; the brain organ). Blocks\n"
	"it does not understand are skipped and listed. -o writes a snapshot that\n"
	"'c2rt run --resume' and 'c2rt view --resume' continue; a summary goes to\n"
	"stderr. --compare hatches the export's genome (its sex), runs it to the\n"
	"export's age and prints every field both sides hold: equal, close (the\n"
	"tolerance is in the note) or different, and what decides it: the genome\n"
	"(c2rt must agree), an engine choice, the random wiring, or the world.\n"
	"One run's wiring is one random draw: --seeds K adds, for each row the\n"
	"wiring decides, c2rt's range, mean and standard deviation over K seeds\n"
	"and whether the export's value lies inside that range, and judges the\n"
	"row by them: equal when every seed gave the export's value, close when\n"
	"it lies in the range and within 3 standard deviations of the mean,\n"
	"else different (with --seeds 1, against the one seed's value).",
	opts, 1, 1, OPT_IN, import_paths,
};

static const char *sex_name(genome_sex s)
{
	return s == GENOME_MALE ? "male" : "female";
}

static void print_summary(const char *path, const exchange_file *x, const exchange_import_report *r,
                          const creature *c)
{
	fprintf(stderr, "c2rt import: %s: %s, %s, stage %d (%s), ", path, r->moniker, sex_name(r->sex),
	        r->stage, genome_stage_name(r->stage));
	if (r->age_known)
		fprintf(stderr, "age %llu biochem ticks = %llu world ticks (%.1f s)\n",
		        (unsigned long long)r->biochem_ticks, (unsigned long long)r->world_ticks,
		        (double)r->world_ticks / CREATURE_TICKS_PER_SECOND);
	else
		fprintf(stderr, "age unknown\n");
	fprintf(stderr, "  genome: %zu genes (%zu bytes)\n", r->genes, x->ngenes_bytes);
	if (r->brain)
		fprintf(stderr, "  brain: %zu lobes, %zu neurons, %zu dendrites (%zu loose), brain tick %llu\n",
		        r->lobes, r->neurons, r->dendrites, r->loose,
		        (unsigned long long)brain_ticks(creature_brain_const(c)));
	if (r->chemicals)
		fprintf(stderr, "  biochemistry: 256 chemicals and half-lives; %zu of %zu organs%s\n",
		        r->organs_matched, r->organs, r->brain_organ ? " and the brain organ" : "");
	fprintf(stderr, "  instincts: %zu expressed, %zu wired in the export, %zu pending%s\n",
	        r->instincts, r->instincts_wired, r->instincts_pending,
	        r->instincts_pending ? " (dreamt on)" : "");
	fprintf(stderr, "  skipped:");
	for (size_t i = 0; i < x->nblocks; i++)
		if (!x->blocks[i].parsed)
			fprintf(stderr, " %s @%zu (%zu bytes);", x->blocks[i].name, x->blocks[i].offset,
			        x->blocks[i].length);
	if (x->blocks_dropped)
		fprintf(stderr, " and %zu more blocks", x->blocks_dropped);
	fputc('\n', stderr);
	for (size_t i = 0; i < r->nnotes; i++)
		fprintf(stderr, "  note: %s\n", r->notes[i]);
}

static void text_report(c2_wbuf *w, const char *path, const exchange_compare *cmp)
{
	c2_w_printf(w, "# c2rt import --compare %s: %s, %s, stage %d, %llu world ticks (%llu biochem), "
	               "seed %llu\n",
	            path, cmp->moniker, sex_name(cmp->sex), cmp->stage,
	            (unsigned long long)cmp->world_ticks, (unsigned long long)cmp->biochem_ticks,
	            (unsigned long long)cmp->seed);
	for (int b = 0; b < EXCHANGE_NBASES; b++)
		c2_w_printf(w, "# %-7s %s\n", exchange_basis_name((exchange_basis)b),
		            exchange_basis_meaning((exchange_basis)b));
	bool spreads = cmp->nseeds > 1;
	if (spreads)
		c2_w_printf(w, "# SEEDS: c2rt over seeds %llu..%llu: MIN..MAX, mean, standard deviation, and 'in' when the "
		               "export's value lies in that range; a random row's verdict is the spread's\n",
		            (unsigned long long)cmp->seed,
		            (unsigned long long)(cmp->seed + cmp->nseeds - 1));
	c2_w_printf(w, "%-26s %-26s %12s %12s  %-9s %-7s ", "ITEM", "FIELD", "EXPORT", "C2RT",
	            "VERDICT", "BASIS");
	if (spreads)
		c2_w_printf(w, "%-34s ", "SEEDS");
	c2_w_str(w, "NOTE\n");
	size_t random = 0, inside = 0;
	for (size_t i = 0; i < cmp->n; i++) {
		const exchange_compare_row *r = &cmp->rows[i];
		c2_w_printf(w, "%-26s %-26s %12s %12s  %-9s %-7s ", r->item, r->field, r->exp, r->mine,
		            exchange_verdict_name(r->verdict), exchange_basis_name(r->basis));
		if (spreads) {
			char sp[64] = "";
			if (r->spread.n)
				snprintf(sp, sizeof sp, "%ld..%ld mean %.1f sd %.1f %s", r->spread.min, r->spread.max,
				         r->spread.mean, r->spread.sd, r->spread.inside ? "in" : "out");
			c2_w_printf(w, "%-34s ", sp);
			random += r->spread.n != 0;
			inside += r->spread.inside;
		}
		c2_w_printf(w, "%s\n", r->note);
	}
	c2_w_printf(w, "# summary:");
	for (int b = 0; b < EXCHANGE_NBASES; b++) {
		c2_w_printf(w, " %s", exchange_basis_name((exchange_basis)b));
		for (int v = 0; v < EXCHANGE_NVERDICTS; v++)
			c2_w_printf(w, "%s%zu %s", v ? ", " : " ", cmp->count[v][b],
			            exchange_verdict_name((exchange_verdict)v));
		c2_w_printf(w, b + 1 < EXCHANGE_NBASES ? ";" : "\n");
	}
	if (spreads)
		c2_w_printf(w, "# spread over %u seeds: the export's value lies in c2rt's range on %zu of "
		               "%zu random rows\n",
		            cmp->nseeds, inside, random);
}

static void json_report(c2_wbuf *w, const char *path, const exchange_compare *cmp)
{
	c2_w_str(w, "{\"export\":");
	c2_w_json_cstr(w, path);
	c2_w_str(w, ",\"moniker\":");
	c2_w_json_cstr(w, cmp->moniker);
	c2_w_printf(w, ",\"sex\":\"%s\",\"stage\":%d,\"world_ticks\":%llu,\"biochem_ticks\":%llu,"
	               "\"seed\":%llu,\"seeds\":%u,\"rows\":[",
	            sex_name(cmp->sex), cmp->stage, (unsigned long long)cmp->world_ticks,
	            (unsigned long long)cmp->biochem_ticks, (unsigned long long)cmp->seed, cmp->nseeds);
	for (size_t i = 0; i < cmp->n; i++) {
		const exchange_compare_row *r = &cmp->rows[i];
		const char *keys[] = {"item", "field", "export", "c2rt", "verdict", "basis", "note"};
		const char *vals[] = {r->item, r->field, r->exp, r->mine,
		                      exchange_verdict_name(r->verdict), exchange_basis_name(r->basis),
		                      r->note};
		c2_w_str(w, i ? ",\n{" : "\n{");
		for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
			c2_w_printf(w, "%s\"%s\":", k ? "," : "", keys[k]);
			c2_w_json_cstr(w, vals[k]);
		}
		const exchange_spread *sp = &r->spread;
		if (cmp->nseeds > 1 && sp->n)
			c2_w_printf(w, ",\"spread\":{\"n\":%u,\"min\":%ld,\"max\":%ld,\"mean\":%.3f,"
			               "\"sd\":%.3f,\"inside\":%s}",
			            sp->n, sp->min, sp->max, sp->mean, sp->sd, sp->inside ? "true" : "false");
		c2_w_u8(w, '}');
	}
	c2_w_str(w, "\n],\"summary\":{");
	for (int b = 0; b < EXCHANGE_NBASES; b++) {
		c2_w_printf(w, "%s\"%s\":{", b ? "," : "", exchange_basis_name((exchange_basis)b));
		for (int v = 0; v < EXCHANGE_NVERDICTS; v++)
			c2_w_printf(w, "%s\"%s\":%zu", v ? "," : "",
			            exchange_verdict_name((exchange_verdict)v), cmp->count[v][b]);
		c2_w_u8(w, '}');
	}
	c2_w_str(w, "}}\n");
}

static int run_compare(const char *path, const exchange_file *x, bool json)
{
	exchange_compare cmp;
	c2_err err;
	if (exchange_compare_seeds(x, &args.cfg, (unsigned)nseeds, &cmp, &err) != 0)
		return cli_report(path, &err);
	c2_wbuf w = {0};
	if (json)
		json_report(&w, path, &cmp);
	else
		text_report(&w, path, &cmp);
	exchange_compare_free(&cmp);
	int rc = w.oom ? cli_fail(CLI_BAD, "import", "out of memory") : cli_write("import", "-", w.data, w.len);
	c2_wbuf_free(&w);
	return rc;
}

static int write_genome(const exchange_file *x)
{
	c2_err err;
	genome g;
	if (genome_parse(&g, x->genes, x->ngenes_bytes, &err) != 0) {
		err.offset = err.offset >= 0 ? err.offset + (long)x->genes_offset : -1;
		return cli_report("CGenome", &err);
	}
	g.format = GENOME_DNA2; /* a .gen file: "dna2", the genes, "gend" */
	int rc = cli_write_genome("import", genome_path, &g);
	genome_free(&g);
	return rc;
}

/* -o: the snapshot ("-": standard output). Its events are one comment
 * naming the creature (cli_moniker_line), so that what resumes it can call
 * it by its name. */
static int save(const creature *c, const char *moniker)
{
	c2_wbuf w = {0}, ev = {0};
	cli_moniker_line(moniker, &ev);
	int rc = ev.oom || creature_save(c, ev.data, ev.len, &w) != 0
	                 ? cli_fail(CLI_BAD, "import", "out of memory")
	                 : cli_write("import", out_path, w.data, w.len);
	c2_wbuf_free(&ev);
	c2_wbuf_free(&w);
	return rc;
}

int cli_cmd_import(int argc, char **argv)
{
	cli_creature_args_init(&args);
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_import_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if ((rc = cli_creature_args_finish(&args, "import")) != 0)
		return rc;
	bool json = false;
	if (format_arg && !(json = !strcmp(format_arg, "json")) && strcmp(format_arg, "text"))
		return cli_fail(CLI_USAGE, "import", "--format: text or json");
	if (format_arg && !compare)
		return cli_fail(CLI_USAGE, "import", "--format goes with --compare");
	if (nseeds != 1 && !compare)
		return cli_fail(CLI_USAGE, "import", "--seeds goes with --compare");
	/* The imported creature's configuration shows only in a snapshot or a
	 * comparison. */
	if ((args.seed || cli_given("opt")) && !compare && !out_path)
		return cli_fail(CLI_USAGE, "import", "--seed and --opt go with -o or --compare");
	exchange_file x;
	c2_err err;
	if (exchange_read_file(&x, pos[0], &err) != 0)
		return cli_report(pos[0], &err);
	if (compare)
		rc = run_compare(pos[0], &x, json);
	if (!rc && genome_path)
		rc = write_genome(&x);
	if (!rc && (out_path || !compare)) {
		creature *c;
		exchange_import_report rep;
		if (exchange_import(&c, &x, &args.cfg, &rep, &err) != 0) {
			rc = cli_report(pos[0], &err);
		} else {
			if (!quiet)
				print_summary(pos[0], &x, &rep, c);
			if (out_path)
				rc = save(c, rep.moniker);
			if (rc == CLI_OK && out_path && !quiet)
				fprintf(stderr, "c2rt import: wrote %s (continue it with 'c2rt run --resume %s')\n",
				        out_path, out_path);
			creature_free(c);
		}
	}
	exchange_free(&x);
	return rc;
}
