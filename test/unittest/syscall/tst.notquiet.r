                   FUNCTION:NAME
                     umask:entry                  398

-- @@stderr --
dtrace: script 'unittest/syscall/tst.notquiet.d' matched 1 probe
