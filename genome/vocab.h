/* vocab.h — the name tables of Creatures 2: chemicals, drives, stimuli, lobes,
 * brain cells, body parts and the small enumerations inside genes.
 *
 * One table per vocabulary, an X-macro whose rows give each value its
 * constant and its name: the constants below, the name arrays of vocab.c and
 * the counts are all generated from it, and the text form, the JSON output,
 * the event parser, the trace headers and the viewer all look names up here. Sources:
 * the TSV files in shared/names/ and docs/semantics/ §4.9 and §5.3. Names
 * compare case-insensitively with spaces, '-' and '_' treated alike, so
 * "need_for_pleasure" finds "Need for Pleasure". */
#ifndef C2_VOCAB_H
#define C2_VOCAB_H

#include <stddef.h>

/* A vocabulary: names[i] is the name of value i (NULL: no name). */
typedef struct genome_vocab {
	const char *what; /* e.g. "chemical", for messages */
	const char *const *names;
	int n;
	const char *topic; /* what `c2rt names TOPIC` lists it as ("chemicals"), or NULL */
} genome_vocab;

/* Name of value v, or NULL when v has none. */
const char *genome_vocab_name(const genome_vocab *v, int value);
/* Value whose name matches s[0..len) (first match), or -1. */
int genome_vocab_find(const genome_vocab *v, const char *s, size_t len);
/* Help for an unknown name s[0..len) of vocabulary v, for the end of a
 * message: " (did you mean Glucose? see c2rt names chemicals)" when one name
 * is near (base/near.h), else " (Pointer pats me, Creature pats me hold it;
 * see c2rt names stimuli)" when names hold it (a word of 3 letters at
 * least; at most 4 listed), else
 * " (see c2rt names stimuli)"; without a topic the "see" part is left out
 * (and "" when nothing is left). Written into buf (cut to cap). */
void genome_vocab_hint(const genome_vocab *v, const char *s, size_t len, char *buf, size_t cap);
/* The same for a list of names (NULL-terminated) listed as `topic`. */
void genome_names_hint(const char *const *names, size_t n, const char *topic, const char *s,
                       size_t len, char *buf, size_t cap);
/* The same for a life stage: " (did you mean child? see c2rt names
 * stages)", else every stage listed: " (stages: embryo, child, ...; see c2rt
 * names stages)". */
void genome_stage_hint(const char *s, size_t len, char *buf, size_t cap);
/* Do two names match under the loose rule above? */
int genome_name_eq(const char *a, size_t alen, const char *b);

/* ---- the tables: X(ID, "name") in value order, from 0 (NULL: a value
 * without a name); GENOME_<VOCAB>_ID is the value's constant. ---------------- */

/* Chemicals 0..255 (sparse): genome/chemicals.def, X(number, ID, "name"). */

/* shared/names/c2-drives.tsv; drive i is chemical i + 1 (§4.9). */
#define GENOME_DRIVES(X)                                                       \
	X(PAIN, "Pain") X(NEED_FOR_PLEASURE, "Need For Pleasure") X(HUNGER, "Hunger") \
	X(COLDNESS, "Coldness") X(HOTNESS, "Hotness") X(TIREDNESS, "Tiredness")         \
	X(SLEEPINESS, "Sleepiness") X(LONELINESS, "Loneliness")                         \
	X(OVERCROWDEDNESS, "Overcrowdedness") X(FEAR, "Fear") X(BOREDOM, "Boredom")     \
	X(ANGER, "Anger") X(SEX_DRIVE, "Sex Drive") X(INJURY, "Injury")                 \
	X(SUFFOCATION, "Suffocation") X(THIRST, "Thirst") X(STRESS, "Stress")

