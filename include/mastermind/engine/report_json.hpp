// An evaluation's report as JSON fields (the same names in both games, docs/results.md), and a
// strict reader of JSON fields for reports read back (a shard's, a merge's input): each field of
// its type and range, or an error naming it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "mastermind/engine/tally.hpp"

namespace mastermind {

// Sets games, failures, worst, mean, histogram, worst_examples, failure_examples,
// strategy_calls and seconds in `j`.
void add_report_fields(nlohmann::json& j, const Report& report);

// The checked fields of a JSON object: each read throws std::runtime_error "field 'NAME': why".
class JsonFields {
  public:
    explicit JsonFields(const nlohmann::json& j) : j_(j) {}

    const nlohmann::json& at(const char* name) const;
    std::uint64_t count(const char* name, const nlohmann::json& v,
                        std::uint64_t hi = UINT64_MAX) const;
    std::uint64_t count(const char* name, std::uint64_t hi = UINT64_MAX) const {
        return count(name, at(name), hi);
    }
    int small(const char* name, const nlohmann::json& v, int lo, int hi) const;
    std::string text(const char* name, const nlohmann::json& v) const;
    const nlohmann::json& list(const char* name, const nlohmann::json& v, std::size_t lo,
                               std::size_t hi) const;
    static std::runtime_error bad(const char* name, const std::string& why);

  private:
    const nlohmann::json& j_;
};

}  // namespace mastermind
