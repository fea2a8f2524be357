target is another process: 1
target exits

