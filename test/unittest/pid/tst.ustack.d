/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-pid/pidprog */
/* @@nosort */

/*
 * ustack() in pid probes where the frame pointer is set up: in asm_frame
 * past its prologue (offset 4, its call of fn_neg), then at the return of
 * the fn_neg it called (a uretprobe: fn_neg has returned to asm_frame).
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
