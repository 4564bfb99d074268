#include "telemetry/study/study_protocol.hpp"

#include "gen/hash.hpp"
#include "gen/number_text.hpp"
#include "gen/printable.hpp"
#include "gen/rng.hpp"
#include "telemetry/store/json_reader.hpp"
#include "telemetry/store/store.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <numeric>

namespace sawtooth::telemetry {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxCount = 1000;                        // levels of a curve or adaptive condition
constexpr int kMaxNameChars = 64;                      // condition, questionnaire and item names
constexpr std::uint64_t kAssignSalt = 0x61737369676e;  // "assign": random assignment
constexpr std::uint64_t kOrderSalt = 0x6f72646572;     // "order": shuffled order

// What a protocol's reader carries from field to field.
struct ReadContext {
    std::string dir;
    ProtocolReadSettings settings;
};

// Names that appear on command lines (--condition NAME) and in CSV files stay plain.
std::string read_name(const JsonField& f) {
    const std::string name = f.string();
    const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
               c == '-' || c == '.';
    });
    if (name.empty() || name.size() > static_cast<std::size_t>(kMaxNameChars) || !plain)
        f.fail("expected a name of 1-" + std::to_string(kMaxNameChars) + " letters, digits, '_', '-' or '.'");
    return name;
}

std::string read_text(const JsonField& f) {
    const std::string text = f.string();
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) f.fail("expected a non-empty text");
    return text;
}

// A file named by the protocol: relative names resolve against the protocol's folder.
std::string read_file_name(const JsonField& f, const ReadContext& ctx) {
    const std::string name = f.string();
    if (name.empty()) f.fail("expected a file name");
    const fs::path p(name);
    const std::string resolved = (p.is_absolute() ? p : fs::path(ctx.dir) / p).lexically_normal().string();
    std::error_code ec;
    if (!fs::is_regular_file(resolved, ec)) f.fail("no file '" + printable(resolved) + "'");
    return resolved;
}

std::uint64_t parse_seed(std::string_view text, const JsonField& f) {
    const std::optional<std::uint64_t> seed = read_number<std::uint64_t>(text);
    if (!seed) f.fail("expected \"A..B\" (decimal seeds in 0..18446744073709551615, A <= B)");
    return *seed;
}

SeedRange read_seed_range(const JsonField& f, int count) {
    const std::string text = f.string();
    const auto dots = text.find("..");
    if (dots == std::string::npos) f.fail("expected \"A..B\" (decimal seeds, A <= B)");
    const SeedRange r{parse_seed(std::string_view(text).substr(0, dots), f),
                      parse_seed(std::string_view(text).substr(dots + 2), f)};
    if (r.first > r.last) f.fail("expected \"A..B\" with A <= B");
    if (r.last - r.first < static_cast<std::uint64_t>(count - 1))
        f.fail("the range holds " + std::to_string(r.last - r.first + 1) + " seeds, fewer than count " +
               std::to_string(count));
    return r;
}

void read_pack_levels(const JsonField& f, const ReadContext& ctx, ConditionLevels& out) {
    f.expect_only({"type", "pack"});
    const JsonField file = f.at("pack");
    out.pack_file = read_file_name(file, ctx);
    try {
        out.pack = ctx.settings.generate_levels ? read_pack(out.pack_file) : read_pack_fields(out.pack_file);
    } catch (const PackError& e) {
        file.fail(e.what());
    }
}

void read_seed_levels(const JsonField& f, const ReadContext& ctx, ConditionLevels& out) {
    f.expect_only({"type", "levels"});
    const JsonField levels = f.at("levels");
    levels.expect_array();
    if (levels.value().empty()) levels.fail("expected at least one level");
    for (std::size_t i = 0; i < levels.value().size(); ++i) {
        const JsonField level = levels.at(i);
        level.expect_only(
            {"seed", "layout", "rooms_w", "rooms_h", "room_w", "room_h", "level_index", "alpha"});
        const GenParams p = gen_params_from_json(level);
        if (const std::string bad = params_problem(p); !bad.empty()) level.fail(bad);
        if (ctx.settings.generate_levels) {
            const GeneratedLevel g = generate_level(p);
            if (!g.ok) level.fail("does not generate: " + g.error);
        }
        out.seeds.push_back(p);
    }
}

