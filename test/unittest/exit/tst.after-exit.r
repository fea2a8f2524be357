after

