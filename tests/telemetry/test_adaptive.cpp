// Adaptive levels (telemetry/analysis/adaptive.hpp): the skill posterior moves the right
// way on successes and failures, the level model re-evaluated with shifted probabilities
// equals evaluate_level at theta 0 and rises with theta, the chooser picks harder levels
// for a higher theta and never repeats one, a run is deterministic, bad settings are refused.
#include "../support/scratch_dir.hpp"
#include "telemetry/analysis/adaptive.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/store/events.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <set>

using namespace sawtooth;
using namespace sawtooth::analysis;

namespace {

AdaptiveSettings small_settings() {
    AdaptiveSettings s;
    s.first_seed = 1;
    s.last_seed = 30;
    s.count = 5;
    return s;
}

std::shared_ptr<const std::vector<CandidateLevel>> shared_candidates() {
    static const auto c = std::make_shared<const std::vector<CandidateLevel>>(
        make_candidates(small_settings(), thesis_reference_model()));
    return c;
}

/// Holds right and jumps every 45 ticks: a player that ignores traps (deaths and successes).
std::vector<InputFrame> runner_inputs(int ticks) {
    std::vector<InputFrame> in(static_cast<std::size_t>(ticks));
    for (int t = 0; t < ticks; ++t)
        in[static_cast<std::size_t>(t)].bits = kInputRight | (t % 45 < 12 ? kInputUp : 0);
    return in;
}

/// The base (theta 0) success of the chosen candidate.
double base_success(const Choice& c) {
    return (*shared_candidates())[static_cast<std::size_t>(c.candidate)].model.result().success_probability;
}

}  // namespace

TEST_CASE("shift_probability: identity at theta 0, rises with theta, stays inside (0, 1)") {
    CHECK(shift_probability(0.3, 0.0, 0.02) == doctest::Approx(0.3));
    CHECK(shift_probability(0.3, 1.0, 0.02) > 0.3);
    CHECK(shift_probability(0.3, -1.0, 0.02) < 0.3);
    CHECK(shift_probability(1.0, 0.0, 0.02) == doctest::Approx(0.98));
    CHECK(shift_probability(0.0, -5.0, 0.02) > 0.0);
}

TEST_CASE("the skill posterior moves up on successes, down on failures, and narrows") {
    SkillEstimate prior;
    CHECK(prior.mean() == doctest::Approx(0.0).epsilon(1e-9));
    SkillEstimate good, bad;
    for (int i = 0; i < 20; ++i) {
        good.observe(0.6, true);
        bad.observe(0.6, false);
    }
    CHECK(good.mean() > 1.0);
    CHECK(bad.mean() < -1.0);
    CHECK(good.sd() < prior.sd());
    CHECK(good.attempts() == 20);
    CHECK(good.successes() == 20);
    // Successes exactly at the model's rate leave theta near 0.
    SkillEstimate even;
    for (int i = 0; i < 50; ++i) even.observe(0.5, i % 2 == 0);
    CHECK(std::abs(even.mean()) < 0.1);
    // A success on an easy challenge says less than one on a hard challenge.
    SkillEstimate easy, hard;
    easy.observe(0.9, true);
    hard.observe(0.2, true);
    CHECK(hard.mean() > easy.mean());
}

TEST_CASE("LevelModel::evaluate at theta 0 is evaluate_level; success rises with theta") {
    GenParams p = default_adaptive_shapes().back();
    p.seed = 7;
    const GeneratedLevel g = generate_level(p);
    REQUIRE(g.ok);
    const ChallengeModel model = thesis_reference_model();
    const LevelModelResult direct = evaluate_level(g, model);
    const LevelModel lm(g, model);
    const LevelModelResult same = lm.evaluate([](double q) { return q; });
    CHECK(same.difficulty == direct.difficulty);
    CHECK(same.easiest_path == direct.easiest_path);
    CHECK(lm.result().difficulty == direct.difficulty);
    const double low = predicted_success(lm, -1.0, 0.02), mid = predicted_success(lm, 0.0, 0.02),
                 high = predicted_success(lm, 1.0, 0.02);
    CHECK(low <= mid);
    CHECK(mid <= high);
    CHECK(low < high);
}

TEST_CASE("the chooser picks harder levels for a higher theta and never repeats a level") {
    const auto& cands = *shared_candidates();
    REQUIRE(cands.size() >= 20);
    std::vector<bool> none(cands.size(), false);
    const Choice weak = choose_level(cands, none, -1.5, 0.7, 0.02);
    const Choice strong = choose_level(cands, none, 1.5, 0.7, 0.02);
    REQUIRE(weak.candidate >= 0);
    REQUIRE(strong.candidate >= 0);
    CHECK(base_success(strong) < base_success(weak));
    std::vector<bool> played(cands.size(), false);
    played[static_cast<std::size_t>(strong.candidate)] = true;
    CHECK(choose_level(cands, played, 1.5, 0.7, 0.02).candidate != strong.candidate);
    std::vector<bool> all(cands.size(), true);
    CHECK(choose_level(cands, all, 0.0, 0.7, 0.02).candidate == -1);
}

