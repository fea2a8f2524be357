/* Exercises: aggregation keyed by stack() printed with %k in printa. */
#pragma D option quiet

fbt:vmlinux:kmem_cache_alloc*:entry
{
	@st[stack(8)] = count();
}

END
{
	trunc(@st, 5);
	printa("%k\n%@d\n\n", @st);
}
