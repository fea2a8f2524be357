committed
end

