/* neuro.c — the Framsticks neural network of an f0 body (see neuro.h). */
#include "body/neuro.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "framsticks/f0.h"
#include "framsticks/fparam.h"

/* What a neuron does. */
typedef enum neuro_kind {
	NK_INERT, /* unknown or not simulated: output 0 */
	NK_N,     /* sigmoid neuron, output -1..1 */
	NK_NU,    /* unipolar sigmoid neuron, output 0..1 */
	NK_CONST, /* * : 1 */
	NK_SIN,   /* sinus generator */
	NK_RND,   /* uniform noise -1..1 */
	NK_DIFF,  /* D: input minus the previous input */
	NK_GYRO,  /* G: elevation of its joint's stick */
	NK_TOUCH, /* T: contact and proximity of its part */
	NK_BEND,  /* | : bend muscle (an effector: sim.c reads its input) */
	NK_ROT,   /* @ : rotation muscle (likewise) */
	NK_IN,    /* C2In: a creature signal into the network */
	NK_OUT    /* C2Out: the network's signal out to the creature */
} neuro_kind;

/* The classes simulated here: X(class name, kind, simulation order). The
 * order is the SDK's simorder: 0 receptors and constants, 1 the rest, 2
 * effectors. Everything else about a Framsticks class (its inputs, location,
 * properties and defaults) is in frams_f0_neuro_classes. */
#define NEURO_IMPLS(X)                                                                          \
	X("N", NK_N, 1) X("Nu", NK_NU, 1) X("*", NK_CONST, 0) X("Sin", NK_SIN, 1)                   \
	X("Rnd", NK_RND, 1) X("D", NK_DIFF, 1) X("G", NK_GYRO, 0) X("T", NK_TOUCH, 0)             \
	X("|", NK_BEND, 2) X("@", NK_ROT, 2)

/* The two classes of ours (not Framsticks'): X(name, kind, order, properties). */
#define NEURO_C2_CLASSES(X) X("C2In", NK_IN, 0, "s=") X("C2Out", NK_OUT, 2, "s=")

static const struct impl {
	const char *name;
	neuro_kind kind;
	int order;
} impls[] = {
#define ROW(nm, k, ord) {nm, k, ord},
	NEURO_IMPLS(ROW)
#undef ROW
};

