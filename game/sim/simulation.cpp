#include "game/sim/simulation.hpp"

#include "game/sim/level_geometry.hpp"
#include "gen/error.hpp"
#include "gen/hash.hpp"

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace sawtooth {

namespace {
// Box2D's recommended solver iterations: one player against static chains needs no more.
constexpr int kVelocityIterations = 8;
constexpr int kPositionIterations = 3;
constexpr double kHalfW = kPlayerWidth / 2;
constexpr double kHalfH = kPlayerHeight / 2;
// Box2D keeps polygons this far apart (b2_polygonRadius); resting bodies float by it.
constexpr double kSkin = 2.0 * b2_linearSlop;
// m the feet may have sunk below a floor's top (a fast landing, before Box2D pushes the
// body out) and still stand on that floor rather than on the row below.
constexpr double kFloorSinkTolerance = 0.25;
// m the probed width of the feet is narrowed on each side, so a body whose side only
// touches a neighbouring column does not stand on it.
constexpr double kFeetProbeInset = 0.02;
// m/s: a body still rising faster than this has not landed (float, as Box2D's velocity).
constexpr float kLandingMaxRise = 0.01f;
// m above the feet at which their cell is read: resting feet sit on a cell boundary,
// give or take the skin, and must count in the open cell above it.
constexpr double kFeetCellLift = 0.05;
// m a ledge corner may already be behind the body's side (pressed past it) and still be
// grabbed.
constexpr double kGrabBehind = 0.05;

int floor_div(double v, double cell) { return static_cast<int>(std::floor(v / cell)); }

Box body_box(double x, double y) { return {x - kHalfW, y - kHalfH, x + kHalfW, y + kHalfH}; }

// The cell the feet of a body centred at (x, y) stand in.
CellPos feet_cell(double x, double y) {
    return {floor_div(x, kCellSize), floor_div(y - kHalfH + kFeetCellLift, kCellSize)};
}

bool is_hanging(PlayerMode mode) { return mode == PlayerMode::HangLeft || mode == PlayerMode::HangRight; }
}  // namespace

double stand_x(int cell_x) { return (cell_x + 0.5) * kCellSize; }
double stand_y(int cell_y) { return cell_y * kCellSize + kHalfH + kSkin; }

struct SimSnapshot {
    Simulation::State state;
    b2Vec2 position, velocity;  ///< the player body's; its weight and collision follow state.mode
};

Simulation::Simulation(const Level& level, const SimConfig& config) : m_level(level), m_config(config) {
    if (const std::string problem = level_problem(level); !problem.empty())
        throw Error("invalid level: " + problem);
    m_state.traps.resize(level.traps.size());
    m_state.inside_trap.assign(level.traps.size(), 0);
    std::vector<Box> tested;  // per trap: its area and its reach together
    for (const Trap& trap : level.traps) {
        m_trap_areas.push_back(trap_area(trap));
        m_trap_reach.push_back(trap_reach(trap));
        const Box a = m_trap_areas.back(), r = m_trap_reach.back();
        tested.push_back(
            {std::min(a.x0, r.x0), std::min(a.y0, r.y0), std::max(a.x1, r.x1), std::max(a.y1, r.y1)});
    }
    m_trap_columns = TrapColumns(tested);
    m_mines.assign(m_trap_columns.words(), 0);
    for (std::size_t i = 0; i < level.traps.size(); ++i)
        if (level.traps[i].type == TrapType::Mine) m_mines[i / 64] |= std::uint64_t{1} << (i % 64);
    m_no_traps.assign(m_mines.size(), 0);
    m_near.resize(m_mines.size());
    note_busy_traps();
    m_state.safe_cell = level.start;
    build_world();
}

Simulation::~Simulation() = default;

void Simulation::build_world() {
    m_world = std::make_unique<b2World>(b2Vec2(0.0f, static_cast<float>(m_config.gravity)));
    b2BodyDef ground_def;
    b2Body* ground = m_world->CreateBody(&ground_def);
    for (const Outline& outline : trace_outlines(m_level, kCellSize)) {
        std::vector<b2Vec2> v;
        v.reserve(outline.size());
        for (const Vec2d& p : outline) v.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
        b2ChainShape chain;
        chain.CreateLoop(v.data(), static_cast<int32>(v.size()));
        b2FixtureDef fd;
        fd.shape = &chain;
        fd.friction = 0.0f;  // no wall sticking: horizontal control is our own drag (SPEC P1)
        ground->CreateFixture(&fd);
        ++m_static_fixtures;
    }
    create_player_body();
    set_player_mode(PlayerMode::Air);
    sync_view();
}

void Simulation::create_player_body() {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.fixedRotation = true;
    def.allowSleep = false;
    def.position.Set(static_cast<float>(stand_x(m_level.start.x)),
                     static_cast<float>(stand_y(m_level.start.y)));
    m_player = m_world->CreateBody(&def);
    // Pointed roof: a flat-bottomed pentagon whose top vertex sits on the centre line.
    const float hw = static_cast<float>(kHalfW), hh = static_cast<float>(kHalfH);
    const float shoulder = hh - static_cast<float>(kPlayerRoofHeight);
    b2Vec2 verts[5] = {{-hw, -hh}, {hw, -hh}, {hw, shoulder}, {0.0f, hh}, {-hw, shoulder}};
    b2PolygonShape shape;
    shape.Set(verts, 5);
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = 1.0f;  // replaced by the mass data below
    fd.friction = 0.0f;
    fd.restitution = 0.0f;  // landings never bounce
    m_player->CreateFixture(&fd);
    b2MassData md;
    md.mass = static_cast<float>(kPlayerMass);
    md.center.SetZero();
    md.I = 0.0f;
    m_player->SetMassData(&md);
}

// Every change of the player's mode goes through here. The body's weight and collision
// follow the mode: hanging and dead bodies are weightless, a dead one leaves the world.
// A jump's rise ends when the player hangs or dies.
void Simulation::set_player_mode(PlayerMode mode) {
    m_state.mode = mode;
    const bool dead = mode == PlayerMode::Dead;
    const bool weightless = dead || is_hanging(mode);
    if (weightless) m_state.jump_rising = false;
    m_player->SetGravityScale(weightless ? 0.0f : 1.0f);
    if (m_player->IsEnabled() == dead) m_player->SetEnabled(!dead);
}

bool Simulation::feet_on_ground(double x, double y) const {
    const double feet = y - kHalfH;
    const int row = floor_div(feet - kGroundProbe, kCellSize);
    // The floor must be within the probe of the feet: the row's top edge.
    const double top = (row + 1) * kCellSize;
    if (feet - top > kGroundProbe || feet < top - kFloorSinkTolerance) return false;
    const int c0 = floor_div(x - kHalfW + kFeetProbeInset, kCellSize);
    const int c1 = floor_div(x + kHalfW - kFeetProbeInset, kCellSize);
    for (int c = c0; c <= c1; ++c)
        if (m_level.solid(c, row)) return true;
    return false;
}

void Simulation::emit(SimEventType type, int a, int b) { m_events.push_back({m_state.tick, type, a, b}); }

void Simulation::step(InputFrame input) {
    m_events.clear();
    m_trap_view_valid = false;
    ++m_state.tick;
    input.bits &= kInputMask;

    if (m_state.mode == PlayerMode::Dead) {
        if (--m_state.dead_timer <= 0) respawn();
    } else {
        control(input);
    }
    m_world->Step(static_cast<float>(kTickSeconds), kVelocityIterations, kPositionIterations);
    after_physics(input);
    m_state.prev_input = input;
    sync_view();
}

void Simulation::control(InputFrame input) {
    const std::uint8_t pressed = input.bits & ~m_state.prev_input.bits;
    if (pressed & kInputUp)
        m_state.jump_buffer = kJumpBufferTicks;
    else if (m_state.jump_buffer > 0)
        --m_state.jump_buffer;
    if (m_state.grab_cooldown > 0) --m_state.grab_cooldown;

    const bool left = input.held(kInputLeft), right = input.held(kInputRight);
    const int dir = (right ? 1 : 0) - (left ? 1 : 0);
    if (dir != 0) m_state.facing = dir;

    if (is_hanging(m_state.mode))
        control_hanging(pressed, dir);
    else
        control_running(input, dir);
}

void Simulation::control_hanging(std::uint8_t pressed, int dir) {
    b2Vec2 v = m_player->GetLinearVelocity();
    if (pressed & kInputUp) {
        set_player_mode(PlayerMode::Air);
        v.Set(static_cast<float>(dir * m_config.run_speed), static_cast<float>(m_config.jump_speed));
        m_state.jump_rising = true;
        m_state.jump_buffer = 0;
        emit(SimEventType::Jump, 1);
    } else if (pressed & kInputDown) {
        set_player_mode(PlayerMode::Air);
        v.SetZero();
        m_state.grab_cooldown = kLetGoCooldownTicks;
        emit(SimEventType::LetGo);
    } else {
        // Hold the ledge: pinned in place, weightless.
        m_player->SetTransform(b2Vec2(static_cast<float>(m_state.hang_x), static_cast<float>(m_state.hang_y)),
                               0.0f);
        v.SetZero();
    }
    m_player->SetLinearVelocity(v);
}

void Simulation::control_running(InputFrame input, int dir) {
    b2Vec2 v = m_player->GetLinearVelocity();
    const bool grounded = m_state.mode == PlayerMode::Ground;
    if (dir != 0) {
        v.x = static_cast<float>(dir * m_config.run_speed);
    } else {
        const double keep = 1.0 - (grounded ? m_config.ground_drag : m_config.air_drag);
        v.x = static_cast<float>(v.x * keep);
    }
    if (grounded && m_state.jump_buffer > 0 && input.held(kInputUp)) {
        v.y = static_cast<float>(m_config.jump_speed);
        m_state.jump_rising = true;
        m_state.jump_buffer = 0;
        set_player_mode(PlayerMode::Air);
        emit(SimEventType::Jump, 0);
    } else if (m_state.jump_rising && !input.held(kInputUp) && v.y > 0.0f) {
        v.y = 0.0f;  // variable jump height: releasing up before the apex ends the rise
        m_state.jump_rising = false;
    }
    if (v.y <= 0.0f) m_state.jump_rising = false;
    m_player->SetLinearVelocity(v);
}

void Simulation::after_physics(InputFrame input) {
    if (m_state.mode == PlayerMode::Dead) return;
    const b2Vec2 p = m_player->GetPosition();
    const double x = p.x, y = p.y;
    if (m_state.mode == PlayerMode::Ground || m_state.mode == PlayerMode::Air)
        update_ground_contact(input, x, y, m_player->GetLinearVelocity().y);

    // A ledge grab above may have moved the body: traps and the exit see where it is now.
    const Box box = body_box(m_player->GetPosition().x, m_player->GetPosition().y);
    const bool in_any_trap = update_traps(box);
    if (const int trap = killing_trap(box, m_state.tick, m_state.traps); trap >= 0) {
        kill(trap);
        return;
    }
    if (m_state.mode == PlayerMode::Ground && !in_any_trap) {
        const CellPos feet = feet_cell(x, y);
        if (m_config.respawn == RespawnRule::LastCellStoodOn ||
            (feet != m_state.safe_cell && respawn_clear(feet)))
            m_state.safe_cell = feet;
    }

    const Box exit_box{m_level.exit.x * kCellSize, m_level.exit.y * kCellSize,
                       (m_level.exit.x + 1) * kCellSize, (m_level.exit.y + 1) * kCellSize};
    if (!m_state.reached_exit && overlaps(box, exit_box)) {
        m_state.reached_exit = true;
        emit(SimEventType::Exit);
    }
}

void Simulation::update_ground_contact(InputFrame input, double x, double y, float vy) {
    const bool on_ground = vy <= kLandingMaxRise && feet_on_ground(x, y);
    if (on_ground && m_state.mode == PlayerMode::Air) {
        set_player_mode(PlayerMode::Ground);
        const CellPos feet = feet_cell(x, y);
        emit(SimEventType::Land, feet.x, feet.y);
    } else if (!on_ground && m_state.mode == PlayerMode::Ground) {
        set_player_mode(PlayerMode::Air);
    }
    if (m_state.mode == PlayerMode::Air && vy < 0.0f && !input.held(kInputDown) && m_state.grab_cooldown == 0)
        try_grab_ledge();
}

// The traps near `body`, with `also` (bits of trap indices) added: the others' tests are false.
std::span<const std::uint64_t> Simulation::traps_near(const Box& body,
                                                      std::span<const std::uint64_t> also) const {
    std::copy(also.begin(), also.end(), m_near.begin());
    m_trap_columns.add_near(body, m_near);
    return m_near;
}

// The traps update_traps visits besides those near the body, from m_state: the ones the
// body is inside (it may leave them) and the mines whose fuse or rearm time runs.
void Simulation::note_busy_traps() {
    m_busy.assign(m_mines.size(), 0);
    for (std::size_t i = 0; i < m_level.traps.size(); ++i)
        if (m_state.inside_trap[i] ||
            (m_level.traps[i].type == TrapType::Mine && !mine_at_rest(m_state.traps[i])))
            m_busy[i / 64] |= std::uint64_t{1} << (i % 64);
}

bool Simulation::update_traps(const Box& body) {
    bool in_any_trap = false;
    // The others: outside the body's reach, not inside before, a mine at rest stays so.
    each_set_bit(traps_near(body, m_busy), [&](std::size_t i) {
        const Trap& trap = m_level.traps[i];
        TrapState& state = m_state.traps[i];
        const bool inside = overlaps(body, m_trap_areas[i]);
        if (inside && !m_state.inside_trap[i]) emit(SimEventType::TrapEnter, static_cast<int>(i));
        m_state.inside_trap[i] = inside;
        in_any_trap = in_any_trap || inside;
        bool busy = inside;
        if (trap.type == TrapType::Mine) {  // the others are a function of the tick: see traps()
            const MinePhase before = state.mine;
            step_mine(state, inside);
            if (before == MinePhase::Idle && state.mine == MinePhase::Armed)
                emit(SimEventType::MineArmed, static_cast<int>(i));
            if (state.blast) emit(SimEventType::MineBlast, static_cast<int>(i));
            busy = busy || !mine_at_rest(state);
        }
        const std::uint64_t bit = std::uint64_t{1} << (i % 64);
        m_busy[i / 64] = busy ? m_busy[i / 64] | bit : m_busy[i / 64] & ~bit;
    });
    return in_any_trap;
}

// `mines`: per trap, the mines' states at `tick` (a periodic trap's entry is unused).
int Simulation::killing_trap(const Box& body, std::uint64_t tick, const std::vector<TrapState>& mines) const {
    if (!m_config.traps_enabled) return -1;
    int killer = -1;
    each_set_bit(traps_near(body, m_no_traps), [&](std::size_t i) {
        if (killer >= 0 || !overlaps(body, m_trap_reach[i])) return;  // trap_hits would be false
        const Trap& trap = m_level.traps[i];
        const TrapState state = trap.type == TrapType::Mine ? mines[i] : periodic_trap_state(trap, tick);
        if (trap_hits(trap, state, body)) killer = static_cast<int>(i);
    });
    return killer;
}

// Moves `snap`'s clock (tick, deaths) as `to`'s is moved from `from`'s.
static void move_clock(SimSnapshot& snap, const SimSnapshot& from, const SimSnapshot& to) {
    snap.state.tick += to.state.tick - from.state.tick;
    snap.state.deaths += to.state.deaths - from.state.deaths;
}

// update_traps' part for the mines, with the body at `box`: a mine at rest outside it stays.
void Simulation::step_mines(const Box& box, std::vector<TrapState>& mines) const {
    each_set_bit(m_mines, [&](std::size_t i) {
        const bool inside = overlaps(box, m_trap_areas[i]);
        if (inside || !mine_at_rest(mines[i])) step_mine(mines[i], inside);
    });
}

std::size_t Simulation::first_killing_step(const SimSnapshot& from,
                                           std::span<const PlayerView> motion) const {
    return traps_along(from, motion).killing_step;
}

Simulation::TrapsAlong Simulation::traps_along(const SimSnapshot& from, std::span<const PlayerView> motion,
                                               std::span<const std::size_t> marks) const {
    TrapsAlong out{motion.size(), {}};
    std::vector<TrapState> mines = from.state.traps;
    std::uint64_t tick = from.state.tick;
    std::size_t mark = 0;
    for (std::size_t k = 0; k < motion.size(); ++k) {
        ++tick;
        const Box box = body_box(motion[k].x, motion[k].y);
        step_mines(box, mines);
        if (killing_trap(box, tick, mines) >= 0) {
            out.killing_step = k;
            return out;
        }
        for (; mark < marks.size() && marks[mark] == k + 1; ++mark) out.mines_after.push_back(mines);
    }
    return out;
}

std::shared_ptr<const SimSnapshot> Simulation::moved_snapshot(const SimSnapshot& snap,
                                                              const SimSnapshot& from, const SimSnapshot& to,
                                                              std::vector<TrapState> mines) {
    auto out = std::make_shared<SimSnapshot>(snap);
    move_clock(*out, from, to);
    out->state.traps = std::move(mines);
    return out;
}

bool Simulation::respawn_clear(CellPos cell) const {
    const double x = stand_x(cell.x), y = stand_y(cell.y);
    if (!feet_on_ground(x, y)) return false;  // feet on a neighbour's edge, the centre over a gap
    const Box body = body_box(x, y);
    bool clear = true;
    each_set_bit(traps_near(body, m_no_traps), [&](std::size_t i) {
        clear = clear && !overlaps(body, m_trap_areas[i]) && !overlaps(body, m_trap_reach[i]);
    });
    return clear;
}

const std::vector<TrapState>& Simulation::traps() const {
    if (m_trap_view_valid) return m_trap_view;
    m_trap_view = m_state.traps;
    for (std::size_t i = 0; i < m_level.traps.size(); ++i)
        if (m_level.traps[i].type != TrapType::Mine)
            m_trap_view[i] = periodic_trap_state(m_level.traps[i], m_state.tick);
    m_trap_view_valid = true;
    return m_trap_view;
}

void Simulation::try_grab_ledge() {
    const b2Vec2 p = m_player->GetPosition();
    const double top = p.y + kHalfH;
    // Prefer the side the player faces, so a player steering into a wall grabs that wall.
    const int sides[2] = {m_state.facing, -m_state.facing};
    for (int s : sides) {
        const double side_x = p.x + s * kHalfW;
        const int cx = floor_div(side_x + s * kGrabReachX, kCellSize);
        const double corner_x = s > 0 ? cx * kCellSize : (cx + 1) * kCellSize;
        const double gap = (corner_x - side_x) * s;  // >= 0 when the corner is ahead of the side
        if (gap < -kGrabBehind || gap > kGrabReachX) continue;
        // One row of margin below; the window test decides.
        const int row_lo = floor_div(top - kGrabWindowAbove, kCellSize) - 1;
        const int row_hi = floor_div(top + kGrabWindowBelow, kCellSize);
        for (int cy = row_hi; cy >= row_lo; --cy) {
            const double ledge_y = (cy + 1) * kCellSize;
            if (top < ledge_y - kGrabWindowBelow || top > ledge_y + kGrabWindowAbove) continue;
            // A ledge: solid cell, open above it, and open space on the player's side.
            if (!m_level.solid(cx, cy) || m_level.solid(cx, cy + 1)) continue;
            if (m_level.solid(cx - s, cy) || m_level.solid(cx - s, cy + 1)) continue;
            grab_ledge(s, cx, corner_x - s * (kHalfW + kSkin), ledge_y + kHangTopAboveLedge - kHalfH);
            return;
        }
    }
}

void Simulation::grab_ledge(int side, int ledge_x, double hang_x, double hang_y) {
    m_state.hang_x = hang_x;
    m_state.hang_y = hang_y;
    set_player_mode(side < 0 ? PlayerMode::HangLeft : PlayerMode::HangRight);
    m_player->SetLinearVelocity(b2Vec2(0.0f, 0.0f));
    m_player->SetTransform(b2Vec2(static_cast<float>(hang_x), static_cast<float>(hang_y)), 0.0f);
    emit(SimEventType::Hang, side, ledge_x);
}

void Simulation::kill(int trap_index) {
    m_player->SetLinearVelocity(b2Vec2(0.0f, 0.0f));
    set_player_mode(PlayerMode::Dead);
    m_state.dead_timer = kDeathTicks;
    ++m_state.deaths;
    emit(SimEventType::Death, trap_index);
}

void Simulation::respawn() {
    set_player_mode(PlayerMode::Air);
    const CellPos at = m_state.safe_cell;
    m_player->SetTransform(b2Vec2(static_cast<float>(stand_x(at.x)), static_cast<float>(stand_y(at.y))),
                           0.0f);
    m_player->SetLinearVelocity(b2Vec2(0.0f, 0.0f));
    m_state.grab_cooldown = 0;
    m_state.jump_buffer = 0;
    // Mines reset so a respawned player never walks into a half-burnt fuse.
    for (std::size_t i = 0; i < m_level.traps.size(); ++i)
        if (m_level.traps[i].type == TrapType::Mine) m_state.traps[i] = TrapState{};
    std::fill(m_state.inside_trap.begin(), m_state.inside_trap.end(), 0);
    note_busy_traps();
    emit(SimEventType::Respawn, at.x, at.y);
}

void Simulation::place_player(double x, double y) {
    set_player_mode(feet_on_ground(x, y) ? PlayerMode::Ground : PlayerMode::Air);
    m_player->SetTransform(b2Vec2(static_cast<float>(x), static_cast<float>(y)), 0.0f);
    m_player->SetLinearVelocity(b2Vec2(0.0f, 0.0f));
    m_state.jump_rising = false;
    sync_view();
}

void Simulation::sync_view() {
    const b2Vec2 p = m_player->GetPosition();
    const b2Vec2 v = m_player->GetLinearVelocity();
    m_view.x = p.x;
    m_view.y = p.y;
    m_view.vx = v.x;
    m_view.vy = v.y;
    m_view.mode = m_state.mode;
    m_view.grounded = m_state.mode == PlayerMode::Ground;
    m_view.facing = m_state.facing;
}

std::uint64_t Simulation::state_hash() const {
    // Names every field of State, so a field added there does not compile until it is
    // hashed below or said here why not. The order is fixed by the golden hashes in
    // tests/data/. Not hashed: the hang point (the pinned body position, hashed, while
    // hanging; unused otherwise), inside_trap (decides only TrapEnter events) and the
    // periodic traps' states (a function of the tick).
    const auto& [tick, prev_input, mode, facing, jump_rising, jump_buffer, grab_cooldown, dead_timer, deaths,
                 reached_exit, hang_x, hang_y, safe_cell, traps, inside_trap] = m_state;
    Hasher h;
    h.add_u64(tick);
    const b2Vec2 p = m_player->GetPosition();
    const b2Vec2 v = m_player->GetLinearVelocity();
    h.add_float(p.x);
    h.add_float(p.y);
    h.add_float(v.x);
    h.add_float(v.y);
    h.add_u64(static_cast<std::uint64_t>(mode));
    h.add_u64(prev_input.bits);
    h.add_u64(jump_rising);
    h.add_i64(jump_buffer);
    h.add_i64(grab_cooldown);
    h.add_i64(dead_timer);
    h.add_i64(deaths);
    h.add_u64(reached_exit);
    h.add_i64(safe_cell.x);
    h.add_i64(safe_cell.y);
    h.add_i64(facing);
    for (const TrapState& t : traps) {
        h.add_u64(static_cast<std::uint64_t>(t.mine));
        h.add_i64(t.mine_timer);
    }
    return h.value();
}

namespace {
template <class T>
void add_bits(Hasher& h, const T& v) {
    h.add_bytes(&v, sizeof v);
}

// Every field of a TrapState, named once for both snapshot_hash and same_snapshot: `f`
// gets the field of `a` and the same field of `b`.
template <class F>
void each_trap_field(const TrapState& a, const TrapState& b, F&& f) {
    const auto& [deadly, telling, saw_x, saw_y, saw_angle, spike_reach, squeeze_bottom, squeeze_top,
                 electrified, mine, mine_timer, blast] = a;
    f(deadly, b.deadly), f(telling, b.telling), f(saw_x, b.saw_x), f(saw_y, b.saw_y);
    f(saw_angle, b.saw_angle), f(spike_reach, b.spike_reach), f(squeeze_bottom, b.squeeze_bottom);
    f(squeeze_top, b.squeeze_top), f(electrified, b.electrified), f(mine, b.mine);
    f(mine_timer, b.mine_timer), f(blast, b.blast);
}
}  // namespace

// Every field of Simulation::State and the body, named once for both functions below: `f`
// gets the field of `a` and the same field of `b` (which must have as many traps), the
// clock (tick, deaths) only with SnapshotFields::All.
template <class F>
void each_snapshot_field(const SimSnapshot& a, const SimSnapshot& b, SnapshotFields fields, F&& f) {
    const auto& [tick, prev_input, mode, facing, jump_rising, jump_buffer, grab_cooldown, dead_timer, deaths,
                 reached_exit, hang_x, hang_y, safe_cell, traps, inside_trap] = a.state;
    const auto& o = b.state;
    const bool clock = fields == SnapshotFields::All;
    const bool traps_too = fields != SnapshotFields::Motion;
    if (clock) f(tick, o.tick);
    f(prev_input.bits, o.prev_input.bits), f(mode, o.mode), f(facing, o.facing);
    f(jump_rising, o.jump_rising), f(jump_buffer, o.jump_buffer), f(grab_cooldown, o.grab_cooldown);
    f(dead_timer, o.dead_timer);
    if (clock) f(deaths, o.deaths);
    f(reached_exit, o.reached_exit), f(hang_x, o.hang_x), f(hang_y, o.hang_y);
    f(safe_cell.x, o.safe_cell.x), f(safe_cell.y, o.safe_cell.y);
    f(a.position.x, b.position.x), f(a.position.y, b.position.y);
    f(a.velocity.x, b.velocity.x), f(a.velocity.y, b.velocity.y);
    if (!traps_too) return;
    for (std::size_t i = 0; i < traps.size(); ++i) each_trap_field(traps[i], o.traps[i], f);
    for (std::size_t i = 0; i < inside_trap.size(); ++i) f(inside_trap[i], o.inside_trap[i]);
}

std::uint64_t snapshot_hash(const SimSnapshot& snap, SnapshotFields fields) {
    Hasher h;
    each_snapshot_field(snap, snap, fields, [&h](const auto& v, const auto&) { add_bits(h, v); });
    return h.value();
}

bool same_snapshot(const SimSnapshot& a, const SimSnapshot& b, SnapshotFields fields) {
    if (a.state.traps.size() != b.state.traps.size() ||
        a.state.inside_trap.size() != b.state.inside_trap.size())
        return false;
    bool same = true;
    each_snapshot_field(a, b, fields, [&](const auto& x, const auto& y) {
        same = same && std::memcmp(&x, &y, sizeof x) == 0;
    });
    return same;
}

std::shared_ptr<const SimSnapshot> retimed_snapshot(std::shared_ptr<const SimSnapshot> snap,
                                                    const SimSnapshot& from, const SimSnapshot& to) {
    if (to.state.tick == from.state.tick && to.state.deaths == from.state.deaths) return snap;
    auto out = std::make_shared<SimSnapshot>(*snap);
    move_clock(*out, from, to);
    return out;
}

bool same_motion(const SimSnapshot& a, const SimSnapshot& b, InputFrame first) {
    // Names every field of State (a field added there does not compile until it is
    // decided here). Left out: the tick and the traps' states (they only kill: see the
    // header) and deaths (counts only). The rest is what a step's motion reads, plus
    // the respawn cell (a dead player's next position).
    const auto& [tick, prev_input, mode, facing, jump_rising, jump_buffer, grab_cooldown, dead_timer, deaths,
                 reached_exit, hang_x, hang_y, safe_cell, traps, inside_trap] = a.state;
    const Simulation::State& o = b.state;
    auto bits = [](const auto& x, const auto& y) { return std::memcmp(&x, &y, sizeof x) == 0; };
    const bool same_state =
        prev_input == o.prev_input && mode == o.mode && facing == o.facing && jump_rising == o.jump_rising &&
        jump_buffer == o.jump_buffer && grab_cooldown == o.grab_cooldown && dead_timer == o.dead_timer &&
        reached_exit == o.reached_exit && bits(hang_x, o.hang_x) && bits(hang_y, o.hang_y) &&
        safe_cell == o.safe_cell && bits(a.position, b.position);
    if (!same_state) return false;
    // Which velocity the first step reads (Simulation::control): a hanging player's is
    // replaced whole, a steered one's horizontal part (left and right together do not steer).
    if (is_hanging(mode)) return true;
    const std::uint8_t held = first.bits & kInputMask;
    const bool steered =
        mode != PlayerMode::Dead && ((held & kInputLeft) != 0) != ((held & kInputRight) != 0);
    return bits(a.velocity.y, b.velocity.y) && (steered || bits(a.velocity.x, b.velocity.x));
}

std::shared_ptr<const SimSnapshot> copy_snapshot(const SimSnapshot& snap) {
    return std::make_shared<SimSnapshot>(snap);
}

std::shared_ptr<const SimSnapshot> Simulation::snapshot() const {
    return std::make_shared<SimSnapshot>(
        SimSnapshot{m_state, m_player->GetPosition(), m_player->GetLinearVelocity()});
}

void Simulation::restore(const SimSnapshot& snap) {
    m_state = snap.state;
    m_trap_view_valid = false;
    note_busy_traps();
    set_player_mode(m_state.mode);  // sets the body's weight and collision for the mode
    m_player->SetTransform(snap.position, 0.0f);
    m_player->SetLinearVelocity(snap.velocity);
    m_events.clear();
    sync_view();
}

}  // namespace sawtooth
