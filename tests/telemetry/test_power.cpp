// Study power and bootstrap intervals (docs/difficulty.md "Study power", "Intervals") on
// constructed populations whose true answers are known: a challenge model with known signs,
// deaths that rise with the levels' true difficulty, two conditions a known distance apart;
// plus the model-free level graph against the level model, and the population file.
#include "gen/generator.hpp"
#include "gen/rng.hpp"
#include "telemetry/analysis/bootstrap.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/analysis/power.hpp"
#include "telemetry/analysis/power_population.hpp"

#include <doctest/doctest.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>

using namespace sawtooth;
using namespace sawtooth::analysis;

namespace {

/// The true challenge model of the constructed population: p falls with t_timing and j.
double true_p(const ChallengeParams& x) {
    return std::clamp(0.95 - 0.30 * x.t_timing - 0.10 * x.jumps + 0.02 * x.t_cycle, 0.0, 1.0);
}

ChallengeParams random_params(Rng& rng) {
    return {rng.uniform(0.0, 1.25), static_cast<int>(rng.uniform_int(0, 3)), rng.uniform(1.2, 2.0)};
}

/// A level of one challenge edge start -> exit.
std::shared_ptr<const ChallengeGraph> one_challenge(const ChallengeParams& x) {
    auto g = std::make_shared<ChallengeGraph>();
    g->nodes = 2;
    g->start = 0;
    g->exit = 1;
    g->edges.push_back({0, 1, 0});
    g->challenges.push_back(x);
    return g;
}

/// `n` participants, 10 levels each: 30 traces per level from the true model, and deaths
/// = failures in 5 tries of the level's one challenge.
Population constructed(int n, std::uint64_t seed) {
    Population pop;
    pop.seed = seed;
    pop.conditions = {"drawn"};
    Rng rng(seed);
    for (int i = 0; i < n; ++i) {
        PopulationParticipant p;
        p.skill = "constructed";
        for (int k = 0; k < 10; ++k) {
            PopulationLevel l;
            l.position = k;
            l.level_index = k + 1;
            l.level_key = std::to_string(i) + "/" + std::to_string(k);
            for (int t = 0; t < 30; ++t) {
                const ChallengeParams x = random_params(rng);
                l.traces.push_back(Sample{x, rng.chance(true_p(x))});
            }
            const ChallengeParams challenge = random_params(rng);
            l.graph = one_challenge(challenge);
            for (int t = 0; t < 5; ++t) l.deaths += rng.chance(true_p(challenge)) ? 0 : 1;
            p.levels.push_back(std::move(l));
        }
        pop.participants.push_back(std::move(p));
    }
    return pop;
}

PowerSettings small_power_settings() {
    PowerSettings s;
    s.sizes = {20, 4};
    s.replicates = 40;
    return s;
}

}  // namespace

TEST_CASE("power: sign fractions sum to 1, medians lie in their intervals, power grows with N") {
    const Population pop = constructed(60, 7);
    const PowerResult r = study_power(pop, small_power_settings());
    REQUIRE(r.sizes.size() == 2);
    CHECK(r.sizes[0].n == 4);  // sorted ascending
    for (const SizeFigures& f : r.sizes) {
        CHECK(f.replicates == 40);
        for (std::size_t k = 0; k < 3; ++k) {
            const SignFractions& s = f.signs[k];
            CHECK(s.negative + s.positive + s.no_fit == doctest::Approx(1.0));
            if (f.coefficients[k].replicates > 0) {
                CHECK(f.coefficients[k].lo <= f.coefficients[k].estimate);
                CHECK(f.coefficients[k].estimate <= f.coefficients[k].hi);
            }
        }
        CHECK(f.power >= 0.0);
        CHECK(f.power <= 1.0);
    }
    const SizeFigures& big = r.sizes[1];
    // True t_timing -0.30, j -0.10: every replicate of 20 finds both signs.
    CHECK(big.signs[0].negative == doctest::Approx(1.0));
    CHECK(big.signs[1].negative == doctest::Approx(1.0));
    CHECK(big.coefficients[0].contains(-0.30));
    CHECK(big.power > 0.8);
    CHECK(big.power >= r.sizes[0].power);
    CHECK(r.n_for_80 > 0);
    CHECK(r.n_for_80 <= 20);
}

TEST_CASE("power: same seed, same figures, whatever the thread count") {
    const Population pop = constructed(30, 3);
    PowerSettings one = small_power_settings();
    one.threads = 1;
    PowerSettings two = small_power_settings();
    two.threads = 2;
    CHECK(power_to_json(study_power(pop, one), pop)["sizes"] ==
          power_to_json(study_power(pop, two), pop)["sizes"]);
    PowerSettings other = two;
    other.seed = 2;
    CHECK(power_to_json(study_power(pop, other), pop)["sizes"] !=
          power_to_json(study_power(pop, two), pop)["sizes"]);
}

