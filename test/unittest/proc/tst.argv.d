/*
 * @@runtest-opts: -q -c unittest/proc/argv.sh
 * The test is argv.sh, which runs dtrace itself (the binary that started
 * it, $DTRACE, as the suite gives it) and writes pids by their role, as they change from
 * run to run. This dtrace only waits for it.
 */
BEGIN
{
}
