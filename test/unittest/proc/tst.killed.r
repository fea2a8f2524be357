target running
target gone

