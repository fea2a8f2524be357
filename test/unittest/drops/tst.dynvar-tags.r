
-- @@stderr --
dtrace: [DTRACEDROP_DYNAMIC] 2 dynamic variable drops