// The optional "model_hash": 16 lowercase hex digits.
std::string read_model_hash(const JsonField& f) {
    if (!f.has("model_hash")) return {};
    const JsonField h = f.at("model_hash");
    const std::string text = h.string();
    if (text.size() != 16 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
        h.fail("expected 16 lowercase hex digits (the hash `sawtooth-lab protocol check` prints)");
    return text;
}

// A curve condition's optional "playtest": {"players", "group", "seed", "shortlist"}.
CurvePlaytest read_curve_playtest(const JsonField& f) {
    f.expect_only({"players", "group", "seed", "shortlist"});
    CurvePlaytest p;
    p.players = f.at("players").int_in(1, kMaxPlaytestPlayers);
    if (f.has("group")) p.group = f.at("group").string();
    if (f.has("seed"))
        p.seed =
            static_cast<std::uint64_t>(f.at("seed").integer(0, std::numeric_limits<std::int64_t>::max()));
    if (f.has("shortlist")) p.shortlist = f.at("shortlist").int_in(1, kMaxPlaytestShortlist);
    return p;
}

void read_curve_levels(const JsonField& f, const ReadContext& ctx, ConditionLevels& out) {
    f.expect_only({"type", "curve", "count", "model", "model_hash", "seeds", "catalog", "playtest"});
    out.count = f.at("count").int_in(1, kMaxCount);
    const JsonField curve = f.at("curve");
    if (curve.value().is_string()) {
        out.curve_shape = parse_curve_shape(curve.string());
        if (!out.curve_shape) curve.fail("expected \"rising\", \"flat\" or an array of target difficulties");
    } else {
        curve.expect_array();
        for (std::size_t i = 0; i < curve.value().size(); ++i) out.curve.push_back(curve.at(i).number());
        if (out.curve.size() != static_cast<std::size_t>(out.count))
            curve.fail("holds " + std::to_string(out.curve.size()) + " target difficulties, count is " +
                       std::to_string(out.count));
    }
    out.model_file = read_file_name(f.at("model"), ctx);
    out.model_hash = read_model_hash(f);
    if (f.has("seeds") == f.has("catalog")) f.fail("expected exactly one of \"seeds\" and \"catalog\"");
    if (f.has("seeds"))
        out.seed_range = read_seed_range(f.at("seeds"), out.count);
    else
        out.catalog_file = read_file_name(f.at("catalog"), ctx);
    if (f.has("playtest")) out.playtest = read_curve_playtest(f.at("playtest"));
}

void read_adaptive_levels(const JsonField& f, const ReadContext& ctx, ConditionLevels& out) {
    f.expect_only({"type", "count", "target", "model", "model_hash", "seeds"});
    out.count = f.at("count").int_in(1, kMaxCount);
    const JsonField target = f.at("target");
    out.target = target.number();
    if (!(out.target > 0.0 && out.target < 1.0)) target.fail("expected a success probability in (0, 1)");
    out.model_file = read_file_name(f.at("model"), ctx);
    out.model_hash = read_model_hash(f);
    out.seed_range = read_seed_range(f.at("seeds"), out.count);
}

ConditionLevels read_levels(const JsonField& f, const ReadContext& ctx) {
    f.expect_object();
    const JsonField type = f.at("type");
    const std::string t = type.string();
    ConditionLevels out;
    if (t == "pack") {
        out.kind = ConditionKind::Pack;
        read_pack_levels(f, ctx, out);
    } else if (t == "seeds") {
        out.kind = ConditionKind::Seeds;
        read_seed_levels(f, ctx, out);
    } else if (t == "curve") {
        out.kind = ConditionKind::Curve;
        read_curve_levels(f, ctx, out);
    } else if (t == "adaptive") {
        out.kind = ConditionKind::Adaptive;
        read_adaptive_levels(f, ctx, out);
    } else {
        type.fail("expected \"pack\", \"seeds\", \"curve\" or \"adaptive\"");
    }
    return out;
}

LevelOrder read_order(const JsonField& f) {
    const std::string o = f.string();
    if (o == "fixed") return LevelOrder::Fixed;
    if (o == "shuffled") return LevelOrder::Shuffled;
    if (o == "latin_square") return LevelOrder::LatinSquare;
    f.fail("expected \"fixed\", \"shuffled\" or \"latin_square\"");
}

// An order other than "fixed" needs a list of levels to reorder: a curve plays its levels
// along the curve and an adaptive condition chooses each level after the previous one.
void check_order(const Condition& c, const JsonField& order_field) {
    if (c.levels.kind == ConditionKind::Curve || c.levels.kind == ConditionKind::Adaptive)
        order_field.fail(std::string("condition '") + c.name + "' is of type \"" +
                         condition_kind_name(c.levels.kind) +
                         "\": its levels come in the order they are chosen, "
                         "so its order must be \"fixed\" (give it \"order\": \"fixed\")");
}

std::vector<Condition> read_conditions(const JsonField& root, const ReadContext& ctx) {
    const LevelOrder default_order = root.has("order") ? read_order(root.at("order")) : LevelOrder::Fixed;
    const JsonField list = root.at("conditions");
    list.expect_array();
    if (list.value().empty()) list.fail("expected at least one condition");
    std::vector<Condition> out;
    for (std::size_t i = 0; i < list.value().size(); ++i) {
        const JsonField f = list.at(i);
        f.expect_only({"name", "levels", "order"});
        Condition c;
        c.name = read_name(f.at("name"));
        for (const Condition& other : out)
            if (other.name == c.name) f.at("name").fail("a second condition named '" + c.name + "'");
        c.levels = read_levels(f.at("levels"), ctx);
        c.order = f.has("order") ? read_order(f.at("order")) : default_order;
        // Not fixed: the condition or the protocol names its order.
        if (c.order != LevelOrder::Fixed) check_order(c, f.has("order") ? f.at("order") : root.at("order"));
        out.push_back(std::move(c));
    }
    return out;
}

Assignment read_assignment(const JsonField& f, const std::vector<Condition>& conditions) {
    f.expect_object();
    const JsonField type = f.at("type");
    const std::string t = type.string();
    Assignment a;
    if (t == "fixed") {
        f.expect_only({"type", "condition"});
        if (!f.has("condition")) f.fail("a fixed assignment must name its \"condition\"");
        const JsonField name = f.at("condition");
        a.kind = AssignmentKind::Fixed;
        a.condition = name.string();
        const bool known = std::any_of(conditions.begin(), conditions.end(),
                                       [&](const Condition& c) { return c.name == a.condition; });
        if (!known) name.fail("no condition named '" + printable(a.condition, 40) + "'");
    } else if (t == "random" || t == "balanced") {
        f.expect_only({"type"});
        a.kind = t == "random" ? AssignmentKind::Random : AssignmentKind::Balanced;
    } else {
        type.fail("expected \"fixed\", \"random\" or \"balanced\"");
    }
    return a;
}

// A level position must exist in every condition (a participant may get any of them); a
// break also needs a level after it.
struct PositionRule {
    bool needs_next = false;
};

void check_position(const JsonField& f, int position, const std::vector<Condition>& conditions,
                    PositionRule rule) {
    for (const Condition& c : conditions) {
        const std::string where =
            " of condition '" + c.name + "' (" + std::to_string(c.level_count()) + " levels)";
        if (position > c.level_count())
            f.fail("level " + std::to_string(position) + " is past the end" + where);
        if (rule.needs_next && position == c.level_count())
            f.fail("level " + std::to_string(position) + " is the last" + where +
                   ": a break needs a level after it");
    }
}

QuestionItem read_item(const JsonField& f) {
    f.expect_object();
    QuestionItem item;
    const JsonField type = f.at("type");
    const std::string t = type.string();
    if (t == "likert") {
        f.expect_only({"id", "type", "text", "points", "anchors"});
        item.type = QuestionItem::Type::Likert;
    } else if (t == "choice") {
        f.expect_only({"id", "type", "text", "options"});
        item.type = QuestionItem::Type::Choice;
    } else {
        type.fail("expected \"likert\" or \"choice\"");
    }
    item.id = read_name(f.at("id"));
    item.text = read_text(f.at("text"));
    if (item.type == QuestionItem::Type::Likert) {
        item.points = f.at("points").int_in(kMinLikertPoints, kMaxLikertPoints);
        const JsonField anchors = f.at("anchors");
        anchors.expect_array();
        for (std::size_t i = 0; i < anchors.value().size(); ++i)
            item.anchors.push_back(read_text(anchors.at(i)));
        if (item.anchors.size() != 2 && item.anchors.size() != static_cast<std::size_t>(item.points))
            anchors.fail("expected 2 anchors (the ends) or one per point (" + std::to_string(item.points) +
                         ")");
    } else {
        const JsonField options = f.at("options");
        options.expect_array();
        for (std::size_t i = 0; i < options.value().size(); ++i) {
            item.options.push_back(read_text(options.at(i)));
            if (std::count(item.options.begin(), item.options.end(), item.options.back()) > 1)
                options.at(i).fail("this option is listed twice");
        }
        if (item.options.size() < 2 || item.options.size() > static_cast<std::size_t>(kMaxChoiceOptions))
            options.fail("expected 2-" + std::to_string(kMaxChoiceOptions) + " options");
    }
    return item;
}

QuestionnairePlacement read_placement(const JsonField& f, const std::vector<Condition>& conditions) {
    const int given = int(f.has("after_level")) + int(f.has("after_each_level")) + int(f.has("at_end"));
    if (given != 1) f.fail("expected exactly one of \"after_level\", \"after_each_level\" and \"at_end\"");
    QuestionnairePlacement p;
    const auto expect_true = [](const JsonField& flag) {
        if (!flag.boolean()) flag.fail("expected true (leave the field out instead)");
    };
    if (f.has("after_each_level")) {
        expect_true(f.at("after_each_level"));
        p.when = QuestionnairePlacement::When::AfterEachLevel;
    } else if (f.has("at_end")) {
        expect_true(f.at("at_end"));
        p.when = QuestionnairePlacement::When::AtEnd;
    } else {
        p.when = QuestionnairePlacement::When::AfterLevels;
        const JsonField list = f.at("after_level");
        list.expect_array();
        if (list.value().empty()) list.fail("expected at least one level position");
        for (std::size_t i = 0; i < list.value().size(); ++i) {
            const JsonField k = list.at(i);
            const int pos = k.int_in(1, kMaxCount);
            if (std::find(p.after_levels.begin(), p.after_levels.end(), pos) != p.after_levels.end())
                k.fail("level " + std::to_string(pos) + " is listed twice");
            check_position(k, pos, conditions, {});
            p.after_levels.push_back(pos);
        }
    }
    return p;
}

std::vector<Questionnaire> read_questionnaires(const JsonField& list,
                                               const std::vector<Condition>& conditions) {
    list.expect_array();
    std::vector<Questionnaire> out;
    std::vector<std::string> item_ids;
    for (std::size_t i = 0; i < list.value().size(); ++i) {
        const JsonField f = list.at(i);
        f.expect_only({"id", "items", "after_level", "after_each_level", "at_end"});
        Questionnaire q;
        q.id = read_name(f.at("id"));
        for (const Questionnaire& other : out)
            if (other.id == q.id) f.at("id").fail("a second questionnaire named '" + q.id + "'");
        q.placement = read_placement(f, conditions);
        const JsonField items = f.at("items");
        items.expect_array();
        if (items.value().empty()) items.fail("expected at least one item");
        for (std::size_t k = 0; k < items.value().size(); ++k) {
            q.items.push_back(read_item(items.at(k)));
            if (std::find(item_ids.begin(), item_ids.end(), q.items.back().id) != item_ids.end())
                items.at(k).at("id").fail("a second item named '" + q.items.back().id +
                                          "' (item ids are unique "
                                          "in a protocol: the answers name them)");
            item_ids.push_back(q.items.back().id);
        }
        out.push_back(std::move(q));
    }
    return out;
}

std::vector<BreakScreen> read_breaks(const JsonField& list, const std::vector<Condition>& conditions) {
    list.expect_array();
    std::vector<BreakScreen> out;
    for (std::size_t i = 0; i < list.value().size(); ++i) {
        const JsonField f = list.at(i);
        f.expect_only({"after_level", "text"});
        BreakScreen b;
        const JsonField k = f.at("after_level");
        b.after_level = k.int_in(1, kMaxCount);
        for (const BreakScreen& other : out)
            if (other.after_level == b.after_level)
                k.fail("a second break after level " + std::to_string(b.after_level));
        check_position(k, b.after_level, conditions, {.needs_next = true});
        b.text = read_text(f.at("text"));
        out.push_back(std::move(b));
    }
    return out;
}

// The "online" object (docs/online.md "The protocol's online fields").
OnlineSettings read_online(const JsonField& f) {
    f.expect_only({"recruiter_ids", "repeat", "completion_code", "return_url"});
    OnlineSettings out;
    if (f.has("recruiter_ids")) {
        const JsonField ids = f.at("recruiter_ids");
        ids.expect_array();
        for (std::size_t i = 0; i < ids.value().size(); ++i) {
            out.recruiter_ids.push_back(read_name(ids.at(i)));
            if (std::count(out.recruiter_ids.begin(), out.recruiter_ids.end(), out.recruiter_ids.back()) > 1)
                ids.at(i).fail("a recruiter id named twice");
        }
    }
    if (f.has("repeat")) out.repeat = f.at("repeat").boolean();
    if (f.has("completion_code")) out.completion_code = read_text(f.at("completion_code"));
    if (f.has("return_url")) out.return_url = read_text(f.at("return_url"));
    return out;
}

void check_format(const JsonField& root, const std::string& file) {
    root.expect_only({"format", "format_version", "name", "consent", "tutorials", "ratings", "conditions",
                      "assignment", "order", "questionnaires", "breaks", "online"});
    if (root.at("format").string() != kProtocolFormat)
        root.at("format").fail(std::string("expected \"") + kProtocolFormat + "\" (not a study protocol)");
    const int version = root.at("format_version").int_in(1, std::numeric_limits<int>::max());
    if (version > kProtocolFormatVersion)
        throw ProtocolError(file + ": study protocol format version " + std::to_string(version) +
                            " is newer than this build's " + std::to_string(kProtocolFormatVersion) +
                            " (update Sawtooth)");
}

StudyProtocol read_document(const JsonField& root, const std::string& file, const ReadContext& ctx) {
    check_format(root, file);
    StudyProtocol p;
    p.file = file;
    p.name = read_text(root.at("name"));
    p.consent = read_text(root.at("consent"));
    if (root.has("tutorials")) p.tutorials = root.at("tutorials").boolean();
    if (root.has("ratings")) p.ratings = root.at("ratings").boolean();
    p.conditions = read_conditions(root, ctx);
    p.assignment = read_assignment(root.at("assignment"), p.conditions);
    if (root.has("questionnaires"))
        p.questionnaires = read_questionnaires(root.at("questionnaires"), p.conditions);
    if (root.has("breaks")) p.breaks = read_breaks(root.at("breaks"), p.conditions);
    if (root.has("online")) p.online = read_online(root.at("online"));
    p.hash = protocol_hash(root.value());
    return p;
}

}  // namespace

