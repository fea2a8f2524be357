write returned 7332

