1 2 3 4 0
1 2 0 4 5

-- @@stderr --
dtrace: 1 dynamic variable drop
