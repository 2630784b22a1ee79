#include "csv.hpp"

#include <fstream>
#include <sstream>

namespace shiftpay {

std::string trim(const std::string& s) {
    size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
    return s.substr(b, e - b);
}

static std::vector<std::string> split_line(const std::string& line, int line_no) {
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cur += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            out.push_back(trim(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (quoted) {
        std::ostringstream msg;
        msg << "line " << line_no << ": unterminated quote";
        throw CsvError(msg.str());
    }
    out.push_back(trim(cur));
    return out;
}

std::vector<CsvRow> read_csv(const std::string& path, std::vector<std::string>& header) {
    std::ifstream in(path);
    if (!in) throw CsvError("cannot open " + path);
    std::vector<CsvRow> rows;
    std::string line;
    int line_no = 0;
    bool have_header = false;
    while (std::getline(in, line)) {
        ++line_no;
        std::string t = trim(line);
        if (t.empty() || t[0] == '#') continue;
        auto fields = split_line(line, line_no);
        if (!have_header) {
            header = fields;
            have_header = true;
            continue;
        }
        if (fields.size() != header.size()) {
            std::ostringstream msg;
            msg << path << ":" << line_no << ": expected " << header.size()
                << " fields, got " << fields.size();
            throw CsvError(msg.str());
        }
        rows.push_back(CsvRow{line_no, std::move(fields)});
    }
    return rows;
}

}  // namespace shiftpay
