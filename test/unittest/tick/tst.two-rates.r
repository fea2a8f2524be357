faster

