#!/usr/bin/python3
# Spins for 5 s at the bottom of a Python call chain 30 calls deep.
import time


def f(n):
    if n == 0:
        t = time.time()
        x = 0
        while time.time() - t < 5:
            x += 1
        return x
    return f(n - 1) + 1


f(30)
