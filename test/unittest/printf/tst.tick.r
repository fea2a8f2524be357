tick-10ms fired

