/*
 * A process that does not exist (pid 2^22 + 1 is past any pid_max): no
 * pid probe can be made in it, as DTrace says.
 */
pid4194305:::entry
{
}
