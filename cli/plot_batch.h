/* plot_batch.h — `c2rt plot RESULTS --batch lifespan|causes`: a batch's
 * results file (`c2rt batch`, `c2rt sweep`; CSV or NDJSON) summed up as a
 * histogram of the lifespans of the creatures that died, or the number of
 * runs ending by each cause. */
#ifndef C2_CLI_PLOT_BATCH_H
#define C2_CLI_PLOT_BATCH_H

#include "cli/plotreq.h"

/* Draw kind ("lifespan" or "causes") of the results at path into out,
 * with q's size and (when set) title. CLI_OK, or an error code (said). */
int cli_plot_batch(const char *path, const char *kind, const char *out, cli_plot_req *q);

#endif
