/* @@runtest-opts: -q -c unittest/pid/grab.sh */

/*
 * The test is grab.sh, which runs dtrace itself (the binary that started
 * it, $DTRACE, as the suite gives it) with -p on a process it started, and writes the pid
 * by its role. This dtrace only waits for it.
 */
BEGIN
{
}
