tick-20msec