int Condition::level_count() const {
    switch (levels.kind) {
        case ConditionKind::Pack:
            return static_cast<int>(levels.pack.levels.size());
        case ConditionKind::Seeds:
            return static_cast<int>(levels.seeds.size());
        default:
            return levels.count;
    }
}

const Condition* StudyProtocol::find_condition(const std::string& condition) const {
    for (const Condition& c : conditions)
        if (c.name == condition) return &c;
    return nullptr;
}

std::string protocol_hash(const nlohmann::json& doc) { return hex64(fnv1a64(doc.dump())); }

StudyProtocol protocol_from_json(const nlohmann::json& doc, const std::string& file, const std::string& dir,
                                 const ProtocolReadSettings& settings) {
    try {
        return read_document(JsonField(doc), file, ReadContext{dir, settings});
    } catch (const JsonFieldError& e) {
        throw ProtocolError(file + ": " + e.what());
    }
}

StudyProtocol read_protocol(const std::string& path, const ProtocolReadSettings& settings) {
    std::ifstream in(path, std::ios::binary);
    std::error_code ec;
    if (!in || fs::is_directory(path, ec)) throw ProtocolError(path + ": cannot open");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    nlohmann::json doc;
    try {
        doc = parse_json_text(text);
    } catch (const JsonFieldError& e) {
        throw ProtocolError(path + ": " + e.what());
    }
    const std::string dir = fs::path(path).parent_path().string();
    return protocol_from_json(doc, path, dir.empty() ? "." : dir, settings);
}

