package io.feedline.adapter.postgres;

import io.feedline.ports.model.Credentials;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.ProfileEdit;
import io.feedline.ports.model.ProfileField;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.UserAccounts;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;

/**
 * User accounts in one Postgres table. Uniqueness is decided by the engine alone: {@link #create}
 * is a single INSERT, and a violated unique index tells which claim was taken.
 */
final class PostgresUserAccounts implements UserAccounts {
    private final Jdbi jdbi;

    PostgresUserAccounts(Jdbi jdbi) {
        this.jdbi = Objects.requireNonNull(jdbi, "jdbi");
    }

    @Override
    public void create(UserAccount account, PasswordHash passwordHash) {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(passwordHash, "passwordHash");
        try {
            jdbi.useHandle(handle -> handle.createUpdate(UsersTable.INSERT)
                    .bind("id", account.id().value())
                    .bind("username", account.username().value())
                    .bind("email", account.email().value())
                    .bind("passwordHash", passwordHash.value())
                    .bind("displayName", account.displayName().value())
                    .bind("bio", account.bio().value())
                    .bind("createdAt", storable(account.createdAt()))
                    .execute());
        } catch (JdbiException e) {
            throw PostgresErrors.onCreate(e, account);
        }
    }

    @Override
    public Optional<UserAccount> findById(UserId id) {
        Objects.requireNonNull(id, "id");
        return read("could not read the account", handle -> handle.createQuery(UsersTable.BY_ID)
                .bind("id", id.value())
                .map(UsersTable.ACCOUNT)
                .findOne());
    }

    @Override
    public Optional<UserAccount> findByUsername(Username username) {
        Objects.requireNonNull(username, "username");
        return read("could not read the account", handle -> handle.createQuery(UsersTable.BY_USERNAME)
                .bind("username", username.value())
                .map(UsersTable.ACCOUNT)
                .findOne());
    }

    @Override
    public Map<UserId, UserAccount> findAllById(Collection<UserId> ids) {
        Objects.requireNonNull(ids, "ids");
        if (ids.isEmpty()) {
            return Map.of();
        }
        // One round trip for the whole batch: a single array parameter, however many ids.
        String[] values = ids.stream().map(UserId::value).distinct().toArray(String[]::new);
        return read("could not read the accounts", handle -> handle.createQuery(UsersTable.BY_IDS)
                .bindArray("ids", String.class, (Object[]) values)
                .map(UsersTable.ACCOUNT)
                .collect(Collectors.toMap(
                        UserAccount::id, Function.identity(), (a, b) -> a, LinkedHashMap::new)));
    }

    @Override
    public Map<Username, UserId> findIdsByUsername(Collection<Username> usernames) {
        Objects.requireNonNull(usernames, "usernames");
        if (usernames.isEmpty()) {
            return Map.of();
        }
        // Usernames are held in lower case, so the unique lower(username) index answers the batch.
        String[] values = usernames.stream().map(Username::value).distinct().toArray(String[]::new);
        return read("could not resolve the usernames", handle -> handle.createQuery(UsersTable.IDS_BY_USERNAMES)
                .bindArray("usernames", String.class, (Object[]) values)
                .map((row, context) -> Map.entry(Username.of(row.getString("username")), UserId.of(row.getString("id"))))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (x, y) -> x, LinkedHashMap::new)));
    }

    @Override
    public Optional<Credentials> findCredentials(Username username) {
        Objects.requireNonNull(username, "username");
        return read("could not read the credentials", handle -> handle.createQuery(UsersTable.CREDENTIALS)
                .bind("username", username.value())
                .map(UsersTable.CREDENTIALS_ROW)
                .findOne());
    }

    @Override
    public Optional<Credentials> findCredentials(Email email) {
        Objects.requireNonNull(email, "email");
        return read("could not read the credentials", handle -> handle.createQuery(UsersTable.CREDENTIALS_BY_EMAIL)
                .bind("email", email.value())
                .map(UsersTable.CREDENTIALS_ROW)
                .findOne());
    }

    @Override
    public Optional<Credentials> findCredentials(UserId id) {
        Objects.requireNonNull(id, "id");
        return read("could not read the credentials", handle -> handle.createQuery(UsersTable.CREDENTIALS_BY_ID)
                .bind("id", id.value())
                .map(UsersTable.CREDENTIALS_ROW)
                .findOne());
    }

    @Override
    public boolean changePassword(UserId id, PasswordHash newHash) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(newHash, "newHash");
        return read("could not change the password", handle -> handle.createUpdate(UsersTable.CHANGE_PASSWORD)
                .bind("id", id.value())
                .bind("passwordHash", newHash.value())
                .execute()) == 1;
    }

    @Override
    public Optional<UserAccount> edit(UserId id, ProfileEdit edit) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(edit, "edit");
        String[] names = edit.fields().orElse(java.util.List.of()).stream().map(ProfileField::name).toArray(String[]::new);
        String[] values = edit.fields().orElse(java.util.List.of()).stream().map(ProfileField::value).toArray(String[]::new);
        return read("could not edit the profile", handle -> handle.createQuery(UsersTable.EDIT)
                .bind("id", id.value())
                .bind("displayName", edit.displayName().map(name -> name.value()).orElse(null))
                .bind("bio", edit.bio().map(bio -> bio.value()).orElse(null))
                .bind("avatarOriginal", edit.avatar().map(image -> image.original().value()).orElse(null))
                .bind("avatarSmall", edit.avatar().map(image -> image.small().value()).orElse(null))
                .bind("headerOriginal", edit.header().map(image -> image.original().value()).orElse(null))
                .bind("headerSmall", edit.header().map(image -> image.small().value()).orElse(null))
                .bind("setFields", edit.fields().isPresent())
                .bindArray("fieldNames", String.class, (Object[]) names)
                .bindArray("fieldValues", String.class, (Object[]) values)
                .map(UsersTable.ACCOUNT)
                .findOne());
    }

    private <T> T read(String what, HandleCallback<T, RuntimeException> query) {
        try {
            return jdbi.withHandle(query);
        } catch (JdbiException e) {
            throw PostgresErrors.unavailable(what, e);
        }
    }

    // timestamptz keeps microseconds and would round the rest; truncating keeps reads <= writes.
    private static OffsetDateTime storable(Instant at) {
        return OffsetDateTime.ofInstant(at.truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
    }
}
