

              ustackprog`c+0xf
                3

              ustackprog`c+0xf
              ustackprog`b+0x18
                3
-- @@stderr --
dtrace: 3 aggregation drops on CPU 0
