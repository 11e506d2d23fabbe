/* body_xode.h — the XODE half of `c2rt body`: cmd_body.c hands .xode files here. */
#ifndef C2_CLI_BODY_XODE_H
#define C2_CLI_BODY_XODE_H

#include <stdbool.h>

/* Does `path` name an XODE document (by its extension, .xode in any case)? */
bool cli_body_is_xode(const char *path);

/* Load the XODE document at `path` and print it: a readable summary when
 * json is false, else the JSON of xode_json. With export_path, also write the
 * scene back as XODE there (atomically; "-" is standard output, which then
 * carries nothing else). Returns CLI_OK, or CLI_BAD after printing
 * "c2rt: PATH:LINE: reason". */
int cli_body_xode(const char *path, bool json, const char *export_path);

#endif