/* shared/names/c2-stimuli.tsv: the stimulus gene numbers (§6.1). */
#define GENOME_STIMULI(X)                                                               \
	X(DISAPPOINTMENT, "Disappointment") X(POINTER_PATS, "Pointer pats me")           \
	X(CREATURE_PATS, "Creature pats me") X(POINTER_SLAPS, "Pointer slaps me")        \
	X(CREATURE_SLAPS, "Creature slaps me") X(APPROACHING, "It is approaching")       \
	X(RETREATING, "It is retreating") X(BUMP_WALL, "I bump into wall")               \
	X(OBJECT_IN_VIEW, "Object comes into view") X(UNRECOGNISED_WORD, "Unrecognised word") \
	X(HEARD_USER, "Heard user speak") X(HEARD_CREATURE, "Heard creature speak")     \
	X(QUIESCENT, "I am quiescent (periodic)") X(ACTIVATED1, "I've Activated1")       \
	X(ACTIVATED2, "I've Activated2") X(DEACTIVATED, "I've Deactivated")             \
	X(APPROACHING_PERIODIC, "I am approaching (periodic)")                          \
	X(RETREATED, "I have retreated") X(GOT, "I have Got") X(DROPPED, "I have Dropped") \
	X(STATED_NEED, "I've stated need") X(RESTING, "I am Resting (periodic)")         \
	X(SLEEPING, "I am sleeping (periodic)") X(TRAVELLING, "I am travelling (periodic)") \
	X(PUSHED, "I've been pushed") X(HIT, "I've been hit") X(ATE, "I've eaten something") \
	X(SPARE_ACTION, "<spare action>") X(INVOLUNTARY0, "Involuntary Action 0")         \
	X(INVOLUNTARY1, "involuntary action 1") X(INVOLUNTARY2, "Involuntary Action 2")   \
	X(INVOLUNTARY3, "involuntary action 3") X(INVOLUNTARY4, "involuntary action 4")   \
	X(INVOLUNTARY5, "involuntary action 5") X(INVOLUNTARY6, "involuntary action 6")   \
	X(INVOLUNTARY7, "involuntary action 7") X(APPROACHING_EDGE, "Approaching edge")   \
	X(RETREATING_EDGE, "Retreating from edge") X(FALLING, "Falling through air")      \
	X(IMPACT, "Impact post fall") X(POINTER_YES, "Pointer says yes")                 \
	X(CREATURE_YES, "Creature says yes") X(POINTER_NO, "Pointer says no")            \
	X(CREATURE_NO, "Creature says no") X(AGGRESSION, "Aggression") X(MATE, "Mate")

/* Lobe numbers with engine-defined roles (§4.1); lobe 9 is purely genetic
 * (the standard genome's "Regulator"). */
#define GENOME_LOBES(X)                                                                 \
	X(PERCEPTION, "Perception") X(DRIVE, "Drive") X(SOURCE, "Source") X(VERB, "Verb") \
	X(NOUN, "Noun") X(SENSE, "Sense") X(DECISION, "Decision") X(ATTENTION, "Attention") \
	X(CONCEPT, "Concept") X(REGULATOR, "Regulator")

/* Decision and verb cells (§4.9). */
#define GENOME_ACTIONS(X)                                                               \
	X(QUIESCENT, "quiescent") X(PUSH, "push") X(PULL, "pull") X(STOP, "stop")        \
	X(COME, "come") X(RUN, "run") X(GET, "get") X(DROP, "drop") X(THINK, "think")    \
	X(REST, "rest") X(LEFT, "left") X(RIGHT, "right") X(EAT, "eat") X(HIT, "hit")    \
	X(CELL14, NULL) X(CELL15, NULL)

/* Noun, source and attention cells: object categories (§4.9). */
#define GENOME_CATEGORIES(X)                                                            \
	X(SELF, "self") X(HAND, "hand") X(BUTTON, "button") X(THING, "thing")            \
	X(PLANT, "plant") X(EGG, "egg") X(FOOD, "food") X(DRINK, "drink")                \
	X(DISPENSER, "dispenser") X(INSTRUMENT, "instrument") X(EDGE, "edge")            \
	X(DETRITUS, "detritus") X(MEDICINE, "medicine") X(TOY, "toy") X(WEATHER, "weather") \
	X(BAD_PLANT, "bad plant") X(NEST, "nest") X(BAD_BUG, "bad bug") X(BUG, "bug")    \
	X(BAD_CRITTER, "bad critter") X(CRITTER, "critter") X(SEED, "seed") X(LEAF, "leaf") \
	X(ROOT, "root") X(FLOWER, "flower") X(FRUIT, "fruit") X(MOVER, "mover")          \
	X(LIFT, "lift") X(COMPUTER, "computer") X(MEDIA_BOX, "media box")               \
	X(MESSAGE, "message") X(LEFT_RIGHT, "left-right") X(INCUBATOR, "incubator")      \
	X(TELEPORTER, "teleporter") X(CELL34, NULL) X(MACHINE, "machine") X(NORN, "norn") \
	X(GRENDEL, "grendel") X(ETTIN, "ettin") X(SHEE, "shee")

