-- Registered users. Uniqueness of username and email is case-insensitive and decided by the unique
-- indexes below, never by a read before the insert. The adapter maps a violation back to the
-- domain error by index name (see UsersTable), so rename them only together with that class.
CREATE TABLE users (
    id            varchar(26)  NOT NULL,
    username      varchar(30)  NOT NULL,
    email         varchar(254) NOT NULL,
    password_hash text         NOT NULL,
    display_name  varchar(50)  NOT NULL,
    bio           varchar(160) NOT NULL DEFAULT '',
    created_at    timestamptz  NOT NULL
);

-- Postgres checks a row's unique indexes in creation order, so creating these before the primary
-- key makes a replayed registration report "username taken" rather than a duplicate id.
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

ALTER TABLE users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