TEST_CASE("an adaptive run updates from the level's events, never repeats, and is deterministic") {
    auto model = std::make_shared<const ChallengeModel>(thesis_reference_model());
    auto play = [&] {
        AdaptiveRun run(small_settings(), model, shared_candidates());
        std::vector<int> chosen;
        std::vector<double> thetas;
        while (!run.finished()) {
            const Choice c = run.next_level();
            REQUIRE(c.candidate >= 0);
            chosen.push_back(c.candidate);
            const Level& level = run.candidate(c).generated.level;
            run.record_outcome(telemetry::play_events(level, runner_inputs(1800)));
            thetas.push_back(run.estimate().mean());
        }
        CHECK(run.played() == 5);
        CHECK(run.estimate().attempts() > 0);
        return std::pair{chosen, thetas};
    };
    const auto a = play(), b = play();
    CHECK(a.first == b.first);
    CHECK(a.second == b.second);
    CHECK(std::set<int>(a.first.begin(), a.first.end()).size() == a.first.size());
}

TEST_CASE("the outcome feedback aims easier after failed levels and harder after completed ones") {
    // Rows with no trace in them leave theta alone: only the feedback moves the aim.
    auto model = std::make_shared<const ChallengeModel>(thesis_reference_model());
    AdaptiveSettings s = small_settings();
    s.outcome_gain = 0.1;
    AdaptiveRun failing(s, model, shared_candidates()), passing(s, model, shared_candidates());
    telemetry::EventRow exit;
    exit.kind = telemetry::EventKind::Exit;
    telemetry::EventRow death = exit;
    death.kind = telemetry::EventKind::Death;
    for (int i = 0; i < 2; ++i) {
        failing.record_outcome({death, exit});  // reached the exit, but after a death
        passing.record_outcome({exit});
    }
    CHECK(failing.estimate().mean() == passing.estimate().mean());
    CHECK(failing.aim() == doctest::Approx(0.7 + 0.1 * 1.4));
    CHECK(passing.aim() == doctest::Approx(0.7 + 0.1 * (1.4 - 2)));
    CHECK(failing.next_level().predicted_success > passing.next_level().predicted_success);

    s.outcome_gain = 0.0;
    AdaptiveRun plain(s, model, shared_candidates());
    plain.record_outcome({});
    CHECK(plain.aim() == 0.7);
}

TEST_CASE("make_candidates is deterministic") {
    const auto c1 = make_candidates(small_settings(), thesis_reference_model());
    const auto& c2 = *shared_candidates();
    REQUIRE(c1.size() == c2.size());
    for (std::size_t i = 0; i < c1.size(); ++i) {
        CHECK(level_hash(c1[i].generated.level) == level_hash(c2[i].generated.level));
        CHECK(c1[i].model.result().difficulty == c2[i].model.result().difficulty);
    }
}

TEST_CASE("bad adaptive settings are refused with one line naming the field") {
    AdaptiveSettings s = small_settings();
    CHECK(adaptive_settings_problem(s).empty());
    s.target = 1.0;
    CHECK(adaptive_settings_problem(s).find("target") == 0);
    s.target = 0.0;
    CHECK(adaptive_settings_problem(s).find("target") == 0);
    s = small_settings();
    s.count = 0;
    CHECK(adaptive_settings_problem(s).find("count") == 0);
    s = small_settings();
    s.first_seed = 9;
    s.last_seed = 3;
    CHECK(adaptive_settings_problem(s).find("seeds") == 0);
    s = small_settings();
    s.outcome_gain = -0.1;
    CHECK(adaptive_settings_problem(s).find("outcome gain") == 0);
    s = small_settings();
    s.shapes.clear();
    CHECK(adaptive_settings_problem(s).find("no level shape") == 0);
    s = small_settings();
    s.model = "/nonexistent/model.json";
    CHECK_THROWS_AS(start_adaptive_run(s), ModelError);
}

TEST_CASE("a pinned model hash: the run starts with that model and refuses another") {
    const std::string path = (sawtooth::test::scratch_dir("sawtooth_adaptive_pin") / "model.json").string();
    save_model(thesis_reference_model(), path);
    AdaptiveSettings s = small_settings();
    s.model = path;
    s.model_hash = challenge_model_hash(thesis_reference_model());
    CHECK(start_adaptive_run(s).next_level().candidate >= 0);
    s.model_hash = "0123456789abcdef";
    try {
        start_adaptive_run(s);
        FAIL("a model of another hash was accepted");
    } catch (const ModelError& e) {
        CHECK(std::string(e.what()) == path + " is model " + challenge_model_hash(thesis_reference_model()) +
                                           ", the protocol pins model_hash 0123456789abcdef");
    }
}
