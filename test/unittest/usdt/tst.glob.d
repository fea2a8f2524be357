/* @@runtest-opts: -q -c unittest/usdt/glob.sh */

/*
 * The test is glob.sh, which runs dtrace itself (the binary that started
 * it, $DTRACE, as the suite gives it) on two processes it started, and writes their pids
 * by their roles. This dtrace only waits for it.
 */
BEGIN
{
}
