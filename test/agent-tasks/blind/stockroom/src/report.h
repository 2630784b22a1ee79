#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>
#include "inventory.h"

void report_print(FILE *out, inventory *inv, const char *as_of);

#endif
