0 firings whose stack disagrees with their mode

