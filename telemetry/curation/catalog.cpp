#include "telemetry/curation/catalog.hpp"

#include "gen/hash.hpp"
#include "gen/printable.hpp"
#include "telemetry/store/file_kind.hpp"
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
constexpr const char* kMetaTable = "catalog_meta";

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
    std::string s = "CREATE TABLE " + std::string(kMetaTable) +
                    "(key TEXT PRIMARY KEY, value TEXT NOT NULL);\nCREATE TABLE levels(\n";
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
    st.bind_u64(b.next++, p.seed);
    b(std::string(layout_name(p.layout)))(p.rooms_w)(p.rooms_h);
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
    p.seed = st.uint64(i++);
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

// Schema version 2 stores seeds 2^63 .. 2^64 - 1 as negative integers (Statement::bind_u64);
// version 1 held seeds below 2^63 only, which read the same. The step changes no row: it
// marks the file, so a build that reads seeds as signed numbers refuses it.
const FileKind& level_catalog_file_kind() {
    static const FileKind kind{
        .name = "level catalogue",
        .identity = "level catalogue",
        .format = "sawtooth-level-catalog",
        .application_id = kCatalogApplicationId,
        .schema_version = kCatalogSchemaVersion,
        .meta_table = kMetaTable,
        .schema = schema_sql(),
        .steps = {{2, {}}},
        .required = {{"generator_version", std::to_string(kGeneratorVersion), "levels of generator version"}},
        .journal = JournalMode::Rollback,
    };
    return kind;
}

std::string catalog_key_order() {
    std::string order(kPrimaryKey.substr(0, kPrimaryKey.rfind("seed")));
    return order + "seed < 0, seed";  // unsigned order (bind_u64)
}

// ---- Catalog ----

Catalog::Catalog(std::unique_ptr<Database> db) : m_db(std::move(db)) {}
Catalog::Catalog(Catalog&&) noexcept = default;
Catalog& Catalog::operator=(Catalog&&) noexcept = default;
Catalog::~Catalog() = default;

const std::string& Catalog::path() const { return m_db->path(); }

Catalog Catalog::open(const std::string& path) {
    return Catalog(open_file(level_catalog_file_kind(), path, OpenMode::ReadWriteCreate).db);
}

Catalog Catalog::open_read_only(const std::string& path) {
    return Catalog(open_file(level_catalog_file_kind(), path, OpenMode::ReadOnly).db);
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
    while (st.step()) out.emplace(st.uint64(0), st.int32(1));
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
    Statement st(*m_db, "SELECT " + column_list() + " FROM levels ORDER BY " + catalog_key_order());
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
    return "seed " + std::to_string(st.uint64(0)) + " (" + printable(st.text(1)) + " " +
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
    // Checks the output the same way without writing to it (an older one is upgraded in
    // the copy below, so a refused merge leaves it as it was).
    if (existed && fs::file_size(out, ec) > 0) Catalog::open_read_only(out);
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
