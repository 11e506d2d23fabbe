/* log.c — the world's event log (world.h), written as NDJSON. */
#include <stdlib.h>

#include "genome/vocab.h"
#include "world/internal.h"

static const char *const type_names[] = {
#define X(id, name) name,
	WORLD_LOG_TYPES(X)
#undef X
};

void world_set_log(world *w, bool on)
{
	w->log_on = on;
	if (!on)
		w->nlog = 0;
}

w_log *w_log_add(world *w, int type, int who, int object)
{
	if (!w->log_on)
		return NULL;
	if (w->nlog == w->caplog) {
		size_t cap = w->caplog ? w->caplog * 2 : 64;
		w_log *v = realloc(w->log, cap * sizeof *v);
		if (!v)
			return NULL; /* out of memory: the record is lost, the world goes on */
		w->log = v;
		w->caplog = cap;
	}
	w_log *l = &w->log[w->nlog++];
	*l = (w_log){.tick = w->tick, .type = (uint8_t)type, .creature = (int16_t)who,
	             .object = object, .a = -1, .b = -1,
	             .kind = (int16_t)(object >= 0 ? w->objs[object].kind : -1)};
	return l;
}

static void key_str(c2_wbuf *o, const char *key, const char *value)
{
	c2_w_printf(o, ",\"%s\":", key);
	if (value)
		c2_w_json_cstr(o, value);
	else
		c2_w_str(o, "null");
}

/* An action's name: a decision cell's, "asleep" (-2) or "none" (-1). */
static const char *action_name(int a)
{
	if (a == -2)
		return "asleep";
	const char *n = a >= 0 ? genome_vocab_name(&genome_actions, a) : NULL;
	return n ? n : "none";
}

static void px(c2_wbuf *o, const char *key, int64_t x)
{
	c2_w_printf(o, ",\"%s\":%.3f", key, (double)x / WORLD_FX);
}

static void write_stimulus(const world *w, const w_log *l, c2_wbuf *o)
{
	if (l->a >= 0) {
		c2_w_printf(o, ",\"stimulus\":%d", l->a);
		key_str(o, "name", genome_vocab_name(&genome_stimuli, l->a));
		if (l->ndose == 255)
			c2_w_str(o, ",\"no_gene\":true");
	} else {
		c2_w_str(o, ",\"stimulus\":\"explicit\"");
	}
	key_str(o, "from", l->b >= 0 ? genome_vocab_name(&genome_categories, l->b) : NULL);
	if (l->a < 0) {
		c2_w_str(o, ",\"chemicals\":{");
		for (int d = 0; d < l->ndose; d++) {
			const char *n = genome_vocab_name(&genome_chemicals, l->chem[d]);
			if (d)
				c2_w_str(o, ",");
			if (n)
				c2_w_json_cstr(o, n);
			else
				c2_w_printf(o, "\"%d\"", l->chem[d]);
			c2_w_printf(o, ":%d", l->amount[d]);
		}
		c2_w_str(o, "}");
	}
	(void)w;
}

static void write_record(const world *w, const w_log *l, c2_wbuf *o)
{
	c2_w_printf(o, "{\"tick\":%llu,\"type\":\"%s\"", (unsigned long long)l->tick, type_names[l->type]);
	if (l->creature >= 0)
		c2_w_printf(o, ",\"creature\":%d", l->creature);
	if (l->object >= 0 && (size_t)l->object < w->nobjs) {
		key_str(o, "object", w->objs[l->object].name);
		key_str(o, "kind", w->kinds[l->kind].name);
	}
	switch (l->type) {
	case LOG_ACTION:
	case LOG_SPEAK:
		key_str(o, "action", action_name(l->a));
		break;
	case LOG_IT:
		key_str(o, "category", l->a >= 0 ? genome_vocab_name(&genome_categories, l->a) : NULL);
		break;
	case LOG_ACT:
	case LOG_REFUSED:
		if (l->type == LOG_ACT) {
			key_str(o, "event", world_event_name(l->b));
			c2_w_printf(o, ",\"event_number\":%d", world_event_number(l->b));
		}
		key_str(o, "action", action_name(l->a));
		break;
	case LOG_STIMULUS:
		write_stimulus(w, l, o);
		break;
	case LOG_BECOME:
		key_str(o, "becomes", w->kinds[l->a].name);
		break;
	case LOG_VANISH:
		c2_w_printf(o, ",\"regrow\":%d", l->a);
		break;
	case LOG_ADD:
	case LOG_MOVE:
		px(o, "x", l->x);
		break;
	case LOG_HAND:
		key_str(o, "command", l->what);
		px(o, "x", l->x);
		break;
	case LOG_ROOM:
		key_str(o, "room", l->a >= 0 && (size_t)l->a < w->nrooms ? w->rooms[l->a].name : NULL);
		break;
	case LOG_CARRY:
		key_str(o, "what", l->what);
		break;
	case LOG_BODY: /* a stimulus the creature's body fired (engine/body.c) */
		creature_body_stim_json(l->a, l->v, o);
		break;
	default:
		break;
	}
	c2_w_str(o, "}\n");
}

void world_log_ndjson(world *w, c2_wbuf *out)
{
	for (size_t i = 0; i < w->nlog; i++)
		write_record(w, &w->log[i], out);
	w->nlog = 0;
}
