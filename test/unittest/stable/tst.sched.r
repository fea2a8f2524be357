sleep 1
off-cpu 1, to another thread 1
dequeue 1, on its CPU 1
wakeup 1, of the target 1
enqueue 1
on-cpu 1, running 1
tick 1, of the target 1

