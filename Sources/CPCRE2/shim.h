#ifndef AUTHTAPE_CPCRE2_SHIM_H
#define AUTHTAPE_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/* Macros Swift cannot import, re-exported as constants. */
static const size_t authtape_pcre2_unset = PCRE2_UNSET;
static const size_t authtape_pcre2_zero_terminated = PCRE2_ZERO_TERMINATED;

#endif
