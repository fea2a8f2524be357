mismatches: 0
fired: enough

