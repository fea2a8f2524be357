
              perf-PID.map`jit_getppid+0xb
              0x7fdfd6d8b050
              jitprog`main+0x214


              perf-PID.map`jit_getppid+0xb
              0x7fdfd6d8b050
              jitprog`main+0x214
                1

              perf-PID.map`jit_getppid+0xb
              0x7fdfd6d8b050
              perf-PID.map`jit_late+0x10
                1
