/* @@runtest-opts: -q -c unittest/usdt/glob.sh */

/*
 * The test is glob.sh, which runs dtrace itself (the binary that started
 * it, /proc/$PPID/exe) on two processes it started, and writes their pids
 * by their roles. This dtrace only waits for it.
 */
BEGIN
{
}
