#include "telemetry/analysis/adaptive.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth::analysis {

namespace {

double logit(double p) { return std::log(p / (1.0 - p)); }
double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

/// log sigmoid(x) and log(1 - sigmoid(x)) without overflow.
double log_sigmoid(double x) { return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

/// The level's success as the level model predicts it: the exit reached, no death.
bool completed_without_death(const std::vector<telemetry::EventRow>& events) {
    bool exit = false;
    for (const telemetry::EventRow& e : events) {
        if (e.kind == telemetry::EventKind::Death) return false;
        exit = exit || e.kind == telemetry::EventKind::Exit;
    }
    return exit;
}

}  // namespace

double shift_probability(double p, double theta, double p_floor) {
    const double q = std::clamp(p, p_floor, 1.0 - p_floor);
    return sigmoid(logit(q) + theta);
}

SkillEstimate::SkillEstimate(SkillSettings settings) : m_settings(settings) {
    const int n = std::max(2, m_settings.grid_points);
    const double s2 = m_settings.prior_sd * m_settings.prior_sd;
    for (int i = 0; i < n; ++i) {
        const double t = -m_settings.grid_limit + 2.0 * m_settings.grid_limit * i / (n - 1);
        m_theta.push_back(t);
        m_log_post.push_back(-0.5 * t * t / s2);
    }
}

void SkillEstimate::observe(double p_model, bool success) {
    const double q = std::clamp(p_model, m_settings.p_floor, 1.0 - m_settings.p_floor);
    const double base = logit(q);
    for (std::size_t i = 0; i < m_theta.size(); ++i) {
        const double x = base + m_theta[i];
        m_log_post[i] += success ? log_sigmoid(x) : log_sigmoid(-x);
    }
    ++m_attempts;
    m_successes += success;
}

void SkillEstimate::observe(const std::vector<MappedTrace>& traces, const ChallengeModel& model) {
    for (const MappedTrace& t : traces) observe(model.predict(t.params), t.trace.success);
}

std::vector<double> SkillEstimate::weights() const {
    const double top = *std::max_element(m_log_post.begin(), m_log_post.end());
    std::vector<double> w(m_log_post.size());
    double sum = 0.0;
    for (std::size_t i = 0; i < w.size(); ++i) sum += w[i] = std::exp(m_log_post[i] - top);
    for (double& x : w) x /= sum;
    return w;
}

double SkillEstimate::mean() const {
    const std::vector<double> w = weights();
    double m = 0.0;
    for (std::size_t i = 0; i < w.size(); ++i) m += w[i] * m_theta[i];
    return m;
}

double SkillEstimate::sd() const {
    const std::vector<double> w = weights();
    const double m = mean();
    double v = 0.0;
    for (std::size_t i = 0; i < w.size(); ++i) v += w[i] * (m_theta[i] - m) * (m_theta[i] - m);
    return std::sqrt(v);
}

double predicted_success(const LevelModel& model, double theta, double p_floor) {
    if (!model.result().reachable) return 0.0;
    return model.evaluate([&](double p) { return shift_probability(p, theta, p_floor); }).success_probability;
}

Choice choose_level(const std::vector<CandidateLevel>& candidates, const std::vector<bool>& played,
                    double theta, double target, double p_floor) {
    Choice best;
    double best_gap = 2.0;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (i < played.size() && played[i]) continue;
        const double p = predicted_success(candidates[i].model, theta, p_floor);
        if (std::abs(p - target) < best_gap) {
            best_gap = std::abs(p - target);
            best = Choice{static_cast<int>(i), p};
        }
    }
    return best;
}

std::vector<GenParams> default_adaptive_shapes() {
    GenParams p;
    p.layout = Layout::Linear;
    p.rooms_w = 2;
    p.rooms_h = 1;
    p.level_index = 1;
    p.alpha = 0.25;
    std::vector<GenParams> shapes;
    for (const auto& [w, h] : {std::pair{9, 6}, std::pair{11, 7}}) {
        p.room_w = w;
        p.room_h = h;
        shapes.push_back(p);
    }
    return shapes;
}