/* General-sense cells (§4.9). */
#define GENOME_SENSES(X)                                                                \
	X(PATTED, "patted") X(SLAPPED, "slapped") X(BUMPED_WALL, "bumped a wall")        \
	X(NEAR_WALL, "near a wall") X(IN_VEHICLE, "in a vehicle") X(USER_SPOKE, "user spoke") \
	X(CREATURE_SPOKE, "creature spoke") X(OWN_KIND_SPOKE, "own kind spoke")          \
	X(AUDIBLE_EVENT, "audible event") X(VISIBLE_EVENT, "visible event")              \
	X(IT_APPROACHING, "it is approaching") X(IT_RETREATING, "it is retreating")      \
	X(IT_NEAR, "it is near me") X(IT_ACTIVE, "it is active") X(IT_OBJECT, "it is an object") \
	X(IT_CREATURE, "it is a creature") X(IT_SIBLING, "it is my sibling")             \
	X(IT_PARENT, "it is my parent") X(IT_CHILD, "it is my child")                    \
	X(IT_OPPOSITE_SEX, "it is opposite sex") X(IT_PUSHED_ME, "it pushed me")         \
	X(IT_HIT_ME, "it hit me") X(CELL22, NULL) X(CELL23, NULL) X(CELL24, NULL)        \
	X(CELL25, NULL) X(CELL26, NULL) X(CELL27, NULL)                                  \
	X(APPROACHING_EDGE, "approaching an edge") X(RETREATING_EDGE, "retreating from an edge") \
	X(FALLING, "falling") X(HIT_GROUND, "hit the ground")

/* Involuntary actions: creature/sensorimotor receptor loci (§5.9). */
#define GENOME_INVOLUNTARY(X)                                                           \
	X(FLINCH, "flinch") X(LAY_EGG, "lay egg") X(SNEEZE, "sneeze") X(COUGH, "cough")  \
	X(SHIVER, "shiver") X(SLEEP, "sleep") X(FAINT, "faint") X(SPARE, "spare")

/* Emitter loci creature/sensorimotor/n (§5.9). */
#define GENOME_SENSORIMOTOR(X)                                                          \
	X(ALWAYS, "always 255") X(ASLEEP, "asleep") X(AIR_COLDNESS, "air coldness")      \
	X(AIR_HOTNESS, "air hotness") X(LIGHT_LEVEL, "light level")                      \
	X(CROWDEDNESS, "crowdedness") X(AMBIENT_RADIATION, "ambient radiation")          \
	X(TIME_OF_DAY, "time of day") X(SEASON, "season") X(AIR_QUALITY, "air quality")  \
	X(UPWARD_SLOPE, "upward slope") X(DOWNWARD_SLOPE, "downward slope")              \
	X(HEADWIND, "headwind") X(TAILWIND, "tailwind")

/* The standard organs of C2's Genetics Kit (shared/names/c2-organs.tsv, its
 * spellings), X(ID, "name", "marks"), and what marks each one, for naming an
 * organ by what it holds when no .gno names it (genome/organs.h). Marks are
 * '|'-separated: a chemical name (the organ's receptors, emitters or
 * reactions touch it), "A>B" (one of its reactions turns A into B),
 * "r:LOCUS" / "e:LOCUS" (a receptor / emitter on that entry of
 * genome/loci.h), "lobe:N" (a receptor or emitter on brain lobe N). A locus
 * or lobe mark counts twice, as wiring says more of an organ's role than a
 * chemical it shares with others. The Brain is the brain organ gene itself
 * and has no marks. */
