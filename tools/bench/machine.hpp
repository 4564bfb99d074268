#pragma once
// What a benchmark ran on, printed beside its figures: the CPU model and the load the
// machine carried (other work slows the figures). Benchmarks only.

#include <cstdlib>
#include <fstream>
#include <string>

namespace sawtooth::bench {

/// The CPU model ("model name" of /proc/cpuinfo; "unknown" elsewhere).
inline std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
            return line.substr(line.find(':') + 2);
    return "unknown";
}

/// The 1-minute load average now (-1 when unknown).
inline double load_average() {
    double load[1];
    return getloadavg(load, 1) == 1 ? load[0] : -1.0;
}

}  // namespace sawtooth::bench
