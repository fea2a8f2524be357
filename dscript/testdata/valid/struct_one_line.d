/* Exercises: compact one-line clauses. */
BEGIN { i = 0; }
tick-10ms { i++; }
tick-1sec /i > 50/ { printf("%d ticks\n", i); exit(0); }