// ---- assignment and order ----

int assign_condition(const StudyProtocol& protocol, const ParticipantKey& participant,
                     const std::vector<int>& counts_so_far) {
    const int n = static_cast<int>(protocol.conditions.size());
    switch (protocol.assignment.kind) {
        case AssignmentKind::Fixed:
            for (int i = 0; i < n; ++i)
                if (protocol.conditions[static_cast<std::size_t>(i)].name == protocol.assignment.condition)
                    return i;
            return 0;  // read_protocol refuses a fixed assignment naming no condition
        case AssignmentKind::Random: {
            Rng rng(mix_seed(fnv1a64(participant.id), kAssignSalt));
            return static_cast<int>(rng.uniform_int(0, n - 1));
        }
        case AssignmentKind::Balanced:
        default: {
            int best = 0;
            for (int i = 1; i < n && i < static_cast<int>(counts_so_far.size()); ++i)
                if (counts_so_far[static_cast<std::size_t>(i)] <
                    counts_so_far[static_cast<std::size_t>(best)])
                    best = i;
            return best;
        }
    }
}

int balanced_latin_square_rows(int n) { return n % 2 == 0 ? n : 2 * n; }

std::vector<int> balanced_latin_square_row(int n, int row) {
    const int rows = balanced_latin_square_rows(n);
    row = ((row % rows) + rows) % rows;
    // Williams' first row 0, 1, n-1, 2, n-2, ...; row r adds r to every entry. For odd n
    // the second n rows are the first n reversed, which balances the neighbours.
    const int base = row % n;
    std::vector<int> out(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
        const int first = j == 0 ? 0 : (j % 2 == 1 ? (j + 1) / 2 : n - j / 2);
        out[static_cast<std::size_t>(j)] = (first + base) % n;
    }
    if (row >= n) std::reverse(out.begin(), out.end());
    return out;
}

