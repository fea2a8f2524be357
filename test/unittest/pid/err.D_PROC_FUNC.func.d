/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -c /tmp/dtrace-pid/pidprog */

/* A function the module named does not have. */
pid$target:a.out:no_such_function:entry
{
}