std::string adaptive_settings_problem(const AdaptiveSettings& s) {
    if (s.count < 1) return "count must be at least 1, got " + std::to_string(s.count);
    if (!(s.target > 0.0 && s.target < 1.0))
        return "target must be inside (0, 1), got " + std::to_string(s.target);
    if (s.first_seed > s.last_seed)
        return "seeds " + std::to_string(s.first_seed) + ".." + std::to_string(s.last_seed) +
               ": the first is above the last";
    if (!(s.outcome_gain >= 0.0 && s.outcome_gain <= 1.0))
        return "outcome gain must be inside [0, 1], got " + std::to_string(s.outcome_gain);
    if (s.shapes.empty()) return "no level shape for the candidates";
    const std::uint64_t seeds = s.last_seed - s.first_seed;  // + 1, but that may overflow
    if (seeds >= kMaxCandidates || (seeds + 1) * s.shapes.size() > kMaxCandidates)
        return "seeds: at most " + std::to_string(kMaxCandidates) + " candidates (seeds x shapes)";
    for (const GenParams& shape : s.shapes)
        if (const std::string err = params_problem(shape); !err.empty()) return "level shape: " + err;
    return "";
}

std::vector<CandidateLevel> make_candidates(const AdaptiveSettings& settings, const ChallengeModel& model) {
    if (const std::string err = adaptive_settings_problem(settings); !err.empty()) throw AdaptiveError(err);
    std::vector<CandidateLevel> out;
    for (const GenParams& shape : settings.shapes) {
        for (std::uint64_t seed = settings.first_seed;; ++seed) {
            GenParams params = shape;
            params.seed = seed;
            GeneratedLevel g = generate_level(params);
            if (g.ok) {
                LevelModel m(g, model);
                out.push_back(CandidateLevel{params, std::move(g), std::move(m)});
            }
            if (seed == settings.last_seed) break;
        }
    }
    if (out.empty())
        throw AdaptiveError("seeds " + std::to_string(settings.first_seed) + ".." +
                            std::to_string(settings.last_seed) +
                            ": no seed generates a level of these shapes");
    return out;
}

AdaptiveRun::AdaptiveRun(const AdaptiveSettings& settings, std::shared_ptr<const ChallengeModel> model,
                         std::shared_ptr<const std::vector<CandidateLevel>> candidates)
    : m_settings(settings),
      m_model(std::move(model)),
      m_candidates(std::move(candidates)),
      m_estimate(settings.skill) {
    if (const std::string err = adaptive_settings_problem(settings); !err.empty()) throw AdaptiveError(err);
    if (!m_model || !m_candidates || m_candidates->empty())
        throw AdaptiveError("an adaptive run needs a model and at least one candidate level");
    m_done.assign(m_candidates->size(), false);
    m_next =
        choose_level(*m_candidates, m_done, m_estimate.mean(), m_settings.target, m_settings.skill.p_floor);
}

Choice AdaptiveRun::next_level() const { return finished() ? Choice{} : m_next; }

const CandidateLevel& AdaptiveRun::candidate(const Choice& choice) const {
    return (*m_candidates)[static_cast<std::size_t>(choice.candidate)];
}

void AdaptiveRun::record_outcome(const std::vector<telemetry::EventRow>& events) {
    if (finished()) return;
    const CandidateLevel& c = candidate(m_next);
    m_estimate.observe(level_traces(c.generated.level, c.generated.graph, events), *m_model);
    m_done[static_cast<std::size_t>(m_next.candidate)] = true;
    ++m_played;
    m_completed += completed_without_death(events);
    m_next = choose_level(*m_candidates, m_done, m_estimate.mean(), aim(), m_settings.skill.p_floor);
}

double AdaptiveRun::aim() const {
    const double behind = m_settings.target * m_played - m_completed;
    return std::clamp(m_settings.target + m_settings.outcome_gain * behind, 0.05, 0.95);
}

bool AdaptiveRun::finished() const { return m_played >= m_settings.count || m_next.candidate < 0; }

AdaptiveRun start_adaptive_run(const AdaptiveSettings& settings) {
    if (const std::string err = adaptive_settings_problem(settings); !err.empty()) throw AdaptiveError(err);
    auto model =
        std::make_shared<const ChallengeModel>(load_pinned_model(settings.model, settings.model_hash));
    auto candidates = std::make_shared<const std::vector<CandidateLevel>>(make_candidates(settings, *model));
    return AdaptiveRun(settings, std::move(model), std::move(candidates));
}

}  // namespace sawtooth::analysis
