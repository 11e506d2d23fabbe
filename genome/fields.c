/* fields.c — per-kind field tables (names, offsets, value kinds) and flag
 * word formatting. Offsets come from the typed structs via offsetof, so the
 * tables cannot drift from the layouts in genome.h. */
#include "genome/fields.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Bit names of each flag word, from the tables of genome.h. */
#define BIT_NAME(id, bit, name) [bit] = name,
const char *const genome_header_flag_names[8] = {GENOME_HEADER_FLAGS(BIT_NAME)};
static const char *const lobe_flag_names[8] = {GENOME_LOBE_FLAGS(BIT_NAME)};
static const char *const receptor_flag_names[8] = {GENOME_RECEPTOR_FLAGS(BIT_NAME)};
static const char *const emitter_flag_names[8] = {GENOME_EMITTER_FLAGS(BIT_NAME)};
const char *const genome_stim_feature_names[8] = {GENOME_STIM_FEATURES(BIT_NAME)};

const char *const genome_header_keys[GENOME_HDR_COUNT] = {
#define X(E, key) key,
	GENOME_HEADER_KEYS(X)
#undef X
};

uint8_t *genome_header_byte(genome_gene *gene, genome_header_key k)
{
	switch (k) {
	case GENOME_HDR_ID:
		return &gene->id;
	case GENOME_HDR_DUP:
		return &gene->dup;
	case GENOME_HDR_STAGE:
		return &gene->stage;
	case GENOME_HDR_FLAGS:
		return &gene->flags;
	case GENOME_HDR_MUT:
	case GENOME_HDR_COUNT:
		break;
	}
	return &gene->mut;
}

#define B(st, f, nm) {nm, (uint16_t)offsetof(st, f), 1, GF_BYTE, NULL, NULL}
#define E(st, f, nm, voc) {nm, (uint16_t)offsetof(st, f), 1, GF_ENUM, &voc, NULL}
#define C(st, f, nm) {nm, (uint16_t)offsetof(st, f), 1, GF_CHEM, NULL, NULL}
#define L(st, f, nm) {nm, (uint16_t)offsetof(st, f), 1, GF_LOBE, NULL, NULL}
#define F(st, f, nm, bits) {nm, (uint16_t)offsetof(st, f), 1, GF_FLAGS, NULL, bits}
#define R(st, f, nm) {nm, (uint16_t)offsetof(st, f), GENOME_RULE_LEN, GF_RULE, NULL, NULL}
#define S(st, f, nm, n) {nm, (uint16_t)offsetof(st, f), n, GF_CHARS, NULL, NULL}
#define K(st, f, nm, kind) {nm, (uint16_t)offsetof(st, f), 1, kind, NULL, NULL}

/* The two dendrite blocks share one shape; D() offsets a field into block t. */
#define DOFF(t, f) (offsetof(genome_lobe_gene, dendrite) + (t) * sizeof(genome_dendrite_gene) + \
                    offsetof(genome_dendrite_gene, f))
#define DB(t, f, nm) {nm, (uint16_t)DOFF(t, f), 1, GF_BYTE, NULL, NULL}
#define DE(t, f, nm, voc) {nm, (uint16_t)DOFF(t, f), 1, GF_ENUM, &voc, NULL}
#define DL(t, f, nm) {nm, (uint16_t)DOFF(t, f), 1, GF_LOBE, NULL, NULL}
#define DR(t, f, nm) {nm, (uint16_t)DOFF(t, f), GENOME_RULE_LEN, GF_RULE, NULL, NULL}
#define DENDRITE_FIELDS(t, p)                                                       \
	DL(t, source_lobe, p "source"), DB(t, min, p "min"), DB(t, max, p "max"),        \
	DE(t, spread, p "spread", genome_spreads), DB(t, fanout, p "fanout"),                \
	DB(t, min_ltw, p "min_ltw"), DB(t, max_ltw, p "max_ltw"),                        \
	DB(t, min_strength, p "min_strength"), DB(t, max_strength, p "max_strength"),    \
	DE(t, migration, p "migration", genome_migrations),                                  \
	DB(t, relax_suscept, p "relax_suscept"), DB(t, relax_stw, p "relax_stw"),        \
	DB(t, ltw_gain, p "ltw_gain"), DB(t, strength_gain_rate, p "strength_gain_rate"), \
	DR(t, strength_gain_rule, p "strength_gain_rule"),                               \
	DB(t, strength_loss_rate, p "strength_loss_rate"),                               \
	DR(t, strength_loss_rule, p "strength_loss_rule"),                               \
	DR(t, suscept_rule, p "suscept_rule"), DR(t, reinforce_rule, p "reinforce_rule"), \
	DR(t, backprop_rule, p "backprop_rule"), DR(t, fwdprop_rule, p "fwdprop_rule")

