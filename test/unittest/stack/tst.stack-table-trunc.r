

              ustackprog`c+0xf
              ustackprog`b+0x18
              ustackprog`a+0x18
                1

              ustackprog`c+0xf
              ustackprog`b+0x18
              ustackprog`a+0x18
              ustackprog`main+0x48
                1
