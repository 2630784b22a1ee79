// Counts files per extension (the last three characters of the name), as SQLite computes it.
#include <stdio.h>
#include "sqlite3.h"

static int print_row(void *unused, int ncols, char **values, char **names) {
  (void)unused;
  (void)ncols;
  (void)names;
  printf("%-4s %s\n", values[0], values[1]);
  return 0;
}

int main(void) {
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 1;
  const char *setup =
      "CREATE TABLE files(name TEXT);"
      "INSERT INTO files VALUES ('notes.txt'), ('todo.txt'), ('logo.png'), ('build.log'), ('photo.png');";
  char *error = NULL;
  if (sqlite3_exec(db, setup, NULL, NULL, &error) != SQLITE_OK) {
    fprintf(stderr, "setup: %s\n", error);
    return 1;
  }
  const char *query = "SELECT substr(name, -3) AS ext, count(*) FROM files GROUP BY ext ORDER BY ext";
  if (sqlite3_exec(db, query, print_row, NULL, &error) != SQLITE_OK) {
    fprintf(stderr, "query: %s\n", error);
    return 1;
  }
  sqlite3_close(db);
  return 0;
}
