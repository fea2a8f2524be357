prev is current 16

