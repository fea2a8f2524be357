gospin`main.spin

