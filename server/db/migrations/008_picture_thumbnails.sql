-- Pictures are decoded at upload (modules/files/picture.ts): their size in pixels, and a
-- thumbnail of at most 256 px a side for the lists (NULL when the picture is no larger, or is
-- a GIF or WebP, which are not decoded). Files stored before keep NULLs and are served whole.
ALTER TABLE files ADD COLUMN width integer, ADD COLUMN height integer, ADD COLUMN thumb_data bytea, ADD COLUMN thumb_mime text;
