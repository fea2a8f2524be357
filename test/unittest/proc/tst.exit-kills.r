status 0
target gone

