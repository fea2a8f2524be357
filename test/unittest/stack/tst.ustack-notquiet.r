                   FUNCTION:NAME
                   getppid:entry 
              ustackprog`c+0xf
              ustackprog`b+0x18
              ustackprog`a+0x18
              ustackprog`main+0x1c


-- @@stderr --
dtrace: script 'unittest/stack/tst.ustack-notquiet.d' matched 1 probe
