DTr

