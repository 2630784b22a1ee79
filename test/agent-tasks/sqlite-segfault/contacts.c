// Imports contacts into an SQLite database and prints them, one line per contact.
#include <stdarg.h>
#include <stdio.h>
#include "sqlite3.h"

// Binds the statement's parameters from the arguments: one letter per parameter in `types`,
// 't' for text (const char *) and 'i' for an int.
static int bind_row(sqlite3_stmt *stmt, const char *types, ...) {
  va_list args;
  va_start(args, types);
  int rc = SQLITE_OK;
  for (int i = 0; types[i] && rc == SQLITE_OK; i++) {
    if (types[i] == 't') {
      const char *text = va_arg(args, const char *);
      rc = sqlite3_bind_text(stmt, i + 1, text, -1, SQLITE_TRANSIENT);
    } else {
      rc = sqlite3_bind_int(stmt, i + 1, va_arg(args, int));
    }
  }
  va_end(args);
  return rc;
}

static int add_contact(sqlite3 *db, const char *name, int age, const char *email) {
  sqlite3_stmt *stmt;
  int rc = sqlite3_prepare_v2(db, "INSERT INTO contacts(name, age, email) VALUES (?1, ?2, ?3)", -1, &stmt, NULL);
  if (rc != SQLITE_OK) return rc;
  rc = bind_row(stmt, "tit", name, email, age);
  if (rc == SQLITE_OK && sqlite3_step(stmt) != SQLITE_DONE) rc = sqlite3_errcode(db);
  sqlite3_finalize(stmt);
  return rc;
}

static int print_row(void *unused, int ncols, char **values, char **names) {
  (void)unused;
  (void)names;
  for (int i = 0; i < ncols; i++) printf("%-18s", values[i] ? values[i] : "-");
  printf("\n");
  return 0;
}

int main(void) {
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 1;
  if (sqlite3_exec(db, "CREATE TABLE contacts(id INTEGER PRIMARY KEY, name TEXT, age INT, email TEXT)", NULL, NULL, NULL) != SQLITE_OK) {
    return 1;
  }
  printf("importing contacts\n");
  fflush(stdout);
  if (add_contact(db, "Ada", 36, "ada@example.org") != SQLITE_OK || add_contact(db, "Brian", 41, "brian@example.org") != SQLITE_OK) {
    fprintf(stderr, "import failed: %s\n", sqlite3_errmsg(db));
    return 1;
  }
  sqlite3_exec(db, "SELECT name, age, email FROM contacts ORDER BY id", print_row, NULL, NULL);
  sqlite3_close(db);
  return 0;
}
