quiet
loud
                          :BEGIN           1

