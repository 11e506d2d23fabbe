/* validate.c — the §2.7 checklist: findings that do not stop a genome from
 * loading, returned as values (the core never prints). */
#include "genome/genome.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "genome/lobes.h"
#include "genome/loci.h"
#include "genome/svrule.h"
#include "genome/vocab.h"

void genome_warnings_free(genome_warnings *w)
{
	free(w->items);
	w->items = NULL;
	w->n = w->cap = 0;
}

static int warn(genome_warnings *w, const genome *g, long gene, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int warn(genome_warnings *w, const genome *g, long gene, const char *fmt, ...)
{
	if (w->n == w->cap) {
		size_t ncap = w->cap ? w->cap * 2 : 32;
		genome_warning *ni = realloc(w->items, ncap * sizeof *ni);
		if (!ni)
			return -1;
		w->items = ni;
		w->cap = ncap;
	}
	genome_warning *it = &w->items[w->n++];
	it->gene = (int)gene;
	it->offset = gene >= 0 ? g->genes[gene].offset : 0;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(it->msg, sizeof it->msg, fmt, ap);
	va_end(ap);
	return 0;
}

size_t genome_lobe_list(const genome *g, int sex, const genome_lobe_gene **out, size_t *idx,
                        size_t cap)
{
	size_t n = 0;
	for (size_t i = 0; i < g->ngenes; i++) {
		const genome_gene *gene = &g->genes[i];
		if (gene->kind != GK_LOBE)
			continue;
		bool on = sex ? genome_gene_switches_on(gene, (genome_sex)sex, 0)
		              : (genome_gene_switches_on(gene, GENOME_MALE, 0) ||
		                 genome_gene_switches_on(gene, GENOME_FEMALE, 0));
		if (!on)
			continue;
		if (out && n < cap)
			out[n] = &gene->u.lobe;
		if (idx && n < cap)
			idx[n] = i;
		n++;
	}
	return n;
}

/* Check every byte of a rule for opcodes that evaluate as 0. */
static int check_rule(genome_warnings *w, const genome *g, size_t i, const char *what,
                       const uint8_t *rule)
{
	for (int k = 0; k < GENOME_RULE_LEN; k++)
		if (rule[k] >= SVOP_ERROR)
			return warn(w, g, (long)i, "%s: opcode %u is not an SV-rule opcode (evaluates as 0)",
			            what, rule[k]);
	return 0;
}

static const char *const dendrite_rule_names[6] = {
	"strength-gain rule", "strength-loss rule", "susceptibility rule",
	"reinforcement rule", "back-propagation rule", "forward-propagation rule",
};

static int check_lobe(genome_warnings *w, const genome *g, size_t i, size_t nlobes)
{
	const genome_lobe_gene *l = &g->genes[i].u.lobe;
	int rc = check_rule(w, g, i, "state rule", l->state_rule);
	for (int t = 0; t < 2 && rc == 0; t++) {
		const genome_dendrite_gene *d = &l->dendrite[t];
		const uint8_t *rules[6] = {d->strength_gain_rule, d->strength_loss_rule,
		                           d->suscept_rule, d->reinforce_rule,
		                           d->backprop_rule, d->fwdprop_rule};
		for (int r = 0; r < 6 && rc == 0; r++) {
			char what[64];
			snprintf(what, sizeof what, "type-%d %s", t, dendrite_rule_names[r]);
			rc = check_rule(w, g, i, what, rules[r]);
		}
		if (rc == 0 && (d->min || d->max) && d->source_lobe >= nlobes)
			rc = warn(w, g, (long)i,
			          "type-%d dendrites come from lobe %u, which does not exist: no dendrites",
			          t, d->source_lobe);
		if (rc == 0 && d->max < d->min)
			rc = warn(w, g, (long)i, "type-%d max dendrites %u < min %u: the two are swapped",
			          t, d->max, d->min);
	}
	if (rc == 0 && (l->width == 0 || l->height == 0))
		rc = warn(w, g, (long)i, "lobe of %ux%u cells: a zero side counts as 1", l->width,
		          l->height);
	return rc;
}

/* A receptor or emitter address: does it name something that exists? */
static int check_locus(genome_warnings *w, const genome *g, size_t i, genome_locus_dir dir,
                       const uint8_t *b, size_t nlobes, const genome_lobe_dims *dims)
{
	const char *what = dir == GENOME_RECEPTOR ? "receptor" : "emitter";
	int idx = 0;
	int e = genome_locus_find(dir, b[0], b[1], b[2], &idx);
	if (e < 0)
		return warn(w, g, (long)i, "%s locus %u/%u/%u is not in the locus table: bound to a dummy",
		            what, b[0], b[1], b[2]);
	if (b[0] != 0)
		return 0;
	if (b[1] >= nlobes)
		return warn(w, g, (long)i, "%s on brain lobe %u, which does not exist: bound to a dummy",
		            what, b[1]);
	bool is_cell = dir == GENOME_RECEPTOR ? e == GENOME_RL_CELL_STATE : e == GENOME_EL_CELL_OUTPUT;
	int cells = dims[b[1]].w * dims[b[1]].h;
	if (is_cell && idx >= cells)
		return warn(w, g, (long)i, "%s on cell %d of lobe %u, which has %d cells: bound to a dummy",
		            what, idx, b[1], cells);
	return 0;
}

int genome_validate(const genome *g, genome_warnings *w)
{
	/* Lobe numbers are bytes: lobes past 255 cannot be addressed. */
	const genome_lobe_gene *lobes[256];
	size_t lobe_idx[256];
	genome_lobe_dims dims[256];
	size_t nl = genome_lobe_list(g, 0, lobes, lobe_idx, 256);
	if (nl > 256)
		nl = 256;
	genome_lobe_dims_compute(lobes, nl, dims);

	int rc = 0;
	if (nl < 9)
		rc = warn(w, g, -1, "only %zu lobes: engine roles from lobe %zu on are missing", nl, nl);
	for (size_t k = 0; k < nl && rc == 0; k++) {
		const genome_lobe_gene *l = lobes[k];
		int raw = (l->width ? l->width : 1) * (l->height ? l->height : 1);
		if (dims[k].w * dims[k].h != raw)
			rc = warn(w, g, (long)lobe_idx[k], "lobe %zu resized from %ux%u to %dx%d", k,
			          l->width, l->height, dims[k].w, dims[k].h);
	}

	for (size_t i = 0; i < g->ngenes && rc == 0; i++) {
		const genome_gene *gene = &g->genes[i];
		const uint8_t *b = gene->u.raw;
		if (gene->stage >= GENOME_NSTAGES)
			rc = warn(w, g, (long)i, "switch-on stage %u > 6: never expressed", gene->stage);
		else if ((gene->flags & GENOME_FLAG_MALE) && (gene->flags & GENOME_FLAG_FEMALE))
			rc = warn(w, g, (long)i, "both male-only and female-only: never expressed");
		else if (gene->stage > 0 && !(gene->flags & GENOME_FLAG_DORMANT) &&
		         (gene->kind == GK_LOBE || gene->kind == GK_ORGAN ||
		          gene->kind == GK_BRAIN_ORGAN))
			rc = warn(w, g, (long)i, "%s gene switching on at stage %u is ignored",
			          genome_kinds[gene->kind].name, gene->stage);
		if (rc)
			break;
		switch ((genome_kind)gene->kind) {
		case GK_LOBE:
			rc = check_lobe(w, g, i, nl);
			break;
		case GK_RECEPTOR:
			rc = check_locus(w, g, i, GENOME_RECEPTOR, b, nl, dims);
			break;
		case GK_EMITTER:
			rc = check_locus(w, g, i, GENOME_EMITTER, b, nl, dims);
			break;
		case GK_INSTINCT:
			for (int s = 0; s < 3 && rc == 0; s++) {
				uint8_t lobe = gene->u.instinct.input[s].lobe;
				uint8_t cell = gene->u.instinct.input[s].cell;
				if (lobe == 0)
					continue; /* unused slot */
				if (lobe >= nl)
					rc = warn(w, g, (long)i, "instinct input %d names lobe %u, which does not exist: slot skipped",
					          s + 1, lobe);
				else if (cell >= dims[lobe].w * dims[lobe].h)
					rc = warn(w, g, (long)i, "instinct input %d names cell %u of lobe %u (%d cells): the brain reads on into "
					          "the next perceptible lobe, as C2 did, or skips it past the perception lobe",
					          s + 1, cell, lobe, dims[lobe].w * dims[lobe].h);
			}
			if (rc == 0 && nl > GENOME_LOBE_DECISION &&
			    gene->u.instinct.action >= dims[GENOME_LOBE_DECISION].w * dims[GENOME_LOBE_DECISION].h)
				rc = warn(w, g, (long)i, "instinct action %u is outside the decision lobe",
				          gene->u.instinct.action);
			break;
		default:
			break;
		}
	}
	return rc < 0 ? -1 : (int)w->n;
}
