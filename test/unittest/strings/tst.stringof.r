[hi] [x] [comm]

