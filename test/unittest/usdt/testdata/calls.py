#!/usr/bin/python3
# The python of the usdt provider's tests: functions python calls from C
# (map), which its function__entry and function__return probes report.


def square(x):
    return x * x


def cube(x):
    return x * x * x


list(map(square, range(3)))
list(map(cube, range(2)))
