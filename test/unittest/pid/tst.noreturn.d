/* @@runtest-opts: -q -c unittest/pid/noreturn.sh */

/*
 * The test is noreturn.sh, which runs dtrace itself (the binary that
 * started it, $DTRACE, as the suite gives it): a function with no return
 * instruction (_start) has no return probe, and dtrace says so. This
 * dtrace only waits for it.
 */
BEGIN
{
}
