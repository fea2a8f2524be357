a
b
done

