/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-pid/pidprog */

/*
 * strlen is an IFUNC: its symbol is the resolver, which runs once, as the
 * dynamic linker binds it. The probe is on the implementation the resolver
 * chose, which fn_len calls: it fires, with strlen's argument.
 */
pid$target:a.out:fn_len:entry
{
	self->len = 1;
}

pid$target:a.out:fn_len:return
{
	self->len = 0;
}

pid$target:libc.so.6:strlen:entry
/copyinstr(arg0) == "hello, ifunc"/
{
	printf("%s:%s:%s \"%s\"\n", probemod, probefunc, probename, copyinstr(arg0));
}

pid$target:libc.so.6:strlen:return
/self->len/
{
	printf("%s:%s:%s %d\n", probemod, probefunc, probename, arg1);
}
