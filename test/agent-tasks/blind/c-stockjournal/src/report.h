#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>
#include "stock.h"

void report_print(FILE *out, const stock_book *b, const char *title);

#endif
