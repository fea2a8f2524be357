spin-spin fired 5 times or more: 1

