speculation 1
before the commit
speculative line 1
speculative line 2, with a string
after the commit

