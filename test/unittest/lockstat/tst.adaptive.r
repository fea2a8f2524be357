adaptive-block and adaptive-spin fired 50 times or more: 1

