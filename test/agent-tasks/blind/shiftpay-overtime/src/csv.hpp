// Minimal CSV reader: comma separated, optional double quotes, '#' comments.
#pragma once
#include <string>
#include <vector>

namespace shiftpay {

struct CsvRow {
    int line = 0;
    std::vector<std::string> fields;
};

class CsvError : public std::exception {
public:
    CsvError(std::string msg) : msg_(std::move(msg)) {}
    const char* what() const noexcept override { return msg_.c_str(); }
private:
    std::string msg_;
};

// Reads the whole file; the first non-comment row is returned as header.
std::vector<CsvRow> read_csv(const std::string& path, std::vector<std::string>& header);

std::string trim(const std::string& s);

}  // namespace shiftpay
