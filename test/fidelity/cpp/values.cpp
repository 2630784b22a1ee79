// Values C++ programs hold every day, each printed by hand (C++ has no universal formatter) on one
// line as `name<TAB>text`, then a stop (the marked line) where all of them are live. The fidelity test
// reads each through the debugger and compares it with this text.
#include <array>
#include <cstdio>
#include <deque>
#include <iostream>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

struct Point {
  int x;
  int y;
};
struct Record {
  int id;
  char label[16];
};
enum class Color { Red, Green, Blue };

static std::string q(const std::string& s) { return "\"" + s + "\""; }
template <class It>
static std::string join(It b, It e) {
  std::ostringstream o;
  for (It i = b; i != e; ++i) o << (i == b ? "" : ", ") << *i;
  return o.str();
}

int main() {
  std::string text = "hello world";
  std::vector<int> numbers = {1, 2, 3};
  std::vector<std::string> words = {"alpha", "beta"};
  std::map<std::string, int> ordered = {{"one", 1}, {"two", 2}};
  std::unordered_map<std::string, int> hashed = {{"x", 10}, {"y", 20}};
  std::set<int> unique = {3, 1, 2};
  std::optional<int> maybe = 42;
  std::optional<int> nothing;
  std::variant<int, std::string> either = std::string("text");
  std::unique_ptr<Point> owned = std::make_unique<Point>(Point{3, 4});
  std::shared_ptr<int> counted = std::make_shared<int>(7);
  std::string_view view = "a view";
  std::array<int, 3> fixed = {7, 8, 9};
  std::pair<int, std::string> pair = {1, "first"};
  std::tuple<int, double, std::string> triple = {5, 2.5, "tri"};
  std::deque<int> queue = {4, 5, 6};
  std::list<int> linked = {9, 8};
  Record record = {12, "tagged"};
  Color color = Color::Green;
  Point point = {5, -6};
  std::unique_ptr<Point> empty_owner;
  std::cout << "text\t" << q(text) << "\n";
  std::cout << "numbers\t{" << join(numbers.begin(), numbers.end()) << "}\n";
  std::cout << "words\t{" << q(words[0]) << ", " << q(words[1]) << "}\n";
  std::cout << "ordered\t{[" << q("one") << "] = " << ordered["one"] << ", [" << q("two") << "] = " << ordered["two"] << "}\n";
  std::cout << "hashed\t{[" << q("x") << "] = " << hashed["x"] << ", [" << q("y") << "] = " << hashed["y"] << "}\n";
  std::cout << "unique\t{" << join(unique.begin(), unique.end()) << "}\n";
  std::cout << "maybe\t" << *maybe << "\n";
  std::cout << "nothing\tnullopt\n";
  std::cout << "either\t" << q(std::get<std::string>(either)) << "\n";
  std::cout << "owned\t{x = " << owned->x << ", y = " << owned->y << "}\n";
  std::cout << "counted\t" << *counted << "\n";
  std::cout << "view\t" << q(std::string(view)) << "\n";
  std::cout << "fixed\t{" << join(fixed.begin(), fixed.end()) << "}\n";
  std::cout << "pair\t{" << pair.first << ", " << q(pair.second) << "}\n";
  std::cout << "triple\t{" << std::get<0>(triple) << ", " << std::get<1>(triple) << ", " << q(std::get<2>(triple)) << "}\n";
  std::cout << "queue\t{" << join(queue.begin(), queue.end()) << "}\n";
  std::cout << "linked\t{" << join(linked.begin(), linked.end()) << "}\n";
  std::cout << "record\t{id = " << record.id << ", label = " << q(record.label) << "}\n";
  std::cout << "color\tGreen\n";
  std::cout << "point\t{x = " << point.x << ", y = " << point.y << "}\n";
  std::cout << "empty_owner\tnullptr\n";
  std::cout << "ready" << std::endl;  // @mark stop
  return 0;
}
