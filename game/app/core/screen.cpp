#include "game/app/core/screen.hpp"

namespace sawtooth::app {

void ScreenStack::push(std::unique_ptr<Screen> s) { m_pending.push_back(std::move(s)); }

void ScreenStack::pop() { ++m_pops; }

void ScreenStack::replace(std::unique_ptr<Screen> s) {
    pop();
    push(std::move(s));
}

void ScreenStack::reset(std::unique_ptr<Screen> s) {
    m_reset = true;
    m_pending.clear();
    m_pops = 0;
    push(std::move(s));
}

void ScreenStack::apply() {
    if (m_reset) {
        m_screens.clear();
        m_reset = false;
    }
    for (; m_pops > 0 && !m_screens.empty(); --m_pops) m_screens.pop_back();
    m_pops = 0;
    for (auto& s : m_pending) m_screens.push_back(std::move(s));
    m_pending.clear();
}

Screen* ScreenStack::top() const { return m_screens.empty() ? nullptr : m_screens.back().get(); }

void ScreenStack::render(SDL_Renderer* r, double alpha, double real_dt) {
    if (m_screens.empty()) return;
    std::size_t first = m_screens.size() - 1;
    while (first > 0 && m_screens[first]->is_overlay()) --first;
    for (std::size_t i = first; i < m_screens.size(); ++i) m_screens[i]->render(r, alpha, real_dt);
}

}  // namespace sawtooth::app
