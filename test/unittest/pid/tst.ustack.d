/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-pid/pidprog */
/* @@nosort */

/*
 * ustack() in pid probes where the frame pointer is set up: in asm_frame
 * past its prologue (offset 4, its call of fn_neg), then at the return of
 * the fn_neg it called (at fn_neg's ret, offset 4, which returns to
 * asm_frame+0x9).
 */
pid$target:a.out:asm_frame:4
{
	ustack(2);
}

pid$target:a.out:fn_neg:return
/(int)arg1 == -7/
{
	ustack(2);
}
