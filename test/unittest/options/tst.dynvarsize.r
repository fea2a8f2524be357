1 2 3 4 0

-- @@stderr --
dtrace: 1 dynamic variable drop
