// money.h - fixed-point money helpers (amounts are integer cents)
#pragma once

#include <cstdint>
#include <string>

using Cents = std::int64_t;

// Basis points: 10000 bp == 100%.
using BasisPoints = std::int32_t;

// Multiply an amount by a basis-point factor, rounding half away from zero.
inline Cents applyBp(Cents amount, BasisPoints bp) {
    const std::int64_t num = amount * static_cast<std::int64_t>(bp);
    if (num >= 0) return (num + 5000) / 10000;
    return -((-num + 5000) / 10000);
}

inline std::string formatCents(Cents c) {
    const bool neg = c < 0;
    const std::int64_t a = neg ? -c : c;
    std::string frac = std::to_string(a % 100);
    if (frac.size() < 2) frac = "0" + frac;
    return (neg ? "-" : "") + std::to_string(a / 100) + "." + frac;
}