TEST_CASE(
    "power: the power to detect a difference grows with its size as the textbook says, alpha/2 without one") {
    Rng rng(11);
    std::vector<double> a(300);
    for (double& v : a) v = rng.normal();
    PowerSettings s;
    s.replicates = 400;
    double last = -1.0;
    for (const double effect : {0.0, 0.2, 0.4, 0.8}) {
        std::vector<double> b = a;
        for (double& v : b) v += effect;
        Interval diff;
        const double power = difference_power(a, b, 30, s, &diff);
        CHECK(power > last);
        last = power;
        CHECK(diff.contains(diff.estimate));
        CHECK(diff.estimate == doctest::Approx(effect).epsilon(0.1).scale(1.0));
        if (effect == 0.0) CHECK(power < 0.06);
        // Textbook power of a two-sided test at n = 30 a side, sd 1: Phi(d sqrt(15) - 1.96).
        if (effect == 0.4) CHECK(power == doctest::Approx(0.34).epsilon(0.25));
        if (effect == 0.8) CHECK(power == doctest::Approx(0.87).epsilon(0.06));
    }
    s.expect = Expect::Lower;
    std::vector<double> b = a;
    for (double& v : b) v += 0.8;
    CHECK(difference_power(a, b, 30, s) < 0.01);  // the named direction is the other one
}

TEST_CASE(
    "power: the normal approximation's N for 80 % power is the textbook one, reaches 0.8 when simulated, and "
    "carries the population's interval") {
    Rng rng(12);
    std::vector<double> a(2000), b(2000);
    for (double& v : a) v = 5.0 + 2.0 * rng.normal();
    for (double& v : b) v = 6.0 + 2.0 * rng.normal();
    PowerSettings s;
    s.replicates = 2000;
    BootstrapSettings boot;
    boot.replicates = 400;
    const SampleSize n = difference_sample_size(a, b, 0.8, s, boot);
    // The textbook N, (z_0.975 + z_0.8)^2 (var a + var b) / difference^2, of these samples
    // (about (1.96 + 0.84)^2 (4 + 4) / 1 = 63 for the distributions they come from).
    const auto mean_var = [](const std::vector<double>& v) {
        const double m = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
        double ss = 0.0;
        for (const double x : v) ss += (x - m) * (x - m);
        return std::pair{m, ss / static_cast<double>(v.size() - 1)};
    };
    const auto [ma, va] = mean_var(a);
    const auto [mb, vb] = mean_var(b);
    const double z = 1.959964 + 0.841621;
    CHECK(n.n == doctest::Approx(z * z * (va + vb) / ((mb - ma) * (mb - ma))).epsilon(0.02));
    CHECK(n.n == doctest::Approx(63.0).epsilon(0.35));
    CHECK(n.lo <= n.n);
    CHECK(n.n <= n.hi);
    CHECK(n.hi - n.lo > 5.0);  // 2000 participants still leave the effect size a few % uncertain
    CHECK(n.replicates == 400);
    CHECK(difference_power(a, b, static_cast<int>(n.n), s) == doctest::Approx(0.8).epsilon(0.05));
    CHECK(difference_power(a, b, static_cast<int>(n.lo) - 20, s) < 0.8);
    // Fewer participants in the population, wider interval; the same seed, the same figures.
    const std::vector<double> a_small(a.begin(), a.begin() + 100), b_small(b.begin(), b.begin() + 100);
    const SampleSize small = difference_sample_size(a_small, b_small, 0.8, s, boot);
    CHECK(small.hi - small.lo > n.hi - n.lo);
    CHECK(difference_sample_size(a_small, b_small, 0.8, s, boot).lo == small.lo);
    // The other direction named: no N reaches the power.
    s.expect = Expect::Lower;
    const SampleSize none = difference_sample_size(a, b, 0.8, s, boot);
    CHECK(std::isinf(none.n));
    CHECK(std::isinf(none.lo));
    CHECK_THROWS_AS(difference_sample_size(a, a_small, 0.8, s, boot), ModelError);
    CHECK_THROWS_AS(difference_sample_size(a, b, 1.0, s, boot), ModelError);
}

TEST_CASE("power: Welch's test on a hand-computed case") {
    const WelchTest w = welch_test({1, 2, 3, 4}, {3, 4, 5, 6});
    REQUIRE(w.valid);
    CHECK(w.difference == doctest::Approx(2.0));
    CHECK(w.t == doctest::Approx(2.0 / std::sqrt(2.0 * (5.0 / 3.0) / 4.0)));
    CHECK(w.dof == doctest::Approx(6.0));
    CHECK(w.p == doctest::Approx(0.0710).epsilon(0.01));
    CHECK_FALSE(welch_test({1}, {2, 3}).valid);
    CHECK_FALSE(welch_test({1, 1}, {2, 2}).valid);
}

