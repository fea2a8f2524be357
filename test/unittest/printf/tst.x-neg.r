ffffffff ffffffffffffffff

