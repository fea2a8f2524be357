stackdepth 0 caller 0

end

