-- Placeholder: the tables follow in this file.
SELECT 1;
