/* @@nosort */
#pragma D option quiet

/*
 * cleanpath() keeps the count of a relative path's unresolved ".."
 * modulo 16, as dtrace-utils' dt_cleanpath does: seventeen of them come
 * out as one. Its argument may be any string: a variable's, a member's.
 */
BEGIN
{
	printf("[%s]\n", cleanpath("../../../../../../../../../../../../../../../../../x"));
	printf("[%s]\n", cleanpath("a/../../../../../../../../../../../../../../../../../../y"));
	printf("[%s]\n", cleanpath("../../../../../../../../../../../../../../../z"));
	p = "/usr/lib/../lib64/./libc.so.6";
	printf("[%s]\n", cleanpath(p));
	this->p = strjoin("./", "dir//file");
	printf("[%s]\n", cleanpath(this->p));
	exit(0);
}
