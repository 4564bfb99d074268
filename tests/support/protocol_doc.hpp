#pragma once
// Study protocol documents for tests (docs/studies.md "Study protocols"): the level and the
// one-condition protocol that the protocol, server and upload tests write.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace sawtooth::test {

/// A linear level of 4x2 rooms of 11x7 tiles, level index 1, alpha 0.25, from `seed`.
inline nlohmann::json linear_level(int seed) {
    return {{"seed", seed}, {"layout", "linear"}, {"rooms_w", 4},     {"rooms_h", 2},
            {"room_w", 11}, {"room_h", 7},        {"level_index", 1}, {"alpha", 0.25}};
}

/// A protocol named `name` with one condition, `condition`, playing the linear levels of
/// `seeds` in order; balanced assignment; the consent question "Do you agree?".
inline nlohmann::json seeds_protocol(const std::string& name, const std::string& condition,
                                     const std::vector<int>& seeds) {
    nlohmann::json levels = nlohmann::json::array();
    for (const int seed : seeds) levels.push_back(linear_level(seed));
    nlohmann::json cond = {{"name", condition}, {"levels", {{"type", "seeds"}, {"levels", levels}}}};
    return {{"format", "sawtooth-study-protocol"},
            {"format_version", 1},
            {"name", name},
            {"consent", "Do you agree?"},
            {"conditions", nlohmann::json::array({cond})},
            {"assignment", {{"type", "balanced"}}}};
}

}  // namespace sawtooth::test
