// tinyhist.hpp - tiny fixed-resolution histogram, header only.
//
// Copyright (c) the tinyhist authors.
// MIT licence: permission is granted, free of charge, to anyone obtaining a
// copy of this file to use, copy, modify, merge, publish and distribute it,
// provided this notice is kept. The software is provided "as is", without
// warranty of any kind.
//
// Version 0.3.1
#ifndef TINYHIST_HPP
#define TINYHIST_HPP

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

namespace tinyhist {

class Histogram {
public:
    // max_value and resolution are expressed in the caller's unit.
    explicit Histogram(double max_value, double resolution = 1.0)
        : resolution_(resolution)
    {
        if (resolution <= 0.0 || max_value <= 0.0)
            throw std::invalid_argument("tinyhist: bad range");
        bins_.assign(static_cast<std::size_t>(to_ticks(max_value)) + 1, 0);
    }

    void record(double v) { record_n(v, 1); }

    void record_n(double v, std::uint64_t n)
    {
        if (n == 0)
            return;
        std::int64_t t = to_ticks(v);
        if (t < 0)
            t = 0;
        if (static_cast<std::size_t>(t) >= bins_.size()) {
            ++overflow_;
            t = static_cast<std::int64_t>(bins_.size()) - 1;
        }
        bins_[static_cast<std::size_t>(t)] += n;
        total_ += n;
        sum_ticks_ += static_cast<double>(t) * static_cast<double>(n);
        sumsq_ticks_ += static_cast<double>(t) * static_cast<double>(t) * static_cast<double>(n);
        min_tick_ = std::min(min_tick_, t);
        max_tick_ = std::max(max_tick_, t);
    }

    void merge(const Histogram &o)
    {
        if (o.resolution_ != resolution_ || o.bins_.size() != bins_.size())
            throw std::invalid_argument("tinyhist: incompatible merge");
        for (std::size_t i = 0; i < bins_.size(); ++i)
            bins_[i] += o.bins_[i];
        total_ += o.total_;
        overflow_ += o.overflow_;
        sum_ticks_ += o.sum_ticks_;
        sumsq_ticks_ += o.sumsq_ticks_;
        min_tick_ = std::min(min_tick_, o.min_tick_);
        max_tick_ = std::max(max_tick_, o.max_tick_);
    }

    std::uint64_t count() const { return total_; }
    std::uint64_t overflow() const { return overflow_; }

    double min() const { return total_ ? from_ticks(min_tick_) : 0.0; }
    double max() const { return total_ ? from_ticks(max_tick_) : 0.0; }

    double mean() const
    {
        if (!total_)
            return 0.0;
        return from_ticks(sum_ticks_ / static_cast<double>(total_));
    }

    double stddev() const
    {
        if (total_ < 2)
            return 0.0;
        double n = static_cast<double>(total_);
        double m = sum_ticks_ / n;
        double var = (sumsq_ticks_ - n * m * m) / (n - 1.0);
        return var > 0.0 ? from_ticks(std::sqrt(var)) : 0.0;
    }

    double percentile(double p) const { return quantile(p / 100.0); }

    double quantile(double q) const
    {
        if (!total_)
            return 0.0;
        q = std::clamp(q, 0.0, 1.0);
        // nearest-rank: smallest value whose cumulative count reaches rank
        std::uint64_t rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(total_)));
        if (rank == 0)
            rank = 1;
        return value_at_rank(rank);
    }

private:
    std::int64_t to_ticks(double v) const
    {
        return static_cast<std::int64_t>(std::llround(v / resolution_));
    }

    double from_ticks(double t) const { return t * resolution_; }

    double value_at_rank(std::uint64_t rank) const
    {
        std::uint64_t seen = 0;
        for (std::size_t i = 0; i < bins_.size(); ++i) {
            seen += bins_[i];
            if (seen >= rank)
                return bin_value(i);
        }
        return bin_value(bins_.size() - 1);
    }

    // Representative value of a bin, in caller units.
    double bin_value(std::size_t i) const
    {
        return static_cast<double>(i) / resolution_;
    }

    double resolution_;
    std::vector<std::uint64_t> bins_;
    std::uint64_t total_ = 0;
    std::uint64_t overflow_ = 0;
    double sum_ticks_ = 0.0;
    double sumsq_ticks_ = 0.0;
    std::int64_t min_tick_ = std::numeric_limits<std::int64_t>::max();
    std::int64_t max_tick_ = 0;
};

} // namespace tinyhist

#endif
