before the commit
end

