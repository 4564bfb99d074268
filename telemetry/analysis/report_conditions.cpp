#include "telemetry/analysis/report_conditions.hpp"

#include "telemetry/analysis/condition_summary.hpp"
#include "telemetry/analysis/html_text.hpp"
#include "telemetry/store/store.hpp"

#include <sstream>
#include <vector>

namespace sawtooth::analysis {

namespace {

using nlohmann::json;

struct NamedSelection {
    std::string name;
    telemetry::SessionSelection selection;
};

/// The protocol's conditions (or the one asked for), else every recorded pair.
std::vector<NamedSelection> conditions_to_show(telemetry::Store& store,
                                               const std::optional<telemetry::StudyProtocol>& protocol,
                                               const std::string& only) {
    std::vector<NamedSelection> out;
    if (protocol) {
        for (const telemetry::Condition& c : protocol->conditions)
            if (only.empty() || only == c.name) out.push_back({c.name, {protocol->hash, c.name}});
        return out;
    }
    if (store.schema_version() < 4) return out;
    telemetry::Statement st(
        store.db(),
        "SELECT DISTINCT protocol_hash, condition FROM sessions WHERE protocol_hash IS NOT NULL "
        "ORDER BY protocol_hash, condition");
    while (st.step())
        out.push_back({st.text(1) + " (protocol " + st.text(0) + ")", {st.text(0), st.text(1)}});
    return out;
}

/// The protocol's item, or nullptr.
const telemetry::QuestionItem* find_item(const std::optional<telemetry::StudyProtocol>& protocol,
                                         const ItemAnswers& a) {
    if (!protocol) return nullptr;
    for (const telemetry::Questionnaire& q : protocol->questionnaires)
        if (q.id == a.questionnaire_id)
            for (const telemetry::QuestionItem& i : q.items)
                if (i.id == a.item_id) return &i;
    return nullptr;
}

/// Column labels of an item's answer values: the Likert points (with the anchors when
/// every point has one) or the options; without the protocol, the values seen.
std::vector<std::pair<int, std::string>> value_labels(const telemetry::QuestionItem* item,
                                                      const std::vector<ConditionSummary>& all,
                                                      const ItemAnswers& a) {
    std::vector<std::pair<int, std::string>> out;
    if (item && item->type == telemetry::QuestionItem::Type::Likert) {
        // Anchors label every point, or the two ends.
        const bool every = static_cast<int>(item->anchors.size()) == item->points;
        const bool ends = item->anchors.size() == 2;
        for (int p = 1; p <= item->points; ++p) {
            std::string anchor;
            if (every) anchor = item->anchors[static_cast<std::size_t>(p - 1)];
            if (ends && p == 1) anchor = item->anchors.front();
            if (ends && p == item->points) anchor = item->anchors.back();
            out.push_back({p, std::to_string(p) + (anchor.empty() ? "" : " " + anchor)});
        }
        return out;
    }
    if (item) {
        for (std::size_t o = 0; o < item->options.size(); ++o)
            out.push_back({static_cast<int>(o) + 1, item->options[o]});
        return out;
    }
    std::map<int, bool> seen;
    for (const ConditionSummary& c : all)
        for (const ItemAnswers& i : c.items)
            if (i.questionnaire_id == a.questionnaire_id && i.item_id == a.item_id)
                for (const auto& [v, n] : i.counts) seen[v] = true;
    for (const auto& [v, b] : seen) out.push_back({v, std::to_string(v)});
    return out;
}

void html_overview(std::ostringstream& h, const std::vector<ConditionSummary>& all) {
    h << "<table><tr><th>condition</th><th>sessions</th><th>participants</th><th>levels</th><th>deaths</th>"
         "<th>deaths / level</th><th>ratings (skipped)</th><th>enjoyment 1-10</th><th>difficulty "
         "1-7</th></tr>";
    for (const ConditionSummary& c : all)
        h << "<tr><th>" << html_escape(c.name) << "</th><td>" << c.sessions << "</td><td>" << c.participants
          << "</td><td>" << c.levels << "</td><td>" << c.deaths << "</td><td>"
          << (c.levels ? fmt(static_cast<double>(c.deaths) / c.levels) : std::string("-")) << "</td><td>"
          << c.ratings << " (" << c.ratings_skipped << ")</td><td>"
          << (c.ratings ? fmt(c.enjoyment_mean) : std::string("-")) << "</td><td>"
          << (c.ratings ? fmt(c.difficulty_mean) : std::string("-")) << "</td></tr>";
    h << "</table>";
}

/// The protocol's items in its order (answered or not), then every other item answered in
/// any condition, in first-seen order.
std::vector<ItemAnswers> items_of(const std::optional<telemetry::StudyProtocol>& protocol,
                                  const std::vector<ConditionSummary>& all) {
    std::vector<ItemAnswers> out;
    const auto add = [&](const std::string& questionnaire, const std::string& item) {
        for (const ItemAnswers& o : out)
            if (o.questionnaire_id == questionnaire && o.item_id == item) return;
        ItemAnswers key;
        key.questionnaire_id = questionnaire;
        key.item_id = item;
        out.push_back(key);
    };
    if (protocol)
        for (const telemetry::Questionnaire& q : protocol->questionnaires)
            for (const telemetry::QuestionItem& i : q.items) add(q.id, i.id);
    for (const ConditionSummary& c : all)
        for (const ItemAnswers& i : c.items) add(i.questionnaire_id, i.item_id);
    return out;
}

void html_item(std::ostringstream& h, const ItemAnswers& key, const telemetry::QuestionItem* item,
               const std::vector<ConditionSummary>& all) {
    const bool likert = !item || item->type == telemetry::QuestionItem::Type::Likert;
    const auto labels = value_labels(item, all, key);
    h << "<table><caption>" << html_escape(key.questionnaire_id + " / " + key.item_id);
    if (item)
        h << ": " << html_escape(item->text) << " <small>("
          << (likert ? "Likert 1-" + std::to_string(item->points) : std::string("single choice"))
          << ")</small>";
    h << "</caption><tr><th>condition</th><th>answered</th><th>skipped</th>"
      << (likert ? "<th>mean</th>" : "");
    for (const auto& [v, label] : labels) h << "<th>" << html_escape(label) << "</th>";
    h << "</tr>";
    for (const ConditionSummary& c : all) {
        ItemAnswers a;
        for (const ItemAnswers& i : c.items)
            if (i.questionnaire_id == key.questionnaire_id && i.item_id == key.item_id) a = i;
        h << "<tr><th>" << html_escape(c.name) << "</th><td>" << a.answered << "</td><td>" << a.skipped
          << "</td>";
        if (likert) h << "<td>" << (a.answered ? fmt(a.mean()) : std::string("-")) << "</td>";
        for (const auto& [v, label] : labels) {
            const auto it = a.counts.find(v);
            h << "<td>" << (it == a.counts.end() ? 0 : it->second) << "</td>";
        }
        h << "</tr>";
    }
    h << "</table>";
}

json summary_json(const ConditionSummary& c) {
    json items = json::array();
    for (const ItemAnswers& i : c.items) {
        json counts = json::object();
        for (const auto& [v, n] : i.counts) counts[std::to_string(v)] = n;
        items.push_back({{"questionnaire", i.questionnaire_id},
                         {"item", i.item_id},
                         {"answered", i.answered},
                         {"skipped", i.skipped},
                         {"mean", i.mean()},
                         {"counts", counts}});
    }
    return {{"condition", c.name},
            {"sessions", c.sessions},
            {"participants", c.participants},
            {"levels", c.levels},
            {"deaths", c.deaths},
            {"ratings", c.ratings},
            {"ratings_skipped", c.ratings_skipped},
            {"enjoyment_mean", c.enjoyment_mean},
            {"difficulty_mean", c.difficulty_mean},
            {"items", items}};
}

}  // namespace

std::optional<ConditionsReportSection> conditions_report_section(
    const std::string& db, const StudyData& data, const std::optional<telemetry::StudyProtocol>& protocol,
    const std::string& only) {
    telemetry::Store store = telemetry::Store::open_read_only(db);
    std::vector<ConditionSummary> all;
    for (const NamedSelection& c : conditions_to_show(store, protocol, only))
        all.push_back(summarize_condition(store, data, c.selection, c.name));
    if (all.empty()) return std::nullopt;
    ConditionsReportSection s;
    std::ostringstream h;
    h << "<h2 id=\"conditions\">Conditions</h2><p>";
    if (protocol)
        h << "Study <b>" << html_escape(protocol->name) << "</b> (<code>" << html_escape(protocol->file)
          << "</code>, protocol hash <code>" << protocol->hash << "</code>). ";
    h << "Sessions recorded under the protocol, by condition; levels and deaths from the replay, ratings "
         "after each level, then every questionnaire item's answers.</p>";
    html_overview(h, all);
    for (const ItemAnswers& key : items_of(protocol, all)) html_item(h, key, find_item(protocol, key), all);
    s.html = h.str();
    s.json = json::array();
    for (const ConditionSummary& c : all) s.json.push_back(summary_json(c));
    return s;
}

}  // namespace sawtooth::analysis
