/* @@nosort */
#pragma D option quiet

/*
 * cleanpath() follows dtrace-utils' rules: "//" and "/./" collapse, a
 * leading "./" goes, a ".." takes the component before it, the ".." a
 * relative path cannot resolve stay in front, an absolute path's go; no
 * trailing "/"; a relative path left empty is ".".
 */
BEGIN
{
	printf("[%s]\n", cleanpath("./a/b"));
	printf("[%s]\n", cleanpath("a/./b/."));
	printf("[%s]\n", cleanpath("/a/b/"));
	printf("[%s]\n", cleanpath("../a/../b"));
	printf("[%s]\n", cleanpath("a/../../b"));
	printf("[%s]\n", cleanpath("/.."));
	printf("[%s]\n", cleanpath(".."));
	printf("[%s]\n", cleanpath("."));
	printf("[%s]\n", cleanpath("/"));
	printf("[%s]\n", cleanpath("a/.."));
	printf("[%s]\n", cleanpath("/a/.."));
	printf("[%s]\n", cleanpath("//"));
	printf("[%s]\n", cleanpath("a//b"));
	exit(0);
}

END
{
	printf("[%s]\n", cleanpath("/a/b/../c"));
	printf("[%s]\n", cleanpath("/a/b/../../.."));
	printf("[%s]\n", cleanpath("../../x"));
	printf("[%s]\n", cleanpath("a/b/c/../../../.."));
	printf("[%s]\n", cleanpath("./"));
	printf("[%s]\n", cleanpath("/."));
	printf("[%s]\n", cleanpath("x/"));
	printf("[%s]\n", cleanpath("/x/./y/./"));
	printf("[%s]\n", cleanpath("a/.../b"));
	printf("[%s]\n", cleanpath("..a/b/..b"));
	printf("[%s]\n", cleanpath(""));
	printf("[%s]\n", cleanpath("a/b/.."));
	printf("[%s]\n", cleanpath("/../../a"));
}