#define GENOME_STANDARD_ORGANS(X)                                                           \
	X(BRAIN, "Brain", "")                                                                    \
	X(DRIVE_SUPPORT, "DriveLobeSupport", "r:drive|e:drive")                                  \
	X(CONCEPT_SUPPORT, "ConceptLobeSupport", "lobe:8|ConASH|Reinforcement")                  \
	X(DECISION_SUPPORT, "DecisionLobeSupport", "lobe:6|DecASH1|DecASH2|Reinforcement")       \
	X(REGULATOR_SUPPORT, "RegulatorLobeSupport", "lobe:9|Fullness")                          \
	X(TIMES_ARROW, "Times Arrow",                                                            \
	  "r:become a child|r:become an adult|r:die of old age|Ageing")                          \
	X(ENVIRONMENT, "Environmental If",                                                       \
	  "e:sensorimotor|Air|Grendel smell|Species Pheramone|Parent Pheramone")                 \
	X(MUSCLE, "Muscle", "r:gait|e:muscle energy used|Muscle Tissue|Oxymyoglobin|Hexokinase") \
	X(HEART, "Heart", "Energy|Pyruvate|Cyanide|Belladonna|ADP")                              \
	X(LUNG, "Lung", "Air>Oxygen|Carbon Dioxide|Histamine A|Histamine B")                     \
	X(LIVER, "Liver", "Urea|Bile Acid|Dehydrogenase|Sodium thiosulphite|Ammonia")            \
	X(PANCREAS_ALPHA, "PancreasAlpha",                                                       \
	  "Glycogen>Glucose|Adipose Tissue>Triglyceride|Triglyceride>Fatty Acid|Geddonase")      \
	X(PANCREAS_BETA, "PancreasBeta",                                                         \
	  "Glucose>Glycogen|Glucose>Fatty Acid|Fatty Acid>Triglyceride|"                         \
	  "Triglyceride>Adipose Tissue|Glycogen Synthetase")                                     \
	X(TUMMY, "Tummy", "Starch>Glucose|Fat>Fatty Acid|Protein>Amino Acid")                    \
	X(KIDNEY, "Kidney", "Urea>Coldness|Water>Coldness|Urea")                                 \
	X(BONES, "Bones", "Heavy Metals|EDTA|Vitamin C")                                         \
	X(SPLEEN, "Spleen", "Antibody 0|Antibody 1|Antibody 2|Arnica")                           \
	X(SKIN, "Skin", "Adrenaline>Coldness|Fever toxin|Hotness")                               \
	X(GONAD, "Gonad", "Cholesterol>Oestrogen|Cholesterol>Testosterone|Inhibin")              \
	X(UTERUS, "Uterus", "e:I am pregnant|r:receptive to sperm|Progesterone|Gonadotrophin|LH")

/* Small enumerations inside genes (names only: no code refers to a value). */
#define GENOME_BODY_PARTS(X) X(HEAD, "head") X(BODY, "body") X(LEGS, "legs") X(ARMS, "arms") X(TAIL, "tail")
#define GENOME_SPECIES(X) X(NORN, "norn") X(GRENDEL, "grendel") X(ETTIN, "ettin") X(SHEE, "shee")
#define GENOME_COLOURS(X) X(RED, "red") X(GREEN, "green") X(BLUE, "blue")
#define GENOME_SPREADS(X) X(FLAT, "flat") X(NORMAL, "normal") X(SAW, "saw") X(WAS, "waS")
#define GENOME_MIGRATIONS(X) X(NONE, "none") X(DECISION, "decision") X(CONCEPT, "concept")
#define GENOME_PERCEPTIBLE(X) X(NO, "no") X(PERCEPTIBLE, "perceptible") X(EXCLUSIVE, "exclusive")

/* ---- the constants, generated ---------------------------------------------- */

enum genome_chemical {
	GENOME_CHEM_NONE = 0,
#define X(n, id, name) GENOME_CHEM_##id = n,
#include "genome/chemicals.def"
#undef X
};

#define GENOME_VOCAB_ENUM(PREFIX, LIST, COUNT) \
	enum { LIST(PREFIX) COUNT }