static const genome_field lobe_fields[] = {
	B(genome_lobe_gene, x, "x"),
	B(genome_lobe_gene, y, "y"),
	B(genome_lobe_gene, width, "width"),
	B(genome_lobe_gene, height, "height"),
	E(genome_lobe_gene, perceptible, "perceptible", genome_perceptible),
	B(genome_lobe_gene, threshold, "threshold"),
	B(genome_lobe_gene, leakage, "leakage"),
	B(genome_lobe_gene, rest, "rest"),
	B(genome_lobe_gene, gain, "gain"),
	R(genome_lobe_gene, state_rule, "state_rule"),
	F(genome_lobe_gene, flags, "flags", lobe_flag_names),
	DENDRITE_FIELDS(0, "d0."),
	DENDRITE_FIELDS(1, "d1."),
};

static const genome_field organ_fields[] = {
	B(genome_organ_gene, clock_rate, "clock_rate"),
	B(genome_organ_gene, lt_repair, "lt_repair"),
	B(genome_organ_gene, life_force, "life_force"),
	B(genome_organ_gene, clock_start, "clock_start"),
	B(genome_organ_gene, atp_damage, "atp_damage"),
};

static const genome_field receptor_fields[] = {
	K(genome_receptor_gene, organ, "organ", GF_ORGAN),
	K(genome_receptor_gene, tissue, "tissue", GF_TISSUE),
	K(genome_receptor_gene, locus, "locus", GF_RLOCUS),
	C(genome_receptor_gene, chemical, "chemical"),
	B(genome_receptor_gene, threshold, "threshold"),
	B(genome_receptor_gene, nominal, "nominal"),
	B(genome_receptor_gene, gain, "gain"),
	F(genome_receptor_gene, flags, "flags", receptor_flag_names),
};

static const genome_field emitter_fields[] = {
	K(genome_emitter_gene, organ, "organ", GF_ORGAN),
	K(genome_emitter_gene, tissue, "tissue", GF_TISSUE),
	K(genome_emitter_gene, locus, "locus", GF_ELOCUS),
	C(genome_emitter_gene, chemical, "chemical"),
	B(genome_emitter_gene, threshold, "threshold"),
	B(genome_emitter_gene, sample_rate, "sample_rate"),
	B(genome_emitter_gene, gain, "gain"),
	F(genome_emitter_gene, flags, "flags", emitter_flag_names),
};

static const genome_field reaction_fields[] = {
	B(genome_reaction_gene, r1_amount, "r1_amount"),
	C(genome_reaction_gene, r1, "r1"),
	B(genome_reaction_gene, r2_amount, "r2_amount"),
	C(genome_reaction_gene, r2, "r2"),
	B(genome_reaction_gene, p1_amount, "p1_amount"),
	C(genome_reaction_gene, p1, "p1"),
	B(genome_reaction_gene, p2_amount, "p2_amount"),
	C(genome_reaction_gene, p2, "p2"),
	B(genome_reaction_gene, rate, "rate"),
};

static const genome_field half_lives_fields[] = {
	{"halflife", 0, 256, GF_HALFLIVES, NULL, NULL},
};

static const genome_field init_conc_fields[] = {
	C(genome_init_conc_gene, chemical, "chemical"),
	B(genome_init_conc_gene, amount, "amount"),
};

#define DOSE(k)                                                                  \
	{"dose" #k "_chemical", (uint16_t)(offsetof(genome_stimulus_gene, dose) + 2 * (k - 1)), 1, \
	 GF_CHEM, NULL, NULL},                                                       \
	{"dose" #k "_amount", (uint16_t)(offsetof(genome_stimulus_gene, dose) + 2 * (k - 1) + 1), 1, \
	 GF_BYTE, NULL, NULL}
static const genome_field stimulus_fields[] = {
	E(genome_stimulus_gene, number, "number", genome_stimuli),
	B(genome_stimulus_gene, significance, "significance"),
	E(genome_stimulus_gene, sense, "sense", genome_senses),
	B(genome_stimulus_gene, intensity, "intensity"),
	F(genome_stimulus_gene, features, "features", genome_stim_feature_names),
	DOSE(1), DOSE(2), DOSE(3), DOSE(4),
};

static const genome_field genus_fields[] = {
	E(genome_genus_gene, species, "species", genome_species),
	S(genome_genus_gene, mother, "mother", 4),
	S(genome_genus_gene, father, "father", 4),
};

static const genome_field appearance_fields[] = {
	E(genome_appearance_gene, part, "part", genome_body_parts),
	B(genome_appearance_gene, variant, "variant"),
	E(genome_appearance_gene, species, "species", genome_species),
};

