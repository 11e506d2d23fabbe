/* options.c — the biochemistry's option table (reference §9), generated from
 * the BC_OPTIONS and BC_MODES X-macros; base/options.c does the rest. */
#include "biochem/biochem.h"

#define C2_OPTION_STRUCT bc_options
C2_OPTION_TABLE_MODES(bc_option_tab, "biochemistry", BC_OPTIONS, BC_MODES);
