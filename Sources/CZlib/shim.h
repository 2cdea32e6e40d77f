#ifndef AUTHTAPE_CZLIB_SHIM_H
#define AUTHTAPE_CZLIB_SHIM_H
#include <zlib.h>
#endif