static const genome_field pose_fields[] = {
	B(genome_pose_gene, number, "number"),
	S(genome_pose_gene, chars, "pose", 15),
};

#define STEP(k) {"pose" #k, (uint16_t)(offsetof(genome_gait_gene, pose) + (k - 1)), 1, GF_BYTE, NULL, NULL}
static const genome_field gait_fields[] = {
	B(genome_gait_gene, number, "number"),
	STEP(1), STEP(2), STEP(3), STEP(4), STEP(5), STEP(6), STEP(7), STEP(8),
};

#define SLOT(k)                                                                        \
	{"input" #k "_lobe", (uint16_t)(offsetof(genome_instinct_gene, input) + 2 * (k - 1)), 1, \
	 GF_LOBE, NULL, NULL},                                                             \
	{"input" #k "_cell", (uint16_t)(offsetof(genome_instinct_gene, input) + 2 * (k - 1) + 1), 1, \
	 GF_BYTE, NULL, NULL}
static const genome_field instinct_fields[] = {
	SLOT(1), SLOT(2), SLOT(3),
	E(genome_instinct_gene, action, "action", genome_actions),
	C(genome_instinct_gene, reinforcer, "reinforcer"),
	B(genome_instinct_gene, level, "level"),
};

static const genome_field pigment_fields[] = {
	E(genome_pigment_gene, colour, "colour", genome_colours),
	B(genome_pigment_gene, amount, "amount"),
};

static const genome_field bleed_fields[] = {
	B(genome_bleed_gene, rotation, "rotation"),
	B(genome_bleed_gene, swap, "swap"),
};

#define LIST(arr) {arr, sizeof arr / sizeof arr[0]}
static const genome_field_list field_lists[GK_COUNT] = {
	[GK_LOBE] = LIST(lobe_fields),
	[GK_BRAIN_ORGAN] = LIST(organ_fields),
	[GK_RECEPTOR] = LIST(receptor_fields),
	[GK_EMITTER] = LIST(emitter_fields),
	[GK_REACTION] = LIST(reaction_fields),
	[GK_HALF_LIVES] = LIST(half_lives_fields),
	[GK_INIT_CONC] = LIST(init_conc_fields),
	[GK_STIMULUS] = LIST(stimulus_fields),
	[GK_GENUS] = LIST(genus_fields),
	[GK_APPEARANCE] = LIST(appearance_fields),
	[GK_POSE] = LIST(pose_fields),
	[GK_GAIT] = LIST(gait_fields),
	[GK_INSTINCT] = LIST(instinct_fields),
	[GK_PIGMENT] = LIST(pigment_fields),
	[GK_PIGMENT_BLEED] = LIST(bleed_fields),
	[GK_ORGAN] = LIST(organ_fields),
};

genome_field_list genome_fields(genome_kind kind)
{
	return field_lists[kind];
}

void genome_format_flags(uint8_t v, const char *const *bits, char *buf, size_t cap)
{
	if (cap == 0)
		return;
	buf[0] = '\0';
	if (v == 0) {
		snprintf(buf, cap, "none");
		return;
	}
	size_t pos = 0;
	for (int b = 0; b < 8; b++) {
		if (!(v & (1u << b)))
			continue;
		char tmp[8];
		const char *name = bits[b];
		if (!name) {
			snprintf(tmp, sizeof tmp, "bit%d", b);
			name = tmp;
		}
		int n = snprintf(buf + pos, cap - pos, "%s%s", pos ? "," : "", name);
		if (n < 0 || (size_t)n >= cap - pos)
			return;
		pos += (size_t)n;
	}
}

int genome_parse_flags(const char *s, size_t len, const char *const *bits)
{
	if (len == 4 && strncmp(s, "none", 4) == 0)
		return 0;
	if (len > 0 && isdigit((unsigned char)s[0])) {
		int v = 0;
		for (size_t i = 0; i < len; i++) {
			if (!isdigit((unsigned char)s[i]) || (v = v * 10 + (s[i] - '0')) > 255)
				return -1;
		}
		return v;
	}
	int v = 0;
	size_t i = 0;
	while (i < len) {
		size_t j = i;
		while (j < len && s[j] != ',')
			j++;
		size_t wl = j - i;
		int found = -1;
		for (int b = 0; b < 8 && found < 0; b++) {
			if (bits[b] && strlen(bits[b]) == wl && strncmp(bits[b], s + i, wl) == 0)
				found = b;
		}
		if (found < 0 && wl == 4 && strncmp(s + i, "bit", 3) == 0 && s[i + 3] >= '0' &&
		    s[i + 3] <= '7')
			found = s[i + 3] - '0';
		if (found < 0)
			return -1;
		v |= 1 << found;
		i = j + 1;
	}
	return v;
}
