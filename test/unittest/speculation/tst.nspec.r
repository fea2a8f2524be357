1 2 0 0

-- @@stderr --
dtrace: 2 failed speculations (no speculative buffer available)