#define GENOME_VOCAB_X_DRIVE(id, name) GENOME_DRIVE_##id,
#define GENOME_VOCAB_X_STIM(id, name) GENOME_STIM_##id,
#define GENOME_VOCAB_X_LOBE(id, name) GENOME_LOBE_##id,
#define GENOME_VOCAB_X_ACT(id, name) GENOME_ACT_##id,
#define GENOME_VOCAB_X_CAT(id, name) GENOME_CAT_##id,
#define GENOME_VOCAB_X_SENSE(id, name) GENOME_SENSE_##id,
#define GENOME_VOCAB_X_INVOL(id, name) GENOME_INVOL_##id,
#define GENOME_VOCAB_X_SM(id, name) GENOME_SM_##id,
#define GENOME_VOCAB_X_ORGAN(id, name, marks) GENOME_ORGAN_##id,
GENOME_VOCAB_ENUM(GENOME_VOCAB_X_DRIVE, GENOME_DRIVES, GENOME_NDRIVES);
GENOME_VOCAB_ENUM(GENOME_VOCAB_X_STIM, GENOME_STIMULI, GENOME_NSTIMULI);
GENOME_VOCAB_ENUM(GENOME_VOCAB_X_LOBE, GENOME_LOBES, GENOME_NLOBE_ROLES);
GENOME_VOCAB_ENUM(GENOME_VOCAB_X_ACT, GENOME_ACTIONS, GENOME_NACTIONS);
GENOME_VOCAB_ENUM(GENOME_VOCAB_X_CAT, GENOME_CATEGORIES, GENOME_NCATEGORIES);
GENOME_VOCAB_ENUM(GENOME_VOCAB_X_SENSE, GENOME_SENSES, GENOME_NSENSES);
GENOME_VOCAB_ENUM(GENOME_VOCAB_X_INVOL, GENOME_INVOLUNTARY, GENOME_NINVOLUNTARY);
GENOME_VOCAB_ENUM(GENOME_VOCAB_X_SM, GENOME_SENSORIMOTOR, GENOME_NSENSORIMOTOR);
GENOME_VOCAB_ENUM(GENOME_VOCAB_X_ORGAN, GENOME_STANDARD_ORGANS, GENOME_NSTANDARD_ORGANS);

/* The first sensorimotor emitter locus an environment may set: the ones
 * before it ("always 255", "asleep") are maintained by the engine. */
enum { GENOME_SM_FIRST_ENV = GENOME_SM_AIR_COLDNESS };

/* ---- the vocabularies, for look-ups by name ---------------------------------- */

extern const genome_vocab genome_chemicals;   /* 0..255 (0 is "<NOTHING>") */
extern const genome_vocab genome_drives;      /* drive i is chemical i+1 */
extern const genome_vocab genome_stimuli;
extern const genome_vocab genome_lobes;       /* engine lobe roles by index */
extern const genome_vocab genome_actions;     /* decision/verb cells */
extern const genome_vocab genome_categories;  /* noun/source/attention cells */
extern const genome_vocab genome_senses;      /* general-sense cells */
extern const genome_vocab genome_involuntary; /* involuntary actions */
extern const genome_vocab genome_body_parts;  /* appearance body parts */
extern const genome_vocab genome_species;     /* genus */
extern const genome_vocab genome_colours;     /* pigment colours */
extern const genome_vocab genome_spreads;     /* dendrite spread */
extern const genome_vocab genome_migrations;  /* dendrite migration */
extern const genome_vocab genome_perceptible; /* lobe perceptible flag */
extern const genome_vocab genome_sensorimotor_emitters; /* creature/sensorimotor emitter loci */
extern const genome_vocab genome_standard_organs; /* the Genetics Kit's organs */
/* The marks of standard organ i (GENOME_STANDARD_ORGANS), or NULL. */
const char *genome_standard_organ_marks(int i);

/* Name of cell `cell` of engine lobe `lobe` (drive, action, object category
 * or general sense, by the lobe's role), or NULL. */
const char *genome_lobe_cell_name(int lobe, int cell);

#endif
