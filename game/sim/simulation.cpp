#include "game/sim/simulation.hpp"

#include "game/sim/level_geometry.hpp"
#include "gen/hash.hpp"

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace sawtooth {

namespace {
constexpr int kVelocityIterations = 8;
constexpr int kPositionIterations = 3;
constexpr double kHalfW = kPlayerWidth / 2;
constexpr double kHalfH = kPlayerHeight / 2;
// Box2D keeps polygons this far apart (b2_polygonRadius); resting bodies float by it.
constexpr double kSkin = 2.0 * b2_linearSlop;

int floor_div(double v, double cell) { return static_cast<int>(std::floor(v / cell)); }

Box body_box(double x, double y) { return {x - kHalfW, y - kHalfH, x + kHalfW, y + kHalfH}; }
}  // namespace

double stand_x(int cell_x) { return (cell_x + 0.5) * kCellSize; }
double stand_y(int cell_y) { return cell_y * kCellSize + kHalfH + kSkin; }

struct SimSnapshot {
    std::uint64_t tick;
    b2Vec2 pos, vel;
    float gravity_scale;
    bool enabled;
    PlayerView view;
    std::vector<TrapState> traps;
    InputFrame prev_input;
    PlayerMode mode;
    bool jump_rising;
    int jump_buffer, grab_cooldown, dead_timer, deaths;
    bool reached_exit;
    double hang_x, hang_y;
    int hang_ledge_x;
    std::vector<std::uint8_t> inside_trap;
    CellPos safe_cell;
};

Simulation::Simulation(const Level& level, const SimConfig& config) : m_level(level), m_config(config) {
    if (const std::string problem = validate_level(level); !problem.empty())
        throw std::invalid_argument("invalid level: " + problem);
    m_trap_cell.assign(static_cast<std::size_t>(level.width * level.height), 0);
    for (std::size_t i = 0; i < level.traps.size(); ++i)
        for (const CellPos c : trap_cells(level.traps[i]))
            m_trap_cell[static_cast<std::size_t>(c.y * level.width + c.x)] = static_cast<int>(i) + 1;
    m_traps.resize(level.traps.size());
    m_inside_trap.assign(level.traps.size(), 0);
    for (std::size_t i = 0; i < level.traps.size(); ++i)
        if (level.traps[i].type != TrapType::Mine) m_traps[i] = periodic_trap_state(level.traps[i], 0);
    m_safe_cell = level.start;
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
    fd.density = 1.0f;
    fd.friction = 0.0f;
    fd.restitution = 0.0f;
    m_player->CreateFixture(&fd);
    b2MassData md;
    md.mass = static_cast<float>(kPlayerMass);
    md.center.SetZero();
    md.I = 0.0f;
    m_player->SetMassData(&md);
    m_mode = PlayerMode::Air;
    sync_view();
}

bool Simulation::feet_on_ground(double x, double y) const {
    const double feet = y - kHalfH;
    const int row = floor_div(feet - kGroundProbe, kCellSize);
    // The floor must be within the probe of the feet: the row's top edge.
    const double top = (row + 1) * kCellSize;
    if (feet - top > kGroundProbe || feet < top - 0.25) return false;
    const int c0 = floor_div(x - kHalfW + 0.02, kCellSize);
    const int c1 = floor_div(x + kHalfW - 0.02, kCellSize);
    for (int c = c0; c <= c1; ++c)
        if (m_level.solid(c, row)) return true;
    return false;
}

void Simulation::emit(SimEventType type, int a, int b) { m_events.push_back({m_tick, type, a, b}); }

void Simulation::step(InputFrame input) {
    m_events.clear();
    ++m_tick;
    input.bits &= kInputMask;

    if (m_mode == PlayerMode::Dead) {
        if (--m_dead_timer <= 0) respawn();
    } else {
        control(input);
    }
    m_world->Step(static_cast<float>(kTickSeconds), kVelocityIterations, kPositionIterations);
    after_physics(input);
    m_prev_input = input;
    sync_view();
}

void Simulation::control(InputFrame input) {
    const std::uint8_t pressed = input.bits & ~m_prev_input.bits;
    const bool up_pressed = pressed & kInputUp;
    if (up_pressed)
        m_jump_buffer = kJumpBufferTicks;
    else if (m_jump_buffer > 0)
        --m_jump_buffer;
    if (m_grab_cooldown > 0) --m_grab_cooldown;

    b2Vec2 v = m_player->GetLinearVelocity();
    const bool left = input.held(kInputLeft), right = input.held(kInputRight);
    const int dir = (right ? 1 : 0) - (left ? 1 : 0);
    if (dir != 0) m_view.facing = dir;

    if (m_mode == PlayerMode::HangLeft || m_mode == PlayerMode::HangRight) {
        if (up_pressed) {
            m_mode = PlayerMode::Air;
            m_player->SetGravityScale(1.0f);
            v.Set(static_cast<float>(dir * m_config.run_speed), static_cast<float>(m_config.jump_speed));
            m_jump_rising = true;
            m_jump_buffer = 0;
            emit(SimEventType::Jump, 1);
        } else if (pressed & kInputDown) {
            m_mode = PlayerMode::Air;
            m_player->SetGravityScale(1.0f);
            v.SetZero();
            m_grab_cooldown = kLetGoCooldownTicks;
            emit(SimEventType::LetGo);
        } else {
            // Hold the ledge: pinned in place, weightless.
            m_player->SetTransform(b2Vec2(static_cast<float>(m_hang_x), static_cast<float>(m_hang_y)), 0.0f);
            v.SetZero();
        }
        m_player->SetLinearVelocity(v);
        return;
    }

    const bool grounded = m_mode == PlayerMode::Ground;
    if (dir != 0) {
        v.x = static_cast<float>(dir * m_config.run_speed);
    } else {
        const double keep = 1.0 - (grounded ? m_config.ground_drag : m_config.air_drag);
        v.x = static_cast<float>(v.x * keep);
    }
    if (grounded && m_jump_buffer > 0 && input.held(kInputUp)) {
        v.y = static_cast<float>(m_config.jump_speed);
        m_jump_rising = true;
        m_jump_buffer = 0;
        m_mode = PlayerMode::Air;
        emit(SimEventType::Jump, 0);
    } else if (m_jump_rising && !input.held(kInputUp) && v.y > 0.0f) {
        v.y = 0.0f;  // variable jump height: releasing up before the apex ends the rise
        m_jump_rising = false;
    }
    if (v.y <= 0.0f) m_jump_rising = false;
    m_player->SetLinearVelocity(v);
}

void Simulation::after_physics(InputFrame input) {
    if (m_mode == PlayerMode::Dead) return;
    const b2Vec2 p = m_player->GetPosition();
    const b2Vec2 v = m_player->GetLinearVelocity();
    const double x = p.x, y = p.y;

    if (m_mode == PlayerMode::Ground || m_mode == PlayerMode::Air) {
        const bool on_ground = v.y <= 0.01f && feet_on_ground(x, y);
        if (on_ground && m_mode == PlayerMode::Air) {
            m_mode = PlayerMode::Ground;
            emit(SimEventType::Land, floor_div(x, kCellSize), floor_div(y - kHalfH + 0.05, kCellSize));
        } else if (!on_ground && m_mode == PlayerMode::Ground) {
            m_mode = PlayerMode::Air;
        }
        if (m_mode == PlayerMode::Air && v.y < 0.0f && !input.held(kInputDown) && m_grab_cooldown == 0)
            try_grab_ledge();
    }

    // Traps: entering, killing, mines.
    const Box box = body_box(m_player->GetPosition().x, m_player->GetPosition().y);
    bool in_any_trap = false;
    for (std::size_t i = 0; i < m_level.traps.size(); ++i) {
        const Trap& trap = m_level.traps[i];
        const bool inside = overlaps(box, trap_area(trap));
        if (inside && !m_inside_trap[i]) emit(SimEventType::TrapEnter, static_cast<int>(i));
        m_inside_trap[i] = inside;
        in_any_trap = in_any_trap || inside;
        if (trap.type == TrapType::Mine) {
            const MinePhase before = m_traps[i].mine;
            step_mine(m_traps[i], inside);
            if (before == MinePhase::Idle && m_traps[i].mine == MinePhase::Armed)
                emit(SimEventType::MineArmed, static_cast<int>(i));
            if (m_traps[i].blast) emit(SimEventType::MineBlast, static_cast<int>(i));
        } else {
            m_traps[i] = periodic_trap_state(trap, m_tick);
        }
    }
    if (m_config.traps_enabled)
        for (std::size_t i = 0; i < m_level.traps.size(); ++i)
            if (trap_hits(m_level.traps[i], m_traps[i], box)) {
                kill(static_cast<int>(i));
                return;
            }

    if (m_mode == PlayerMode::Ground && !in_any_trap)
        m_safe_cell = {floor_div(x, kCellSize), floor_div(y - kHalfH + 0.05, kCellSize)};

    const Box exit_box{m_level.exit.x * kCellSize, m_level.exit.y * kCellSize,
                       (m_level.exit.x + 1) * kCellSize, (m_level.exit.y + 1) * kCellSize};
    if (!m_reached_exit && overlaps(box, exit_box)) {
        m_reached_exit = true;
        emit(SimEventType::Exit);
    }
}

void Simulation::try_grab_ledge() {
    const b2Vec2 p = m_player->GetPosition();
    const double top = p.y + kHalfH;
    // Prefer the side the player faces, so a player steering into a wall grabs that wall.
    const int sides[2] = {m_view.facing, -m_view.facing};
    for (int s : sides) {
        const double side_x = p.x + s * kHalfW;
        const int cx = floor_div(side_x + s * kGrabReachX, kCellSize);
        const double corner_x = s > 0 ? cx * kCellSize : (cx + 1) * kCellSize;
        const double gap = (corner_x - side_x) * s;  // >= 0 when the corner is ahead of the side
        if (gap < -0.05 || gap > kGrabReachX) continue;
        const int row_lo = floor_div(top - kGrabWindowAbove, kCellSize) - 1;
        const int row_hi = floor_div(top + kGrabWindowBelow, kCellSize);
        for (int cy = row_hi; cy >= row_lo; --cy) {
            const double ledge_y = (cy + 1) * kCellSize;
            if (top < ledge_y - kGrabWindowBelow || top > ledge_y + kGrabWindowAbove) continue;
            // A ledge: solid cell, open above it, and open space on the player's side.
            if (!m_level.solid(cx, cy) || m_level.solid(cx, cy + 1)) continue;
            if (m_level.solid(cx - s, cy) || m_level.solid(cx - s, cy + 1)) continue;
            m_hang_x = corner_x - s * (kHalfW + kSkin);
            m_hang_y = ledge_y + kHangTopAboveLedge - kHalfH;
            m_hang_ledge_x = cx;
            m_mode = s < 0 ? PlayerMode::HangLeft : PlayerMode::HangRight;
            m_jump_rising = false;
            m_player->SetGravityScale(0.0f);
            m_player->SetLinearVelocity(b2Vec2(0.0f, 0.0f));
            m_player->SetTransform(b2Vec2(static_cast<float>(m_hang_x), static_cast<float>(m_hang_y)), 0.0f);
            emit(SimEventType::Hang, s, cx);
            return;
        }
    }
}

void Simulation::kill(int trap_index) {
    m_mode = PlayerMode::Dead;
    m_dead_timer = kDeathTicks;
    ++m_deaths;
    m_jump_rising = false;
    m_player->SetLinearVelocity(b2Vec2(0.0f, 0.0f));
    m_player->SetGravityScale(0.0f);
    m_player->SetEnabled(false);
    emit(SimEventType::Death, trap_index);
}

void Simulation::respawn() {
    m_player->SetEnabled(true);
    m_player->SetGravityScale(1.0f);
    m_player->SetTransform(
        b2Vec2(static_cast<float>(stand_x(m_safe_cell.x)), static_cast<float>(stand_y(m_safe_cell.y))), 0.0f);
    m_player->SetLinearVelocity(b2Vec2(0.0f, 0.0f));
    m_mode = PlayerMode::Air;
    m_grab_cooldown = 0;
    m_jump_buffer = 0;
    // Mines reset so a respawned player never walks into a half-burnt fuse.
    for (std::size_t i = 0; i < m_level.traps.size(); ++i)
        if (m_level.traps[i].type == TrapType::Mine) m_traps[i] = TrapState{};
    std::fill(m_inside_trap.begin(), m_inside_trap.end(), 0);
    emit(SimEventType::Respawn, m_safe_cell.x, m_safe_cell.y);
}

void Simulation::place_player(double x, double y) {
    m_player->SetEnabled(true);
    m_player->SetGravityScale(1.0f);
    m_player->SetTransform(b2Vec2(static_cast<float>(x), static_cast<float>(y)), 0.0f);
    m_player->SetLinearVelocity(b2Vec2(0.0f, 0.0f));
    m_mode = PlayerMode::Air;
    if (feet_on_ground(x, y)) m_mode = PlayerMode::Ground;
    m_jump_rising = false;
    sync_view();
}

void Simulation::sync_view() {
    const b2Vec2 p = m_player->GetPosition();
    const b2Vec2 v = m_player->GetLinearVelocity();
    m_view.x = p.x;
    m_view.y = p.y;
    m_view.vx = v.x;
    m_view.vy = v.y;
    m_view.mode = m_mode;
    m_view.grounded = m_mode == PlayerMode::Ground;
}

std::uint64_t Simulation::state_hash() const {
    Hasher h;
    h.add_u64(m_tick);
    const b2Vec2 p = m_player->GetPosition();
    const b2Vec2 v = m_player->GetLinearVelocity();
    h.add_float(p.x);
    h.add_float(p.y);
    h.add_float(v.x);
    h.add_float(v.y);
    h.add_u64(static_cast<std::uint64_t>(m_mode));
    h.add_u64(m_prev_input.bits);
    h.add_u64(m_jump_rising);
    h.add_i64(m_jump_buffer);
    h.add_i64(m_grab_cooldown);
    h.add_i64(m_dead_timer);
    h.add_i64(m_deaths);
    h.add_u64(m_reached_exit);
    h.add_i64(m_safe_cell.x);
    h.add_i64(m_safe_cell.y);
    h.add_i64(m_view.facing);
    for (const TrapState& t : m_traps) {
        h.add_u64(static_cast<std::uint64_t>(t.mine));
        h.add_i64(t.mine_timer);
    }
    return h.value();
}

std::shared_ptr<const SimSnapshot> Simulation::snapshot() const {
    auto s = std::make_shared<SimSnapshot>();
    s->tick = m_tick;
    s->pos = m_player->GetPosition();
    s->vel = m_player->GetLinearVelocity();
    s->gravity_scale = m_player->GetGravityScale();
    s->enabled = m_player->IsEnabled();
    s->view = m_view;
    s->traps = m_traps;
    s->prev_input = m_prev_input;
    s->mode = m_mode;
    s->jump_rising = m_jump_rising;
    s->jump_buffer = m_jump_buffer;
    s->grab_cooldown = m_grab_cooldown;
    s->dead_timer = m_dead_timer;
    s->deaths = m_deaths;
    s->reached_exit = m_reached_exit;
    s->hang_x = m_hang_x;
    s->hang_y = m_hang_y;
    s->hang_ledge_x = m_hang_ledge_x;
    s->inside_trap = m_inside_trap;
    s->safe_cell = m_safe_cell;
    return s;
}

void Simulation::restore(const SimSnapshot& s) {
    m_tick = s.tick;
    m_player->SetEnabled(s.enabled);
    m_player->SetTransform(s.pos, 0.0f);
    m_player->SetLinearVelocity(s.vel);
    m_player->SetGravityScale(s.gravity_scale);
    m_view = s.view;
    m_traps = s.traps;
    m_prev_input = s.prev_input;
    m_mode = s.mode;
    m_jump_rising = s.jump_rising;
    m_jump_buffer = s.jump_buffer;
    m_grab_cooldown = s.grab_cooldown;
    m_dead_timer = s.dead_timer;
    m_deaths = s.deaths;
    m_reached_exit = s.reached_exit;
    m_hang_x = s.hang_x;
    m_hang_y = s.hang_y;
    m_hang_ledge_x = s.hang_ledge_x;
    m_inside_trap = s.inside_trap;
    m_safe_cell = s.safe_cell;
    m_events.clear();
}

}  // namespace sawtooth

// Box2D times every step for its b2Profile (b2World::Step and Solve construct and read
// b2Timers, ~10 gettimeofday calls per step). Nothing reads the profile, and on this VM
// those clock reads were ~30 % of a simulated study's CPU (perf), so the library's timer
// is replaced by one that never reads the clock: the executable's definitions interpose
// the shared library's (its calls to them go through the PLT). Physics is unaffected.
b2Timer::b2Timer() : m_start_sec(0), m_start_usec(0) {}
void b2Timer::Reset() {}
float b2Timer::GetMilliseconds() const { return 0.0f; }
