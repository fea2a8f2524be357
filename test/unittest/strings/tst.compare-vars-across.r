matched

