profile:::tick-20ms

