BEGIN: dtrace, main thread
END: dtrace, main thread

