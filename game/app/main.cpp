#include <cstdio>
int main() { std::puts("sawtooth: under construction"); return 0; }
