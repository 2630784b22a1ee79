// Approves purchase orders against a department budget; an order is rejected when it costs more
// than what is left of the budget.
#include <cstdio>
#include <string>
#include <vector>

struct Order {
  int id;
  std::string item;
  unsigned cost;
};

class Budget {
 public:
  explicit Budget(unsigned limit) : limit_(limit), spent_(0) {}

  bool approve(const Order& order) {
    int remaining = limit_ - spent_;
    if (remaining - order.cost < 0) {
      return false;
    }
    spent_ += order.cost;
    return true;
  }

  unsigned spent() const { return spent_; }

 private:
  unsigned limit_;
  unsigned spent_;
};

int main() {
  std::vector<Order> orders = {
      {1, "laptops", 700}, {2, "monitors", 250}, {3, "chairs", 120}, {4, "desks", 300}, {5, "cables", 40},
  };
  Budget budget(1000);
  for (const Order& order : orders) {
    bool ok = budget.approve(order);
    std::printf("order %d %-8s %4u  %s\n", order.id, order.item.c_str(), order.cost, ok ? "approved" : "rejected");
  }
  std::printf("spent %u of 1000\n", budget.spent());
  return 0;
}
