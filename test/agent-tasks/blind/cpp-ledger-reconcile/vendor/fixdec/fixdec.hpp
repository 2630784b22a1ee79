// fixdec - fixed-point decimal arithmetic for money-like values
// SPDX-License-Identifier: MIT
// Copyright (c) 2021-2024 The fixdec authors
//
// A single-header, allocation-free decimal type with a fixed number of
// fractional digits (4 by default). Values are stored as a scaled 64-bit
// integer, so addition and subtraction are exact; multiplication and
// division round half-to-even at the last fractional digit.
//
//   fixdec::Decimal a = fixdec::Decimal::parse("12.50");
//   fixdec::Decimal b = a * fixdec::Decimal::parse("0.075");
//   std::cout << b.round(2).to_string(2);   // "0.94"
//
#ifndef FIXDEC_FIXDEC_HPP
#define FIXDEC_FIXDEC_HPP

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fixdec {

inline constexpr int kDigits = 4;
inline constexpr std::int64_t kScale = 10000;

class parse_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

namespace detail {

inline std::int64_t pow10(int n) {
    std::int64_t r = 1;
    while (n-- > 0) r *= 10;
    return r;
}

// Divide and round half to even.
inline std::int64_t div_round(std::int64_t num, std::int64_t den) {
    if (den < 0) { num = -num; den = -den; }
    std::int64_t q = num / den;
    std::int64_t r = num % den;
    std::int64_t twice = 2 * (r < 0 ? -r : r);
    if (twice > den || (twice == den && (q % 2 != 0))) {
        q += (num < 0) ? -1 : 1;
    }
    return q;
}

inline std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

inline std::int64_t parse_digits(std::string_view s, const std::string& whole_text) {
    std::int64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') throw parse_error("fixdec: bad digit in '" + whole_text + "'");
        v = v * 10 + (c - '0');
    }
    return v;
}

}  // namespace detail

class Decimal {
public:
    constexpr Decimal() = default;

    static constexpr Decimal from_raw(std::int64_t raw) { Decimal d; d.raw_ = raw; return d; }
    static constexpr Decimal from_int(std::int64_t v) { return from_raw(v * kScale); }

    // Accepts  [+-]digits[.digits]  with at most kDigits fractional digits
    // (extra digits are rounded half-to-even).
    static Decimal parse(std::string_view text) {
        const std::string orig(text);
        std::string_view s = detail::trim(text);
        if (s.empty()) throw parse_error("fixdec: empty value");

        std::string_view int_part = s, frac_part;
        if (auto dot = s.find('.'); dot != std::string_view::npos) {
            int_part = s.substr(0, dot);
            frac_part = s.substr(dot + 1);
        }

        std::int64_t whole = 0;
        if (!int_part.empty() && int_part != "-" && int_part != "+") {
            whole = std::strtoll(std::string(int_part).c_str(), nullptr, 10);
        }

        std::int64_t frac = 0;
        if (!frac_part.empty()) {
            int n = static_cast<int>(frac_part.size());
            std::int64_t digits = detail::parse_digits(frac_part, orig);
            if (n <= kDigits) {
                frac = digits * detail::pow10(kDigits - n);
            } else {
                frac = detail::div_round(digits, detail::pow10(n - kDigits));
            }
        }

        std::int64_t raw = whole * kScale + (whole < 0 ? -frac : frac);
        return from_raw(raw);
    }

    constexpr std::int64_t raw() const { return raw_; }
    constexpr bool is_zero() const { return raw_ == 0; }
    constexpr bool is_negative() const { return raw_ < 0; }

    // Round to `places` fractional digits (half to even).
    Decimal round(int places) const {
        if (places >= kDigits) return *this;
        std::int64_t step = detail::pow10(kDigits - places);
        return from_raw(detail::div_round(raw_, step) * step);
    }

    std::string to_string(int places = kDigits) const {
        Decimal r = round(places);
        std::int64_t v = r.raw_;
        bool neg = v < 0;
        if (neg) v = -v;
        std::int64_t whole = v / kScale;
        std::int64_t frac = v % kScale;
        std::string out = (neg ? "-" : "") + std::to_string(whole);
        if (places > 0) {
            std::string f = std::to_string(frac + kScale).substr(1);  // zero padded
            out += "." + f.substr(0, static_cast<std::size_t>(places));
        }
        return out;
    }

    friend constexpr Decimal operator+(Decimal a, Decimal b) { return from_raw(a.raw_ + b.raw_); }
    friend constexpr Decimal operator-(Decimal a, Decimal b) { return from_raw(a.raw_ - b.raw_); }
    friend constexpr Decimal operator-(Decimal a) { return from_raw(-a.raw_); }
    friend Decimal operator*(Decimal a, Decimal b) {
        return from_raw(detail::div_round(a.raw_ * b.raw_, kScale));
    }
    friend Decimal operator/(Decimal a, Decimal b) {
        if (b.raw_ == 0) throw std::domain_error("fixdec: division by zero");
        return from_raw(detail::div_round(a.raw_ * kScale, b.raw_));
    }
    Decimal& operator+=(Decimal o) { raw_ += o.raw_; return *this; }
    Decimal& operator-=(Decimal o) { raw_ -= o.raw_; return *this; }

    friend constexpr bool operator==(Decimal a, Decimal b) { return a.raw_ == b.raw_; }
    friend constexpr bool operator!=(Decimal a, Decimal b) { return a.raw_ != b.raw_; }
    friend constexpr bool operator<(Decimal a, Decimal b) { return a.raw_ < b.raw_; }
    friend constexpr bool operator>(Decimal a, Decimal b) { return a.raw_ > b.raw_; }
    friend constexpr bool operator<=(Decimal a, Decimal b) { return a.raw_ <= b.raw_; }
    friend constexpr bool operator>=(Decimal a, Decimal b) { return a.raw_ >= b.raw_; }

private:
    std::int64_t raw_ = 0;
};

inline Decimal abs(Decimal d) { return d.is_negative() ? -d : d; }

}  // namespace fixdec

#endif  // FIXDEC_FIXDEC_HPP
