tick-50hz

