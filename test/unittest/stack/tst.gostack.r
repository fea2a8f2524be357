              gostack`main.c+0x25
              gostack`main.b+0x13
              gostack`main.a+0x13
              gostack`main.main+0x1a
