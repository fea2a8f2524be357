one
two

-- @@stderr --
dtrace: 2 speculative drops
