#include "telemetry/curation/catalog.hpp"

#include "gen/hash.hpp"
#include "gen/printable.hpp"
#include "telemetry/store/build_info.hpp"
#include "telemetry/store/store.hpp"

#include <unistd.h>

#include <filesystem>
#include <string_view>
#include <system_error>

namespace sawtooth::telemetry {

namespace {

using analysis::LevelStats;

/// A statistics column: exactly one of the members is set.
struct StatColumn {
    const char* name;
    int LevelStats::*count;
    double LevelStats::*real;
};

// Column order of the table = the order of LevelStats (docs/curation.md lists them).
constexpr StatColumn kStatColumns[] = {
    {"width", &LevelStats::width, nullptr},
    {"height", &LevelStats::height, nullptr},
    {"rooms", &LevelStats::rooms, nullptr},
    {"cells", &LevelStats::cells, nullptr},
    {"open_cells", &LevelStats::open_cells, nullptr},
    {"open_share", nullptr, &LevelStats::open_share},
    {"graph_nodes", &LevelStats::graph_nodes, nullptr},
    {"graph_edges", &LevelStats::graph_edges, nullptr},
    {"routes", &LevelStats::routes, nullptr},
    {"alt_routes", &LevelStats::alt_routes, nullptr},
    {"path_length", nullptr, &LevelStats::path_length},
    {"path_steps", &LevelStats::path_steps, nullptr},
    {"path_jumps", &LevelStats::path_jumps, nullptr},
    {"path_hangs", &LevelStats::path_hangs, nullptr},
    {"path_climb", &LevelStats::path_climb, nullptr},
    {"path_descent", &LevelStats::path_descent, nullptr},
    {"path_trap_nodes", &LevelStats::path_trap_nodes, nullptr},
    {"traps", &LevelStats::traps, nullptr},
    {"saws", &LevelStats::saws, nullptr},
    {"spikes", &LevelStats::spikes, nullptr},
    {"squeezes", &LevelStats::squeezes, nullptr},
    {"mines", &LevelStats::mines, nullptr},
    {"trap_sequences", &LevelStats::trap_sequences, nullptr},
    {"longest_sequence", &LevelStats::longest_sequence, nullptr},
};

struct Column {
    const char* name;
    const char* type;
};

constexpr Column kKeyColumns[] = {{"seed", "INTEGER NOT NULL"},    {"layout", "TEXT NOT NULL"},
                                  {"rooms_w", "INTEGER NOT NULL"}, {"rooms_h", "INTEGER NOT NULL"},
                                  {"room_w", "INTEGER NOT NULL"},  {"room_h", "INTEGER NOT NULL"},
                                  {"alpha", "REAL NOT NULL"},      {"level_index", "INTEGER NOT NULL"}};
constexpr Column kLevelColumns[] = {{"generator_version", "INTEGER NOT NULL"},
                                    {"generated", "INTEGER NOT NULL"},
                                    {"error", "TEXT"},
                                    {"level_hash", "TEXT"}};
// NULL when the run that stored the row did not ask for them.
constexpr Column kModelColumns[] = {{"model_hash", "TEXT"},
                                    {"difficulty", "REAL"},
                                    {"success_probability", "REAL"},
                                    {"model_path_challenges", "INTEGER"}};
constexpr Column kProofColumns[] = {{"proven_forward", "INTEGER"},
                                    {"proven_backward", "INTEGER"},
                                    {"forward_ticks", "INTEGER"},
                                    {"backward_ticks", "INTEGER"}};
constexpr std::string_view kPrimaryKey = "layout, rooms_w, rooms_h, room_w, room_h, alpha, level_index, seed";

template <class F>
void for_each_column(F&& f) {
    for (const Column& c : kKeyColumns) f(c.name, c.type);
    for (const Column& c : kLevelColumns) f(c.name, c.type);
    for (const StatColumn& c : kStatColumns) f(c.name, c.count ? "INTEGER NOT NULL" : "REAL NOT NULL");
    for (const Column& c : kModelColumns) f(c.name, c.type);
    for (const Column& c : kProofColumns) f(c.name, c.type);
}

std::string column_list(std::string_view prefix = {}) {
    std::string s;
    for_each_column(
        [&](const char* name, const char*) { s += (s.empty() ? "" : ", ") + std::string(prefix) + name; });
    return s;
}

std::string schema_sql() {
    std::string s =
        "CREATE TABLE catalog_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);\nCREATE TABLE levels(\n";
    for_each_column(
        [&](const char* name, const char* type) { s += "  " + std::string(name) + " " + type + ",\n"; });
    return s + "  PRIMARY KEY (" + std::string(kPrimaryKey) + ")) WITHOUT ROWID;\n";
}

std::string upsert_sql() {
    std::string s = "INSERT INTO levels(" + column_list() + ") VALUES (";
    int n = 0;
    for_each_column([&](const char*, const char*) { s += n++ ? ", ?" : "?"; });
    s += ") ON CONFLICT(" + std::string(kPrimaryKey) + ") DO UPDATE SET ";
    std::string set;
    auto assign = [&](const char* name, bool keep_old) {
        set += (set.empty() ? "" : ", ") + std::string(name) + " = " +
               (keep_old ? "coalesce(excluded." + std::string(name) + ", levels." + name + ")"
                         : "excluded." + std::string(name));
    };
    for (const Column& c : kLevelColumns) assign(c.name, false);
    for (const StatColumn& c : kStatColumns) assign(c.name, false);
    for (const Column& c : kModelColumns) assign(c.name, true);
    for (const Column& c : kProofColumns) assign(c.name, true);
    return s + set;
}

std::string meta_value(Database& db, const std::string& key) {
    Statement st(db, "SELECT value FROM catalog_meta WHERE key = ?");
    st.bind(1, key);
    return st.step() ? st.text(0) : std::string();
}

void check_integrity(Database& db) {
    try {
        Statement qc(db, "PRAGMA quick_check(1)");
        const std::string verdict = qc.step() ? qc.text(0) : "no answer";
        if (verdict != "ok")
            throw StoreError("catalogue '" + db.path() + "' is damaged (" + one_line(verdict) + ")");
    } catch (const StoreError& e) {
        const std::string what = e.what();
        if (what.find("is damaged (") != std::string::npos) throw;
        throw StoreError("'" + db.path() + "' is not a level catalogue (not an SQLite database: " +
                         what.substr(what.rfind(": ") + 2) + ")");
    }
}

// Refuses files this build must not touch, before any statement that could write.
// Returns true when the file is empty (a new catalogue).
bool check_file(Database& db) {
    check_integrity(db);
    const std::int64_t version = db.query_int("PRAGMA user_version");
    const std::int64_t app_id = db.query_int("PRAGMA application_id");
    const std::int64_t tables = db.query_int("SELECT count(*) FROM sqlite_schema WHERE type = 'table'");
    if (version == 0 && tables == 0 && app_id == 0) return true;
    const std::string name = "'" + db.path() + "'";
    if (app_id == kApplicationId)
        throw StoreError(name + " is a Sawtooth session database, not a level catalogue");
    if (app_id != kCatalogApplicationId)
        throw StoreError(name + " is not a level catalogue (application_id " + std::to_string(app_id) + ")");
    if (version != kCatalogSchemaVersion)
        throw StoreError("catalogue " + name + " has schema version " + std::to_string(version) +
                         ", this build reads version " + std::to_string(kCatalogSchemaVersion));
    const std::string gen = meta_value(db, "generator_version");
    if (gen != std::to_string(kGeneratorVersion))
        throw StoreError("catalogue " + name + " holds levels of generator version " + printable(gen) +
                         ", this build generates version " + std::to_string(kGeneratorVersion) +
                         " (start a new catalogue)");
    return false;
}

void create_schema(Database& db) {
    Transaction tx(db);
    db.exec(schema_sql());
    Statement meta(db, "INSERT INTO catalog_meta(key, value) VALUES (?, ?)");
    const std::pair<std::string, std::string> rows[] = {
        {"format", "sawtooth-level-catalog"},
        {"schema_version", std::to_string(kCatalogSchemaVersion)},
        {"generator_version", std::to_string(kGeneratorVersion)},
        {"created_utc", utc_now()},
        {"created_by_build", std::string(build_id())}};
    for (const auto& [k, v] : rows) {
        meta.bind(1, k).bind(2, v).run();
        meta.reset();
    }
    db.exec("PRAGMA application_id = " + std::to_string(kCatalogApplicationId));
    db.exec("PRAGMA user_version = " + std::to_string(kCatalogSchemaVersion));
    tx.commit();
}

/// Binds values to consecutive parameters.
struct Binder {
    Statement& st;
    int next = 1;
    template <class T>
    Binder& operator()(const T& value) {
        st.bind(next++, value);
        return *this;
    }
    Binder& null() {
        st.bind_null(next++);
        return *this;
    }
};

void bind_row(Statement& st, const CatalogRow& r) {
    Binder b{st};
    const GenParams& p = r.params;
    b(static_cast<std::int64_t>(p.seed))(std::string(layout_name(p.layout)))(p.rooms_w)(p.rooms_h);
    b(p.room_w)(p.room_h)(p.alpha)(p.level_index);
    b(r.generator_version)(r.generated ? 1 : 0);
    r.error.empty() ? b.null() : b(r.error);
    r.generated ? b(hex64(r.level_hash)) : b.null();
    for (const StatColumn& c : kStatColumns) c.count ? b(r.stats.*c.count) : b(r.stats.*c.real);
    if (r.model)
        b(r.model->model_hash)(r.model->difficulty)(r.model->success_probability)(r.model->path_challenges);
    else
        b.null().null().null().null();
    if (r.proof)
        b(r.proof->forward ? 1 : 0)(r.proof->backward ? 1
                                                      : 0)(r.proof->forward_ticks)(r.proof->backward_ticks);
    else
        b.null().null().null().null();
}

GenParams read_key(const Statement& st, int& i) {
    GenParams p;
    p.seed = static_cast<std::uint64_t>(st.int64(i++));
    const std::string layout = st.text(i++);
    p.layout = parse_layout(layout).value_or(Layout::Maze);
    p.rooms_w = st.int32(i++);
    p.rooms_h = st.int32(i++);
    p.room_w = st.int32(i++);
    p.room_h = st.int32(i++);
    p.alpha = st.real(i++);
    p.level_index = st.int32(i++);
    return p;
}

CatalogRow read_row(const Statement& st) {
    CatalogRow r;
    int i = 0;
    r.params = read_key(st, i);
    r.generator_version = st.int32(i++);
    r.generated = st.int64(i++) != 0;
    r.error = st.is_null(i) ? std::string() : st.text(i);
    ++i;
    r.level_hash = st.is_null(i) ? 0 : parse_hex64(st.text(i));
    ++i;
    for (const StatColumn& c : kStatColumns)
        c.count ? void(r.stats.*c.count = st.int32(i++)) : void(r.stats.*c.real = st.real(i++));
    if (!st.is_null(i))
        r.model = CatalogModelFigures{st.text(i), st.real(i + 1), st.real(i + 2), st.int32(i + 3)};
    i += 4;
    if (!st.is_null(i))
        r.proof = CatalogProof{st.int64(i) != 0, st.int64(i + 1) != 0, st.int64(i + 2), st.int64(i + 3)};
    return r;
}

}  // namespace

// ---- Catalog ----

Catalog::Catalog(std::unique_ptr<Database> db) : m_db(std::move(db)) {}
Catalog::Catalog(Catalog&&) noexcept = default;
Catalog& Catalog::operator=(Catalog&&) noexcept = default;
Catalog::~Catalog() = default;

const std::string& Catalog::path() const { return m_db->path(); }

Catalog Catalog::open(const std::string& path) {
    auto db = std::make_unique<Database>(path, OpenMode::ReadWriteCreate);
    const bool fresh = check_file(*db);
    // Rollback journal, not WAL: shards of a job array often live on network file systems,
    // where WAL's shared memory does not work. A commit survives a killed process.
    db->exec("PRAGMA synchronous = NORMAL");
    if (fresh) create_schema(*db);
    return Catalog(std::move(db));
}

Catalog Catalog::open_read_only(const std::string& path) {
    auto db = std::make_unique<Database>(path, OpenMode::ReadOnly);
    if (check_file(*db)) throw StoreError("'" + path + "' is empty, not a level catalogue");
    return Catalog(std::move(db));
}

CatalogDone Catalog::done(const GenParams& shape, const CatalogNeeds& needs) {
    Statement st(*m_db,
                 "SELECT seed, level_index FROM levels WHERE layout = ? AND rooms_w = ? AND rooms_h = ? AND "
                 "room_w = ? AND room_h = ? AND alpha = ? AND (?7 = '' OR model_hash = ?7) AND "
                 "(?8 = 0 OR proven_forward IS NOT NULL)");
    st.bind(1, std::string(layout_name(shape.layout))).bind(2, shape.rooms_w).bind(3, shape.rooms_h);
    st.bind(4, shape.room_w).bind(5, shape.room_h).bind(6, shape.alpha);
    st.bind(7, needs.model_hash).bind(8, needs.proof ? 1 : 0);
    CatalogDone out;
    while (st.step()) out.emplace(static_cast<std::uint64_t>(st.int64(0)), st.int32(1));
    return out;
}

void Catalog::put(const std::vector<CatalogRow>& rows) {
    Transaction tx(*m_db);
    Statement st(*m_db, upsert_sql());
    for (const CatalogRow& r : rows) {
        bind_row(st, r);
        st.run();
        st.reset();
    }
    tx.commit();
}

std::vector<CatalogRow> Catalog::rows() {
    Statement st(*m_db, "SELECT " + column_list() + " FROM levels ORDER BY " + std::string(kPrimaryKey));
    std::vector<CatalogRow> out;
    while (st.step()) out.push_back(read_row(st));
    return out;
}

std::int64_t Catalog::count() { return m_db->query_int("SELECT count(*) FROM levels"); }

std::vector<std::string> catalog_predictor_columns() {
    std::vector<std::string> names;
    for (const StatColumn& c : kStatColumns) names.emplace_back(c.name);
    for (const Column& c : kModelColumns)
        if (std::string_view(c.name) != "model_hash") names.emplace_back(c.name);
    return names;
}

std::string model_hash(double c0, double t_timing, double j, double t_cycle) {
    Hasher h;
    for (double v : {c0, t_timing, j, t_cycle}) h.add_double(v);
    return hex64(h.value());
}

// ---- merge ----

namespace {

/// The first key `src` holds with other values than `main`, as text; empty if none.
std::string first_conflict(Database& db) {
    std::string same;
    for_each_column([&](const char* name, const char*) {
        same += (same.empty() ? "" : " AND ") + std::string("s.") + name + " IS m." + name;
    });
    std::string on;
    for (const Column& c : kKeyColumns)
        on += (on.empty() ? "" : " AND ") + std::string("s.") + c.name + " = m." + c.name;
    Statement st(db,
                 "SELECT s.seed, s.layout, s.rooms_w, s.rooms_h, s.room_w, s.room_h, s.level_index FROM "
                 "src.levels s JOIN main.levels m ON " +
                     on + " WHERE NOT (" + same + ") LIMIT 1");
    if (!st.step()) return {};
    // The layout is the input file's text: escaped, so the error stays one printable line.
    return "seed " + std::to_string(st.int64(0)) + " (" + printable(st.text(1)) + " " +
           std::to_string(st.int64(2)) + "x" + std::to_string(st.int64(3)) + " rooms of " +
           std::to_string(st.int64(4)) + "x" + std::to_string(st.int64(5)) + ", level index " +
           std::to_string(st.int64(6)) + ")";
}

void merge_one(Database& db, const std::string& input, MergeCounts& counts) {
    Statement attach(db, "ATTACH DATABASE ? AS src");
    attach.bind(1, input).run();
    struct Detach {
        Database& db;
        ~Detach() {
            try {
                db.exec("DETACH DATABASE src");
            } catch (const StoreError&) {  // the merge already failed; its error is the one to report
            }
        }
    } detach{db};
    Transaction tx(db);
    if (const std::string key = first_conflict(db); !key.empty())
        throw StoreError("conflicting rows: '" + input + "' holds " + key + " with other values than " +
                         "the rows merged before it");
    const std::int64_t in_rows = db.query_int("SELECT count(*) FROM src.levels");
    db.exec("INSERT OR IGNORE INTO main.levels(" + column_list() + ") SELECT " + column_list() +
            " FROM src.levels");
    const int added = db.changes();
    tx.commit();
    counts.added += added;
    counts.identical += in_rows - added;
}

}  // namespace

MergeCounts merge_catalogs(const std::string& out, const std::vector<std::string>& inputs) {
    namespace fs = std::filesystem;
    for (const std::string& in : inputs) Catalog::open_read_only(in);  // refuse before writing anything
    std::error_code ec;
    const bool existed = fs::exists(out, ec);
    if (existed) Catalog::open(out);  // checks the output the same way
    // Merged aside and renamed at the end: a refused merge leaves `out` as it was.
    const std::string part = out + ".merging-" + std::to_string(::getpid());
    fs::remove(part, ec);
    if (existed && !fs::copy_file(out, part, ec))
        throw StoreError("cannot copy '" + out + "' to '" + part + "': " + ec.message());
    MergeCounts counts;
    try {
        Catalog cat = Catalog::open(part);
        for (const std::string& in : inputs) merge_one(cat.database(), in, counts);
    } catch (...) {
        fs::remove(part, ec);
        throw;
    }
    fs::rename(part, out, ec);
    if (ec) {
        fs::remove(part, ec);
        throw StoreError("cannot write '" + out + "': " + ec.message());
    }
    return counts;
}

}  // namespace sawtooth::telemetry
