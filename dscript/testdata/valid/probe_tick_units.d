/* Exercises: tick-N probes with second/minute/hour/day units, long and short forms, and bare Hz. */
BEGIN { a = b = c = d = e = f = g = h = i = j = 0; }
tick-1s { a++; }
tick-2sec { b++; }
tick-1m { c++; }
tick-1min { d++; }
tick-1h { e++; }
tick-1hour { f++; }
tick-1d { g++; }
tick-1day { h++; }
tick-100 { i++; }
tick-50hz { j++; }
