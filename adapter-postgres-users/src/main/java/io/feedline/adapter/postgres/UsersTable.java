package io.feedline.adapter.postgres;

import io.feedline.ports.model.Bio;
import io.feedline.ports.model.Credentials;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.ProfileDetails;
import io.feedline.ports.model.ProfileField;
import io.feedline.ports.model.ProfileImage;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** The {@code users} table as the migrations create it: its statements and the names of its indexes. */
final class UsersTable {
    /** Flyway's classpath location, unique to this module so that no other module's scripts mix in. */
    static final String MIGRATIONS = "classpath:db/migration/feedline-users";
    /** Flyway's own history table, named for this module so that it can share a schema. */
    static final String HISTORY_TABLE = "feedline_users_schema_history";

    static final String USERNAME_INDEX = "users_username_lower_key";
    static final String EMAIL_INDEX = "users_email_lower_key";
    static final String PRIMARY_KEY = "users_pkey";

    static final String INSERT = """
            INSERT INTO users (id, username, email, password_hash, display_name, bio, created_at)
            VALUES (:id, :username, :email, :passwordHash, :displayName, :bio, :createdAt)""";

    private static final String ACCOUNT_COLUMNS = "id, username, email, display_name, bio, created_at, "
            + "avatar_original, avatar_small, header_original, header_small, field_names, field_values";

    static final String BY_ID = "SELECT " + ACCOUNT_COLUMNS + " FROM users WHERE id = :id";
    static final String BY_IDS = "SELECT " + ACCOUNT_COLUMNS + " FROM users WHERE id = ANY(:ids)";
    // lower(username) so that the lookup uses the unique expression index.
    static final String BY_USERNAME = "SELECT " + ACCOUNT_COLUMNS + " FROM users WHERE lower(username) = lower(:username)";
    static final String IDS_BY_USERNAMES = "SELECT id, username FROM users WHERE lower(username) = ANY(:usernames)";
    static final String CREDENTIALS =
            "SELECT id, password_hash FROM users WHERE lower(username) = lower(:username)";

    /** By the unique index on lower(email). */
    static final String CREDENTIALS_BY_EMAIL =
            "SELECT id, password_hash FROM users WHERE lower(email) = lower(:email)";

    static final String CREDENTIALS_BY_ID = "SELECT id, password_hash FROM users WHERE id = :id";

    static final String CHANGE_PASSWORD = "UPDATE users SET password_hash = :passwordHash WHERE id = :id";

    /**
     * One statement sets the parts an edit names and keeps the rest: concurrent edits of different
     * parts both hold, as the row lock orders them. A NULL parameter keeps its column.
     */
    static final String EDIT = """
            UPDATE users SET
                display_name    = COALESCE(CAST(:displayName AS varchar), display_name),
                bio             = COALESCE(CAST(:bio AS varchar), bio),
                avatar_original = COALESCE(CAST(:avatarOriginal AS text), avatar_original),
                avatar_small    = COALESCE(CAST(:avatarSmall AS text), avatar_small),
                header_original = COALESCE(CAST(:headerOriginal AS text), header_original),
                header_small    = COALESCE(CAST(:headerSmall AS text), header_small),
                field_names     = CASE WHEN CAST(:setFields AS boolean) THEN CAST(:fieldNames AS text[]) ELSE field_names END,
                field_values    = CASE WHEN CAST(:setFields AS boolean) THEN CAST(:fieldValues AS text[]) ELSE field_values END
            WHERE id = :id
            RETURNING\s""" + ACCOUNT_COLUMNS;

    static final RowMapper<UserAccount> ACCOUNT = UsersTable::account;

    /** A row of {@code id, password_hash}. */
    static final RowMapper<Credentials> CREDENTIALS_ROW = (row, context) ->
            new Credentials(UserId.of(row.getString("id")), new PasswordHash(row.getString("password_hash")));

    private UsersTable() {}

    private static UserAccount account(ResultSet row, StatementContext context) throws SQLException {
        return new UserAccount(
                UserId.of(row.getString("id")),
                Username.of(row.getString("username")),
                Email.of(row.getString("email")),
                DisplayName.of(row.getString("display_name")),
                Bio.of(row.getString("bio")),
                row.getObject("created_at", OffsetDateTime.class).toInstant(),
                new ProfileDetails(
                        image(row.getString("avatar_original"), row.getString("avatar_small")),
                        image(row.getString("header_original"), row.getString("header_small")),
                        fields(row)));
    }

    private static Optional<ProfileImage> image(String original, String small) {
        return original == null || small == null ? Optional.empty()
                : Optional.of(new ProfileImage(MediaKey.of(original), MediaKey.of(small)));
    }

    private static List<ProfileField> fields(ResultSet row) throws SQLException {
        String[] names = (String[]) row.getArray("field_names").getArray();
        String[] values = (String[]) row.getArray("field_values").getArray();
        List<ProfileField> fields = new ArrayList<>(names.length);
        for (int i = 0; i < names.length; i++) {
            fields.add(new ProfileField(names[i], i < values.length ? values[i] : ""));
        }
        return fields;
    }
}
