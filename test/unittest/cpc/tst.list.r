PROVIDER NAME
cpc cpu_clock-all-1000000000
cpc page_faults-all-1000000000
cpc page_faults-user-100
