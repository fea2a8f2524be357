value: 12

