// `sawtooth-lab report --db DB --out DIR`: the figures of thesis ch. 5 as one HTML page
// (DIR/index.html, charts drawn by Chart.js embedded from the Debian package
// libjs-chart.js so the page opens offline) plus DIR/report.json with every number; word
// sessions add the Elimination figures. With --protocol FILE (and --condition NAME) only the
// protocol's sessions (of that condition) are analysed, and a section shows per condition the
// sessions, levels, deaths, ratings and questionnaire answers. The report itself:
// telemetry/analysis/study_report.hpp.
#include "telemetry/analysis/study_report.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/model_common.hpp"
#include "tools/lab/study_selection.hpp"
#include "tools/lab/words_common.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>
#include <optional>

namespace sawtooth::lab {

namespace {

/// Where Debian's libjs-chart.js puts the UMD build (tools/install_deps.sh installs it).
constexpr const char* kChartJsPath = "/usr/share/javascript/chart.js/chart.min.js";

struct ReportOptions {
    std::string db;
    std::string out;
    std::string chartjs = kChartJsPath;
    analysis::StudyModelSettings analysis;
    StudyFilterOptions filter;
};

void run(const ReportOptions& o) {
    analysis::StudyReportRequest q;
    q.selection = selected_conditions(o.filter, &q.protocol).front().selection;
    q.db = o.db;
    q.out = o.out;
    q.chartjs = o.chartjs;
    q.word_list = default_dictionary_path();
    q.model = o.analysis;
    q.condition = o.filter.condition;
    const analysis::StudyReportResult r = analysis::write_study_report(q);
    std::printf("wrote %s/index.html and %s/report.json\n", o.out.c_str(), o.out.c_str());
    if (!r.no_model.empty()) std::printf("no challenge model in the report: %s\n", r.no_model.c_str());
}

}  // namespace

void register_report(CLI::App& app) {
    auto o = std::make_shared<ReportOptions>();
    CLI::App* cmd = app.add_subcommand("report", "HTML report with the figures of thesis ch. 5");
    cmd->add_option("--db", o->db, "session database (SQLite)")->required();
    cmd->add_option("--out", o->out, "output directory (index.html, report.json)")->required();
    cmd->add_option("--partitions", o->analysis.partitions, "random train/verify partitions")
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--train-sessions", o->analysis.train_sessions, "sessions per training set (>= 25)");
    add_seed_option(*cmd, "--seed", o->analysis.seed, "partition seed");
    cmd->add_option("--threads", o->analysis.threads, "replay threads")->check(CLI::Range(1, 64));
    cmd->add_option("--chartjs", o->chartjs, "Chart.js UMD file to embed (default: Debian libjs-chart.js)");
    add_bootstrap_options(*cmd, o->analysis.bootstrap);
    add_study_filter_options(*cmd, o->filter, StudyFilterSettings{.offer_by_condition = false});
    cmd->callback([o] { run(*o); });
}

}  // namespace sawtooth::lab
