end

