/* @@runtest-opts: -q -c unittest/pid/sigkill.sh */
/* @@timeout: 120 */

/*
 * The test is sigkill.sh, which runs dtrace itself (the binary that
 * started it, $DTRACE, as the suite gives it) on a process it started, kills it with
 * SIGKILL, and checks the traced process's memory at the probed function.
 * This dtrace only waits for it.
 */
BEGIN
{
}