std::vector<int> level_order(LevelOrder order, int level_count, const ParticipantKey& participant) {
    std::vector<int> out(static_cast<std::size_t>(std::max(level_count, 0)));
    std::iota(out.begin(), out.end(), 0);
    if (out.empty()) return out;
    if (order == LevelOrder::Shuffled) {
        Rng rng(mix_seed(fnv1a64(participant.id), kOrderSalt));
        rng.shuffle(out);
    } else if (order == LevelOrder::LatinSquare) {
        out = balanced_latin_square_row(level_count, participant.number - 1);
    }
    return out;
}

const char* condition_kind_name(ConditionKind kind) {
    switch (kind) {
        case ConditionKind::Pack:
            return "pack";
        case ConditionKind::Seeds:
            return "seeds";
        case ConditionKind::Curve:
            return "curve";
        default:
            return "adaptive";
    }
}

const char* assignment_kind_name(AssignmentKind kind) {
    switch (kind) {
        case AssignmentKind::Fixed:
            return "fixed";
        case AssignmentKind::Random:
            return "random";
        default:
            return "balanced";
    }
}

const char* level_order_name(LevelOrder order) {
    switch (order) {
        case LevelOrder::Fixed:
            return "fixed";
        case LevelOrder::Shuffled:
            return "shuffled";
        default:
            return "latin_square";
    }
}

}  // namespace sawtooth::telemetry