TEST_CASE("power: bad settings are refused in one line") {
    const Population pop = constructed(5, 1);
    PowerSettings s = small_power_settings();
    s.sizes = {1};
    CHECK_THROWS_AS(study_power(pop, s), ModelError);
    s = small_power_settings();
    s.alpha = 0.0;
    CHECK_THROWS_AS(study_power(pop, s), ModelError);
    s = small_power_settings();
    s.compare = 0;
    CHECK_THROWS_AS(study_power(pop, s), ModelError);
    CHECK_THROWS_AS(study_power(Population{}, small_power_settings()), ModelError);
}

TEST_CASE(
    "bootstrap: identical participants give a zero-width interval; a mean's interval has the textbook "
    "width") {
    BootstrapSettings b;
    b.replicates = 500;
    const auto constant = [](const std::vector<std::size_t>&) { return std::vector<double>{2.5}; };
    const Interval c = cluster_bootstrap(20, constant, b).front();
    CHECK(c.estimate == 2.5);
    CHECK(c.lo == 2.5);
    CHECK(c.hi == 2.5);

    Rng rng(5);
    std::vector<double> x(400);
    for (double& v : x) v = rng.normal();
    const auto mean_of = [&](const std::vector<std::size_t>& pick) {
        double s = 0.0;
        for (const std::size_t i : pick) s += x[i];
        return std::vector<double>{s / static_cast<double>(pick.size())};
    };
    const Interval m = cluster_bootstrap(x.size(), mean_of, b).front();
    CHECK(m.contains(m.estimate));
    CHECK(m.hi - m.lo == doctest::Approx(2.0 * 1.645 / 20.0).epsilon(0.2));  // sd 1, n 400
    CHECK(m.replicates == 500);
    const Interval again = cluster_bootstrap(x.size(), mean_of, b, 2).front();
    CHECK(again.lo == m.lo);
    CHECK(again.hi == m.hi);
    b.seed = 9;
    CHECK(cluster_bootstrap(x.size(), mean_of, b).front().lo != m.lo);
    b.replicates = 0;
    CHECK_THROWS_AS(cluster_bootstrap(x.size(), mean_of, b), ModelError);
}

TEST_CASE("bootstrap: percentile intervals drop undefined values") {
    const Interval iv = percentile_interval({1, 2, std::nan(""), 3}, 0.5);
    CHECK(iv.replicates == 3);
    CHECK(iv.estimate == 2.0);
    CHECK(iv.lo == doctest::Approx(1.5));
    CHECK(iv.hi == doctest::Approx(2.5));
    CHECK(percentile_interval({std::nan("")}, 0.9).replicates == 0);
}

TEST_CASE("challenge graph: the difficulty under any model equals the level model's") {
    ChallengeModel shifted = thesis_reference_model();
    shifted.linear.t_timing = -shifted.linear.t_timing;
    shifted.linear.c0 -= 0.1;
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        GenParams p;
        p.seed = seed;
        p.layout = Layout::Linear;
        p.level_index = 6;
        const GeneratedLevel g = generate_level(p);
        if (!g.ok) continue;
        const ChallengeGraph cg = challenge_graph(g.level, g.graph, g.start_node, g.exit_node);
        CHECK_FALSE(cg.challenges.empty());
        for (const ChallengeModel& m : {thesis_reference_model(), shifted}) {
            CHECK(cg.difficulty(m) == evaluate_level(g, m).difficulty);
            ++compared;
        }
    }
    CHECK(compared >= 8);
}

TEST_CASE("population file: what is appended is read back; another population's file is refused untouched") {
    const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                       ("sawtooth_test_power_" + std::to_string(::getpid()) + ".db");
    std::filesystem::remove(path);
    const Population pop = constructed(3, 4);
    PopulationHeader h;
    h.seed = 4;
    h.conditions = pop.conditions;
    h.generator_version = kGeneratorVersion;
    {
        PopulationWriter w(path.string(), h);
        for (const PopulationParticipant& p : pop.participants) w.append(p);
    }
    const Population back = load_population(path.string());
    REQUIRE(back.participants.size() == 3);
    CHECK(back.seed == 4);
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t k = 0; k < 10; ++k) {
            const PopulationLevel& a = pop.participants[i].levels[k];
            const PopulationLevel& b = back.participants[i].levels[k];
            CHECK(a.deaths == b.deaths);
            CHECK(a.traces.size() == b.traces.size());
            CHECK(a.traces.back().params == b.traces.back().params);
            CHECK(a.graph->challenges == b.graph->challenges);
        }
    CHECK(load_population(path.string(), 2).participants.size() == 2);
    {
        PopulationWriter again(path.string(), h);
        CHECK(again.count() == 3);
    }
    std::ifstream f(path, std::ios::binary);
    const std::string before{std::istreambuf_iterator<char>(f), {}};
    PopulationHeader other = h;
    other.seed = 5;
    CHECK_THROWS_AS(PopulationWriter(path.string(), other), ModelError);
    std::ifstream g(path, std::ios::binary);
    CHECK(std::string{std::istreambuf_iterator<char>(g), {}} == before);
    std::filesystem::remove(path);
}
