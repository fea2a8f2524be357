sh

