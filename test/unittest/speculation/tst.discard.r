after the discard

