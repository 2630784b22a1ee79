// Loads user accounts (everyone starts with a quota of 100 jobs) and prints them.
#include <cstdio>
#include <cstring>

struct Account {
  char login[12];
  int quota;
  int used;
};

static Account accounts[4];

static void set_login(Account& account, const char* login) {
  std::strcpy(account.login, login);
}

static void load_user(int slot, const char* line) {
  // A line is "login:used".
  char login[64];
  int used = 0;
  std::sscanf(line, "%63[^:]:%d", login, &used);
  set_login(accounts[slot], login);
  accounts[slot].used = used;
}

int main() {
  for (Account& account : accounts) account.quota = 100;
  const char* lines[] = {"alice:12", "bob:40", "margaret.hamilton:7", "linus:99"};
  for (int slot = 0; slot < 4; slot++) load_user(slot, lines[slot]);
  for (const Account& account : accounts) {
    std::printf("%-12.12s quota %10d used %3d%s\n", account.login, account.quota, account.used,
                account.used > account.quota ? "  OVER QUOTA" : "");
  }
  return 0;
}
