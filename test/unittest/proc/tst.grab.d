/*
 * @@runtest-opts: -q -c unittest/proc/grab.sh
 * The test is grab.sh, which runs dtrace itself (the binary that started
 * it, $DTRACE, as the suite gives it) and writes pids by their role, as they change from
 * run to run. This dtrace only waits for it.
 */
BEGIN
{
}
