"""Result tables of every dialect: cells, headers, column roles and one row's claims."""
