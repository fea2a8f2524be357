
              perf-PID.map`jit_getppid+0xb
              0x7f22ba81d050
              jitprog`main+0x2a2
  perf-PID.map`jit_getppid
  perf-PID.map`jit_getppid
  perf-PID.map
  perf-PID.map`jit_getppid+0xb
perf-PID.map`jit_getppid+0xb

