
  abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz0123                1
