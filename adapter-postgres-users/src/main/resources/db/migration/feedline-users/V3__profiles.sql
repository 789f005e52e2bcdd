-- Profile edits: a note as long as Mastodon's (500), the avatar's and the header's two stored
-- objects (their media store keys; NULL while none was set), and the profile fields as two
-- arrays of equal length (names and values, in order).
ALTER TABLE users ALTER COLUMN bio TYPE varchar(500);
ALTER TABLE users ADD COLUMN avatar_original text;
ALTER TABLE users ADD COLUMN avatar_small    text;
ALTER TABLE users ADD COLUMN header_original text;
ALTER TABLE users ADD COLUMN header_small    text;
ALTER TABLE users ADD COLUMN field_names     text[] NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN field_values    text[] NOT NULL DEFAULT '{}';
