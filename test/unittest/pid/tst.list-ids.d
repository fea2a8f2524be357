/* @@runtest-opts: -q -c unittest/pid/list-ids.sh */

/*
 * The test is list-ids.sh, which runs dtrace itself (the binary that
 * started it, $DTRACE, as the suite gives it): a pid probe has the same id under -l as in
 * the trace output, the id DTrace gives a probe made on demand (the next
 * after every listed probe). This dtrace only waits for it.
 */
BEGIN
{
}
