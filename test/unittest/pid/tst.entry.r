fn_add3:entry 1 2 3
fn_eight:entry 1 2 3 4 5 6 7 8
fn_neg:entry 42
fn_neg:entry 7

