cpc:::cpu_clock-all-01000000 1
cpc:::cpu_clock-all-1000000 1

