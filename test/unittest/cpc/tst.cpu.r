cpu 0 fired

