/* options.c — the brain option table, generated from BRAIN_OPTIONS and
 * BRAIN_MODES; the generic machinery of base/options.c does the rest. */
#include "brain/options.h"

#define C2_OPTION_STRUCT brain_options
C2_OPTION_TABLE_MODES(brain_option_tab, "brain", BRAIN_OPTIONS, BRAIN_MODES);
