// Prints a contact list from an in-memory SQLite database, one line per contact,
// with the e-mail column padded to the longest address seen so far.
#include <stdio.h>
#include <string.h>
#include "sqlite3.h"

static size_t email_width = 0;

static int print_row(void *unused, int ncols, char **values, char **names) {
  (void)unused;
  (void)ncols;
  (void)names;
  const char *name = values[0];
  const char *email = values[1];
  size_t len = strlen(email);
  if (len > email_width) email_width = len;
  printf("%-10s %-*s\n", name, (int)email_width, email);
  return 0;
}

int main(void) {
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 1;
  const char *setup =
      "CREATE TABLE contacts(id INTEGER PRIMARY KEY, name TEXT);"
      "CREATE TABLE emails(contact INTEGER, email TEXT);"
      "INSERT INTO contacts(name) VALUES ('Ada'), ('Brian'), ('Chen'), ('Dana');"
      "INSERT INTO emails VALUES (1, 'ada@example.org'), (2, 'brian@example.org'),"
      "  (4, 'dana@example.org');";
  char *error = NULL;
  if (sqlite3_exec(db, setup, NULL, NULL, &error) != SQLITE_OK) {
    fprintf(stderr, "setup: %s\n", error);
    return 1;
  }
  const char *query =
      "SELECT c.name, e.email FROM contacts c LEFT JOIN emails e ON e.contact = c.id ORDER BY c.id";
  if (sqlite3_exec(db, query, print_row, NULL, &error) != SQLITE_OK) {
    fprintf(stderr, "query: %s\n", error);
    return 1;
  }
  sqlite3_close(db);
  return 0;
}
