#include "freq.h"
#include "tokenize.h"
#include <stdio.h>
#include <string.h>

static int failures;
static int checks;

#define CHECK_LONG(what, expected, got) do {                                \
        long e_ = (expected), g_ = (got);                                   \
        checks++;                                                           \
        if (e_ != g_) {                                                     \
            failures++;                                                     \
            printf("    FAIL %s:%d: %s: expected %ld, got %ld\n",           \
                   __FILE__, __LINE__, (what), e_, g_);                     \
            return 1;                                                       \
        }                                                                   \
    } while (0)

#define CHECK_STR(what, expected, got) do {                                 \
        const char *e_ = (expected), *g_ = (got);                           \
        checks++;                                                           \
        if (strcmp(e_, g_) != 0) {                                          \
            failures++;                                                     \
            printf("    FAIL %s:%d: %s: expected \"%s\", got \"%s\"\n",     \
                   __FILE__, __LINE__, (what), e_, g_);                     \
            return 1;                                                       \
        }                                                                   \
    } while (0)

static const char *RIVER_TEXT =
    "The river flows north past the old mill, and the meadow floods in spring.\n"
    "Fog sits on the meadow in the morning; the heron waits by the bridge.\n"
    "The meadow is cold.\n";

static const char *STOPWORDS = "a an and as at by for from in is it of on that the to was with";

static int test_tokenizer(void)
{
    tokenizer t;
    const char *want[] = { "don't", "stop", "x2", "rock'n'roll" };
    size_t n = 0;
    tok_init(&t, "  Don't STOP -- x2: rock'n'roll'' ");
    while (tok_next(&t)) {
        if (n < sizeof want / sizeof *want)
            CHECK_STR("token", want[n], t.word);
        n++;
    }
    CHECK_LONG("token count", 4, (long)n);
    return 0;
}

static int test_counts(void)
{
    freq_table f;
    freq_init(&f);
    freq_add_text(&f, RIVER_TEXT);
    CHECK_LONG("total tokens", 32, f.total);
    CHECK_LONG("count(the)", 8, freq_count(&f, "the"));
    CHECK_LONG("count(meadow)", 3, freq_count(&f, "meadow"));
    CHECK_LONG("count(Heron)", 0, freq_count(&f, "Heron"));
    CHECK_LONG("distinct", 22, (long)freq_distinct(&f));
    freq_free(&f);
    return 0;
}

static int test_top_ties(void)
{
    freq_table f;
    freq_entry top[3];
    freq_init(&f);
    freq_add_text(&f, "pear apple fig apple pear kiwi fig");
    size_t n = freq_top(&f, top, 3);
    CHECK_LONG("top n", 3, (long)n);
    CHECK_STR("top[0]", "apple", top[0].word);
    CHECK_STR("top[1]", "fig", top[1].word);
    CHECK_STR("top[2]", "pear", top[2].word);
    CHECK_LONG("top[2].count", 2, top[2].count);
    freq_free(&f);
    return 0;
}

static int test_growth_keeps_counts(void)
{
    freq_table f;
    char buf[32];
    freq_init(&f);
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < 200; i++) {
            snprintf(buf, sizeof buf, "w%d", i);
            freq_add_text(&f, buf);
        }
    CHECK_LONG("distinct", 200, (long)freq_distinct(&f));
    CHECK_LONG("count(w0)", 3, freq_count(&f, "w0"));
    CHECK_LONG("count(w199)", 3, freq_count(&f, "w199"));
    freq_free(&f);
    return 0;
}

static int test_drop_stopwords(void)
{
    freq_table f;
    freq_entry top[2];
    freq_init(&f);
    freq_add_text(&f, RIVER_TEXT);
    int dropped = freq_drop_words(&f, STOPWORDS);
    CHECK_LONG("dropped", 6, dropped);
    CHECK_LONG("total after drop", 18, f.total);
    CHECK_LONG("distinct after drop", 16, (long)freq_distinct(&f));
    CHECK_LONG("count(meadow)", 3, freq_count(&f, "meadow"));
    CHECK_LONG("count(heron)", 1, freq_count(&f, "heron"));
    size_t n = freq_top(&f, top, 2);
    CHECK_LONG("top n", 2, (long)n);
    CHECK_STR("top[0]", "meadow", top[0].word);
    CHECK_LONG("top[0].count", 3, top[0].count);
    freq_free(&f);
    return 0;
}

static int test_drop_missing(void)
{
    freq_table f;
    freq_init(&f);
    freq_add_text(&f, "one two three two");
    CHECK_LONG("dropped", 0, freq_drop_words(&f, "four five"));
    CHECK_LONG("dropped", 1, freq_drop_words(&f, "two"));
    CHECK_LONG("count(two)", 0, freq_count(&f, "two"));
    CHECK_LONG("count(three)", 1, freq_count(&f, "three"));
    CHECK_LONG("total", 2, f.total);
    freq_free(&f);
    return 0;
}

struct test { const char *name; int (*fn)(void); };

int main(void)
{
    static const struct test tests[] = {
        { "tokenizer",            test_tokenizer },
        { "counts",               test_counts },
        { "top_ties",             test_top_ties },
        { "growth_keeps_counts",  test_growth_keeps_counts },
        { "drop_stopwords",       test_drop_stopwords },
        { "drop_missing",         test_drop_missing },
    };
    size_t ntests = sizeof tests / sizeof *tests, failed = 0;
    for (size_t i = 0; i < ntests; i++) {
        int rc = tests[i].fn();
        printf("[%s] %s\n", rc ? "FAIL" : " ok ", tests[i].name);
        failed += rc != 0;
    }
    printf("%zu/%zu tests passed (%d checks, %d failed)\n",
           ntests - failed, ntests, checks, failures);
    return failed ? 1 : 0;
}
