/* @@pre: sh unittest/usdt/build.sh c++ */
/* @@runtest-opts: -q -c /tmp/dtrace-usdt/throw */
/* @@post: sed -E "s/libstdc\+\+\.so\.6\.[0-9.]+/libstdc++.so.6/" */

/*
 * libstdc++'s throw and catch probes, in the library: a C++ program
 * throws an int three times. arg1 of throw is the exception's
 * std::type_info, whose name ("i") it points to at offset 8.
 */
libstdcxx$target:::throw
{
	printf("%s %s %s\n", probemod, probename, copyinstr(*(uint64_t *)copyin(arg1 + 8, 8)));
}

libstdcxx$target:::catch
{
	printf("%s %s\n", probemod, probename);
}
