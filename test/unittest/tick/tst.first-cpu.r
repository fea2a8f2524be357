tick-10ms on CPU 0, tick-7ms on CPU 0

