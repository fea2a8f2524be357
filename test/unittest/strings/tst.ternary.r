no yes