static const struct c2class {
	const char *name;
	neuro_kind kind;
	int order;
	const char *props;
} c2classes[] = {
#define ROW(nm, k, ord, pr) {nm, k, ord, pr},
	NEURO_C2_CLASSES(ROW)
#undef ROW
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

typedef struct neuron {
	neuro_kind kind;
	uint8_t order;
	int part, joint;
	double p[4];     /* properties: N in fo si; Sin f0; muscles p r; T r */
	double state;    /* output, committed */
	double next;     /* output being computed */
	double istate, velocity; /* N/Nu internal state; Sin t; D previous input */
	double input;    /* weighted input sum of the last step */
	size_t in0, in1; /* inputs: from[in0..in1), w[in0..in1) */
	int port;        /* NK_IN / NK_OUT: port index */
} neuron;

typedef struct port {
	char *spec;
	bool writes;
	int neuron;
	double value; /* NK_IN: what the creature feeds in */
} port;

struct body_net {
	neuron *v;
	size_t n;
	size_t *from;
	double *w;
	port *ports;
	size_t nports;
	size_t *byorder[3]; /* neuron indices of each simulation order */
	size_t norder[3];
};

/* ---- properties -------------------------------------------------------------------- */

/* Read a neuron's properties `given` against the class's `defaults`
 * ("in=0.8,fo=0.04" — numbers, or strings when the default is not one) the
 * way the SDK reads a class's parameters (a single line of name=value
 * fields). out[k] receives property k's number; *str (may be NULL) the
 * first string property, malloc'd. SDK messages go to `log`. */
static bool read_props(const char *clsname, const char *defaults, const char *given, long line,
                       double *out, size_t nout, char **str, frams_log *log)
{
	enum { MAXP = 8 };
	frams_prop props[MAXP];
	char names[MAXP][16];
	char sdefs[MAXP][16];
	size_t np = 0;
	const char *d = defaults;
	while (*d && np < MAXP) {
		const char *end = strchr(d, ',');
		size_t len = end ? (size_t)(end - d) : strlen(d);
		const char *eq = memchr(d, '=', len);
		size_t nl = eq ? (size_t)(eq - d) : len;
		if (nl >= sizeof names[0])
			nl = sizeof names[0] - 1;
		memcpy(names[np], d, nl);
		names[np][nl] = '\0';
		frams_prop *p = &props[np];
		memset(p, 0, sizeof *p);
		p->id = names[np];
		p->flags = 0;
		double v = 0;
		size_t vl = eq ? len - nl - 1 : 0;
		if (eq && vl && frams_parse_double(eq + 1, vl, &v)) {
			p->type = 'f';
			p->def = v;
		} else {
			p->type = 's';
			if (vl >= sizeof sdefs[0])
				vl = sizeof sdefs[0] - 1;
			memcpy(sdefs[np], eq ? eq + 1 : "", vl);
			sdefs[np][vl] = '\0';
			p->sdef = sdefs[np];
		}
		np++;
		d = end ? end + 1 : d + len;
	}
	frams_class c = {clsname, props, np};
	frams_slot v[MAXP];
	frams_slots_init(&c, v);
	bool ok = frams_load_line(&c, v, given, strlen(given), log, line);
	size_t k = 0;
	for (size_t i = 0; i < np; i++) {
		if (props[i].type == 'f') {
			if (k < nout)
				out[k++] = v[i].d;
		} else if (str && !*str) {
			size_t sl;
			const char *s = frams_slot_str(&c, v, i, &sl);
			*str = malloc(sl + 1);
			if (*str) {
				memcpy(*str, s, sl);
				(*str)[sl] = '\0';
			}
		}
	}
	frams_slots_free(&c, v);
	return ok;
}

/* N's output -1..1, Nu's 0..1, from the internal state times si ("safer
 * than exp" below -30, as the SDK says). */
static double sigmoid(const neuron *nu)
{
	double s = nu->istate * nu->p[2];
	if (nu->kind == NK_N)
		return s < -30 ? -1 : 2.0 / (1.0 + exp(-s)) - 1.0;
	return s < -30 ? 0 : 1.0 / (1.0 + exp(-s));
}

static double clampd(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* ---- building ---------------------------------------------------------------------- */

void body_net_free(body_net *n)
{
	if (!n)
		return;
	for (size_t k = 0; k < n->nports; k++)
		free(n->ports[k].spec);
	for (int o = 0; o < 3; o++)
		free(n->byorder[o]);
	free(n->ports);
	free(n->from);
	free(n->w);
	free(n->v);
	free(n);
}

static void warn(c2_wbuf *w, size_t i, const body_neuron *bn, const char *what)
{
	if (w)
		c2_w_printf(w, "line %ld: neuron %zu (%s): %s\n", bn->line, i, bn->cls, what);
}

/* The kind and step order of neuron class `cls` (a simulated Framsticks
 * class, or one of ours) set in nu; its default properties, or NULL when
 * the class is not simulated. */
static const char *find_class(neuron *nu, const char *cls)
{
	const char *defaults = NULL;
	for (size_t k = 0; k < NELEM(impls); k++)
		if (strcmp(impls[k].name, cls) == 0) {
			nu->kind = impls[k].kind;
			nu->order = (uint8_t)impls[k].order;
			const frams_f0_neuro_class *fc = frams_f0_neuro_class_find(cls);
			defaults = fc ? fc->props : "";
		}
	for (size_t k = 0; k < NELEM(c2classes); k++)
		if (strcmp(c2classes[k].name, cls) == 0) {
			nu->kind = c2classes[k].kind;
			nu->order = (uint8_t)c2classes[k].order;
			defaults = c2classes[k].props;
		}
	return defaults;
}

/* The SDK's property ranges (f0-neuroclasses). */
static void clamp_props(neuron *nu)
{
	switch (nu->kind) {
	case NK_N:
	case NK_NU:
		nu->p[0] = clampd(nu->p[0], 0, 1);       /* in: inertia */
		nu->p[1] = clampd(nu->p[1], 0, 999);     /* fo: force */
		nu->p[2] = clampd(nu->p[2], -99999, 99999); /* si: sigmoid */
		nu->p[3] = clampd(nu->p[3], -1, 1);      /* s: initial state */
		break;
	case NK_SIN:
		nu->p[0] = clampd(nu->p[0], -1, 1);               /* f0: radians per step */
		nu->p[1] = clampd(nu->p[1], 0, 6.283185307);      /* t: initial phase */
		break;
	case NK_BEND:
		nu->p[0] = clampd(nu->p[0], 0.01, 1); /* p: power */
		nu->p[1] = clampd(nu->p[1], 0, 1);    /* r: bending range */
		break;
	case NK_ROT:
		nu->p[0] = clampd(nu->p[0], 0.01, 1);
		break;
	case NK_TOUCH:
		nu->p[0] = clampd(nu->p[0], 0, 1); /* r: range */
		break;
	default:
		break;
	}
}

/* Neuron i, a C2In or C2Out, becomes a port to the creature for signal
 * `spec` (taken over; NULL when reading it ran out of memory). False when
 * out of memory. */
static bool add_port(body_net *n, size_t i, char *spec, c2_wbuf *wb, const body_neuron *bn)
{
	neuron *nu = &n->v[i];
	port *np = realloc(n->ports, (n->nports + 1) * sizeof *np);
	if (!np) {
		free(spec);
		return false;
	}
	n->ports = np;
	nu->port = (int)n->nports;
	np[n->nports++] = (port){spec, nu->kind == NK_OUT, (int)i, 0};
	if (!spec)
		return false;
	if (!*spec)
		warn(wb, i, bn, "no signal (s=...): it stays 0");
	return true;
}

/* Set up neuron i from its model description. Returns false when out of
 * memory. */
static bool setup(body_net *n, const body_model *m, size_t i, c2_wbuf *wb)
{
	const body_neuron *bn = &m->neurons[i];
	neuron *nu = &n->v[i];
	nu->part = bn->part;
	nu->joint = bn->joint;
	nu->port = -1;
	nu->order = 1;
	const char *defaults = find_class(nu, bn->cls);
	if (!defaults) {
		const frams_f0_neuro_class *fc = frams_f0_neuro_class_find(bn->cls);
		char msg[160];
		if (fc)
			snprintf(msg, sizeof msg, "class %s (%s) is not simulated: its output stays 0",
			         fc->name, fc->longname);
		else
			snprintf(msg, sizeof msg, "unknown class: its output stays 0");
		warn(wb, i, bn, msg);
		return true;
	}
	frams_log log = {0};
	char *spec = NULL;
	read_props(bn->cls, defaults, bn->props, bn->line, nu->p, 4, &spec, &log);
	for (size_t k = 0; k < log.n; k++)
		warn(wb, i, bn, log.v[k].text);
	bool oom = log.oom;
	frams_log_free(&log);
	/* Locations the class needs (the SDK's lateinit refuses the neuron). */
	bool needs_joint = nu->kind == NK_GYRO || nu->kind == NK_BEND || nu->kind == NK_ROT;
	if ((needs_joint && (bn->joint < 0 || (size_t)bn->joint >= m->njoints)) ||
	    (nu->kind == NK_TOUCH && (bn->part < 0 || (size_t)bn->part >= m->nparts))) {
		warn(wb, i, bn, needs_joint ? "not on a joint: not simulated" : "not on a part: not simulated");
		nu->kind = NK_INERT;
	}
	clamp_props(nu);
	if (nu->kind == NK_IN || nu->kind == NK_OUT)
		return add_port(n, i, spec, wb, bn) && !oom;
	free(spec);
	return !oom;
}

int body_net_new(body_net **out, const body_model *m, double randinit, c2_rng *rng,
                 c2_wbuf *warn_buf, c2_err *err)
{
	*out = NULL;
	body_net *n = calloc(1, sizeof *n);
	if (!n)
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	n->n = m->nneurons;
	n->v = calloc(n->n ? n->n : 1, sizeof *n->v);
	n->from = calloc(m->nconns ? m->nconns : 1, sizeof *n->from);
	n->w = calloc(m->nconns ? m->nconns : 1, sizeof *n->w);
	for (int o = 0; o < 3; o++)
		n->byorder[o] = calloc(n->n ? n->n : 1, sizeof *n->byorder[o]);
	size_t *start = NULL, *order = NULL;
	bool ok = n->v && n->from && n->w && n->byorder[0] && n->byorder[1] && n->byorder[2] &&
	          (m->nneurons == 0 || body_conns_by_target(m, &start, &order));
	for (size_t i = 0; ok && i < n->n; i++)
		ok = setup(n, m, i, warn_buf);
	if (!ok) {
		free(start);
		free(order);
		body_net_free(n);
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	}
	size_t k = 0;
	for (size_t i = 0; i < n->n; i++) {
		neuron *nu = &n->v[i];
		nu->in0 = k;
		for (size_t c = start[i]; c < start[i + 1]; c++) {
			const body_conn *cn = &m->conns[order[c]];
			if (cn->from < 0 || (size_t)cn->from >= n->n)
				continue; /* the f0 builder refuses these; stay safe */
			n->from[k] = (size_t)cn->from;
			n->w[k] = cn->weight;
			k++;
		}
		nu->in1 = k;
		n->byorder[nu->order][n->norder[nu->order]++] = i;
	}
	free(start);
	free(order);
	/* Initial states: the SDK adds (rnd - 0.5) * randinit to every neuron,
	 * then each class's lateinit: N starts its internal state there (plus
	 * its s=), * outputs 1, D remembers it as the previous input. */
	for (size_t i = 0; i < n->n; i++) {
		neuron *nu = &n->v[i];
		double r = (double)(c2_rng_next(rng) >> 11) * 0x1.0p-53;
		nu->state = (r - 0.5) * randinit;
		switch (nu->kind) {
		case NK_N:
		case NK_NU: {
			nu->istate = nu->p[3] + nu->state;
			nu->state = sigmoid(nu);
			break;
		}
		case NK_CONST:
			nu->state = 1;
			break;
		case NK_DIFF:
			nu->istate = nu->state;
			break;
		case NK_SIN:
			nu->istate = nu->p[1];
			break;
		default:
			break;
		}
	}
	*out = n;
	return 0;
}

/* ---- stepping ---------------------------------------------------------------------- */

static double input_sum(const body_net *n, const neuron *nu)
{
	double s = 0;
	for (size_t k = nu->in0; k < nu->in1; k++)
		s += n->v[n->from[k]].state * n->w[k];
	/* Weights come from untrusted genotypes: an overflow reads as no input
	 * rather than poisoning the network (and the physics) with inf/NaN. */
	return isfinite(s) ? s : 0;
}

/* NEURO_MAX of the SDK: the N neuron's internal state saturates here. */
#define NEURO_MAX 10.0

static void go(body_net *n, neuron *nu, const body_net_senses *se, c2_rng *rng)
{
	nu->input = input_sum(n, nu);
	switch (nu->kind) {
	case NK_N:
	case NK_NU: {
		/* velocity = force (input - state) + inertia velocity; state += velocity */
		nu->velocity = nu->p[1] * (nu->input - nu->istate) + nu->p[0] * nu->velocity;
		nu->istate += nu->velocity;
		if (nu->istate > NEURO_MAX)
			nu->istate = NEURO_MAX;
		else if (nu->istate < -NEURO_MAX)
			nu->istate = -NEURO_MAX;
		nu->next = sigmoid(nu);
		break;
	}
	case NK_CONST:
		nu->next = 1;
		break;
	case NK_SIN:
		/* t += f0 + input; output sin(t). t is kept in [0, 2 pi) so that it
		 * never loses precision over a long life (sin is periodic). */
		nu->istate += nu->p[0] + nu->input;
		nu->istate = fmod(nu->istate, 6.283185307179586);
		nu->next = sin(nu->istate);
		break;
	case NK_RND:
		nu->next = (double)(c2_rng_next(rng) >> 11) * 0x1.0p-52 - 1.0;
		break;
	case NK_DIFF:
		nu->next = nu->input - nu->istate;
		nu->istate = nu->input;
		break;
	case NK_GYRO:
		nu->next = se && se->gyro ? se->gyro(se->ctx, nu->joint) : 0;
		break;
	case NK_TOUCH:
		nu->next = se && se->touch ? se->touch(se->ctx, nu->part, nu->p[0]) : 0;
		break;
	case NK_IN:
		nu->next = n->ports[nu->port].value;
		break;
	default: /* effectors, C2Out and inert neurons have no output */
		nu->next = 0;
		break;
	}
}

void body_net_step(body_net *n, const body_net_senses *senses, c2_rng *rng)
{
	for (int o = 0; o < 3; o++) {
		for (size_t k = 0; k < n->norder[o]; k++)
			go(n, &n->v[n->byorder[o][k]], senses, rng);
		for (size_t k = 0; k < n->norder[o]; k++) {
			neuron *nu = &n->v[n->byorder[o][k]];
			nu->state = nu->next;
		}
	}
}

/* ---- queries ----------------------------------------------------------------------- */

size_t body_net_size(const body_net *n) { return n->n; }
double body_net_state(const body_net *n, size_t i) { return i < n->n ? n->v[i].state : 0; }
double body_net_input(const body_net *n, size_t i) { return i < n->n ? n->v[i].input : 0; }

bool body_net_has_inputs(const body_net *n, size_t i)
{
	return i < n->n && n->v[i].in1 > n->v[i].in0;
}

bool body_net_muscle(const body_net *n, size_t i, bool *bend, double *power, double *range)
{
	if (i >= n->n || (n->v[i].kind != NK_BEND && n->v[i].kind != NK_ROT))
		return false;
	*bend = n->v[i].kind == NK_BEND;
	*power = n->v[i].p[0];
	*range = *bend ? n->v[i].p[1] : 1;
	return true;
}

bool body_net_touch_range(const body_net *n, size_t i, double *range)
{
	if (i >= n->n || n->v[i].kind != NK_TOUCH)
		return false;
	*range = n->v[i].p[0];
	return true;
}

size_t body_net_nports(const body_net *n) { return n->nports; }

const char *body_net_port(const body_net *n, size_t k, bool *writes, int *neuron_out)
{
	if (k >= n->nports)
		return NULL;
	if (writes)
		*writes = n->ports[k].writes;
	if (neuron_out)
		*neuron_out = n->ports[k].neuron;
	return n->ports[k].spec;
}

void body_net_port_set(body_net *n, size_t k, double v)
{
	if (k < n->nports)
		n->ports[k].value = v;
}

/* ---- state ------------------------------------------------------------------------- */

void body_net_save(const body_net *n, c2_sink *w)
{
	c2_put_u32(w, (uint32_t)n->n);
	for (size_t i = 0; i < n->n; i++) {
		const neuron *nu = &n->v[i];
		c2_put_f64(w, nu->state);
		c2_put_f64(w, nu->istate);
		c2_put_f64(w, nu->velocity);
		c2_put_f64(w, nu->input);
	}
	c2_put_u32(w, (uint32_t)n->nports);
	for (size_t k = 0; k < n->nports; k++)
		c2_put_f64(w, n->ports[k].value);
}

int body_net_load(body_net *n, c2_rbuf *r, c2_err *err)
{
	if (c2_r_u32(r) != n->n)
		r->bad = true;
	for (size_t i = 0; i < n->n && !r->bad; i++) {
		neuron *nu = &n->v[i];
		nu->state = c2_r_f64(r);
		nu->istate = c2_r_f64(r);
		nu->velocity = c2_r_f64(r);
		nu->input = c2_r_f64(r);
	}
	if (c2_r_u32(r) != n->nports)
		r->bad = true;
	for (size_t k = 0; k < n->nports && !r->bad; k++)
		n->ports[k].value = c2_r_f64(r);
	if (r->bad)
		return c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "bad body neural network state");
	return 0;
}
