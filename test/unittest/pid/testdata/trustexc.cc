// trustexc: a C++ exception thrown through functions, caught in main: a
// stack unwinder walks the callers' return addresses.
#include <cstdio>
#include <stdexcept>
#include <string>

__attribute__((noinline)) int thrower(int x)
{
	if (x > 0)
		throw std::runtime_error("boom " + std::to_string(x));
	return x;
}

__attribute__((noinline)) int middle(int x) { return thrower(x) + 1; }

int main(int argc, char **)
{
	try {
		middle(argc);
		std::printf("not reached\n");
	} catch (const std::exception &e) {
		std::printf("caught %s\n", e.what());
	}
	return 0;
}
