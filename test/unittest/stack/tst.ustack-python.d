/* @@pre: mkdir -p /tmp/dtrace-dwarf && cp unittest/stack/testdata/dwarf/spin.py /tmp/dtrace-dwarf/spin.py && chmod +x /tmp/dtrace-dwarf/spin.py */
/* @@runtest-opts: -q -c /tmp/dtrace-dwarf/spin.py */
/* @@post: sh unittest/stack/testdata/dwarf/whole.sh */
/* @@timeout: 30 */

/*
 * python3 (built without frame pointers) spinning at the bottom of a
 * Python call chain: its profile's user stacks are the interpreter's
 * native frames down to main's (Py_BytesMain, which main calls as its
 * tail call) and _start in at least 95 % of the samples.
 */
profile-199
/pid == $target/
{
	@[ustack()] = count();
}

tick-3s
{
	exit(0);
}
