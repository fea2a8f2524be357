30

-- @@stderr --
dtrace: 30 dynamic variable drops
