/* test_label.c - regression checks for the label formatter */
#include <stdio.h>
#include <string.h>
#include "label.h"
#include "utf8.h"

static int failures = 0;
static int checks = 0;

static void check_str(const char *name, const char *got, const char *want)
{
    checks++;
    if (strcmp(got, want) != 0) {
        failures++;
        printf("FAIL %s: got \"%s\", want \"%s\"\n", name, got, want);
    } else {
        printf("ok   %s\n", name);
    }
}

static void check_num(const char *name, size_t got, size_t want)
{
    checks++;
    if (got != want) {
        failures++;
        printf("FAIL %s: got %zu, want %zu\n", name, got, want);
    } else {
        printf("ok   %s\n", name);
    }
}

int main(void)
{
    char buf[128];

    check_num("count_ascii", utf8_count("hello"), 5);
    check_num("count_latin1", utf8_count("caf\xc3\xa9"), 4);
    check_num("count_cjk", utf8_count("\xe6\x97\xa5\xe6\x9c\xac"), 2);

    label_fit("short", 10, buf, sizeof buf);
    check_str("fit_short", buf, "short");

    label_fit("a rather long name", 10, buf, sizeof buf);
    check_str("fit_long", buf, "a rathe...");

    label_cell("caf\xc3\xa9", 6, buf, sizeof buf);
    check_str("cell_cafe", buf, "caf\xc3\xa9  ");

    label_fit("Ren\xc3\xa9" "e Dupont", 8, buf, sizeof buf);
    check_str("fit_accented", buf, "Ren\xc3\xa9" "e...");

    label_cell("\xe6\x9d\xb1\xe4\xba\xac", 4, buf, sizeof buf);
    check_str("cell_cjk", buf, "\xe6\x9d\xb1\xe4\xba\xac  ");

    /* party popper + text: 1 + 1 + 10 = 12 characters */
    label_cell("\xf0\x9f\x8e\x89 Launch day", 14, buf, sizeof buf);
    check_str("cell_emoji", buf, "\xf0\x9f\x8e\x89 Launch day  ");

    label_fit("\xf0\x9f\x8e\x89\xf0\x9f\x8e\x89 party time", 8, buf, sizeof buf);
    check_str("fit_emoji", buf, "\xf0\x9f\x8e\x89\xf0\x9f\x8e\x89 pa...");

    label_fit("x", 0, buf, sizeof buf);
    check_str("fit_zero", buf, "");

    printf("%d/%d checks passed\n", checks - failures, checks);
    return failures ? 1 : 0;
}
