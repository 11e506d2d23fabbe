/* options.c — the brain option table, generated from BRAIN_OPTIONS; the
 * generic machinery of base/options.c does the rest. */
#include "brain/options.h"

#define C2_OPTION_STRUCT brain_options
C2_OPTION_TABLE(brain_option_tab, "brain", BRAIN_OPTIONS);
