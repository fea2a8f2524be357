/* libloop: the library loader loads and unloads. */
int loop_fn(int x) { return x + 1; }
int loop_fn2(int x) { return x * 2; }
