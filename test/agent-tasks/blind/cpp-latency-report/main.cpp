// latreport - summarise request latencies from an access log.
//
// Log format (one request per line, '#' starts a comment):
//   <timestamp> <method> <path> <status> <latency_ms>
//
// Usage: latreport [--resolution MS] [--max MS] <logfile>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "third_party/tinyhist/tinyhist.hpp"

namespace {

struct Options {
    double resolution_ms = 0.5;
    double max_ms = 2000.0;
    std::string path;
};

struct Request {
    std::string method;
    std::string route;
    int status = 0;
    double latency_ms = 0.0;
};

bool parse_line(const std::string &line, Request &out)
{
    if (line.empty() || line[0] == '#')
        return false;
    std::istringstream in(line);
    std::string ts;
    if (!(in >> ts >> out.method >> out.route >> out.status >> out.latency_ms))
        return false;
    // collapse numeric path segments: /users/42 -> /users/:id
    std::string norm;
    std::istringstream parts(out.route);
    std::string seg;
    while (std::getline(parts, seg, '/')) {
        if (seg.empty())
            continue;
        bool numeric = seg.find_first_not_of("0123456789") == std::string::npos;
        norm += "/";
        norm += numeric ? ":id" : seg;
    }
    out.route = norm.empty() ? "/" : norm;
    return true;
}

Options parse_args(int argc, char **argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--resolution" && i + 1 < argc)
            o.resolution_ms = std::atof(argv[++i]);
        else if (a == "--max" && i + 1 < argc)
            o.max_ms = std::atof(argv[++i]);
        else
            o.path = a;
    }
    if (o.path.empty()) {
        std::cerr << "usage: latreport [--resolution MS] [--max MS] <logfile>\n";
        std::exit(2);
    }
    return o;
}

struct RouteStats {
    explicit RouteStats(const Options &o) : hist(o.max_ms, o.resolution_ms) {}
    tinyhist::Histogram hist;
    unsigned errors = 0;
};

void print_row(const std::string &name, const RouteStats &s)
{
    const tinyhist::Histogram &h = s.hist;
    std::printf("%-22s %6llu %5u %8.1f %8.1f %8.1f %8.1f %8.1f\n", name.c_str(),
                static_cast<unsigned long long>(h.count()), s.errors, h.mean(),
                h.percentile(50), h.percentile(90), h.percentile(99), h.max());
}

} // namespace

int main(int argc, char **argv)
{
    Options opt = parse_args(argc, argv);
    std::ifstream f(opt.path);
    if (!f) {
        std::cerr << "cannot open " << opt.path << "\n";
        return 1;
    }

    std::map<std::string, RouteStats> routes;
    RouteStats all(opt);
    std::string line;
    unsigned bad = 0;
    while (std::getline(f, line)) {
        Request r;
        if (!parse_line(line, r)) {
            if (!line.empty() && line[0] != '#')
                ++bad;
            continue;
        }
        std::string key = r.method + " " + r.route;
        auto it = routes.find(key);
        if (it == routes.end())
            it = routes.emplace(key, RouteStats(opt)).first;
        it->second.hist.record(r.latency_ms);
        if (r.status >= 500)
            it->second.errors++;
    }
    for (const auto &kv : routes) {
        all.hist.merge(kv.second.hist);
        all.errors += kv.second.errors;
    }

    std::printf("%-22s %6s %5s %8s %8s %8s %8s %8s\n", "route", "count", "5xx",
                "mean", "p50", "p90", "p99", "max");
    for (const auto &kv : routes)
        print_row(kv.first, kv.second);
    print_row("ALL", all);
    if (bad)
        std::printf("(%u unparsable lines skipped)\n", bad);
    return 0;
}
