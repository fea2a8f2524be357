/* @@runtest-opts: -q -c unittest/pid/fault.sh */

/*
 * The test is fault.sh, which runs dtrace itself (the binary that started
 * it, $DTRACE, as the suite gives it) on pidprog and writes pids and probe ids by their
 * role. This dtrace only waits for it.
 */
BEGIN
{
}
