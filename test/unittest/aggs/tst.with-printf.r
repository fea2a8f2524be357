data

                1
