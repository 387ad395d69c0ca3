#include "mastermind/engine/report_json.hpp"

#include <fmt/format.h>

namespace mastermind {

void add_report_fields(nlohmann::json& j, const Report& r) {
    j["games"] = r.games;
    j["failures"] = r.failures;
    j["worst"] = r.worst;
    j["mean"] = r.mean;
    j["histogram"] = r.histogram;
    j["worst_examples"] = r.worst_examples;
    j["failure_examples"] = r.failure_examples;
    j["strategy_calls"] = r.nodes;
    j["seconds"] = r.seconds;
}

const nlohmann::json& JsonFields::at(const char* name) const {
    if (!j_.contains(name)) throw bad(name, "missing");
    return j_.at(name);
}

std::uint64_t JsonFields::count(const char* name, const nlohmann::json& v, std::uint64_t hi) const {
    if (!v.is_number_unsigned())
        throw bad(name, fmt::format("{} is not an integer from 0", v.dump().substr(0, 40)));
    const auto n = v.get<std::uint64_t>();
    if (n > hi) throw bad(name, fmt::format("{} is more than {}", n, hi));
    return n;
}

int JsonFields::small(const char* name, const nlohmann::json& v, int lo, int hi) const {
    if (!v.is_number_integer())
        throw bad(name, fmt::format("{} is not an integer", v.dump().substr(0, 40)));
    const auto n = v.get<std::int64_t>();
    if (n < lo || n > hi) throw bad(name, fmt::format("{} is not from {} to {}", n, lo, hi));
    return static_cast<int>(n);
}

std::string JsonFields::text(const char* name, const nlohmann::json& v) const {
    if (!v.is_string()) throw bad(name, "not a string");
    return v.get<std::string>();
}

const nlohmann::json& JsonFields::list(const char* name, const nlohmann::json& v, std::size_t lo,
                                       std::size_t hi) const {
    if (!v.is_array() || v.size() < lo || v.size() > hi) {
        throw bad(name, lo == hi ? fmt::format("not a list of {}", lo)
                                 : fmt::format("not a list of {} to {} entries", lo, hi));
    }
    return v;
}

std::runtime_error JsonFields::bad(const char* name, const std::string& why) {
    return std::runtime_error(fmt::format("field '{}': {}", name, why));
}

}  // namespace mastermind
