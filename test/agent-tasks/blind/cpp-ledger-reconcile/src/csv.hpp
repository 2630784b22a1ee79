#pragma once
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace recon {

struct CsvRow {
    int line_no = 0;
    std::vector<std::string> fields;
};

inline std::vector<std::string> split_csv_line(const std::string& line) {
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (char c : line) {
        if (c == '"') { quoted = !quoted; continue; }
        if (c == ',' && !quoted) { out.push_back(cur); cur.clear(); continue; }
        if (c == '\r') continue;
        cur.push_back(c);
    }
    out.push_back(cur);
    return out;
}

// Reads a CSV file with a header line; skips blank lines and '#' comments.
inline std::vector<CsvRow> read_csv(const std::string& path, std::size_t min_fields) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::vector<CsvRow> rows;
    std::string line;
    int n = 0;
    bool header = true;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty() || line[0] == '#') continue;
        if (header) { header = false; continue; }
        CsvRow row{n, split_csv_line(line)};
        if (row.fields.size() < min_fields)
            throw std::runtime_error(path + ":" + std::to_string(n) + ": too few fields");
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace recon
