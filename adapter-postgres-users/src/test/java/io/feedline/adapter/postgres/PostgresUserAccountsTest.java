package io.feedline.adapter.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.contract.UserAccountsContract;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.Credentials;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.UserAccounts;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresUserAccountsTest extends UserAccountsContract {
    private static final int CONTENDERS = 100;
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MICROS);
    private static final PasswordHash SOME_HASH = new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");

    // Enough connections that the contenders really meet inside Postgres, not in the pool's queue.
    @RegisterExtension
    static final ThrowawaySchema schema = new ThrowawaySchema(24);

    @Override
    protected UserAccounts userAccounts() {
        return schema.users().userAccounts();
    }

    @Test
    void concurrentRegistrationsOfOneUsernameInMixedCaseLeaveExactlyOneAccount() throws Exception {
        String name = "race_" + TestIds.username().value().substring(2, 27);
        List<String> spellings = mixedCaseSpellings(name, CONTENDERS);

        Map<String, Integer> outcomes = race(i -> account(Username.of(spellings.get(i)), TestIds.email()));

        assertThat(new HashSet<>(spellings)).hasSize(CONTENDERS);
        assertThat(outcomes).isEqualTo(Map.of("created", 1, "UsernameTaken", CONTENDERS - 1));
        assertThat(schema.row("SELECT count(*) AS n FROM users WHERE lower(username) = ?", name).orElseThrow())
                .containsEntry("n", "1");
    }

    @Test
    void concurrentRegistrationsOfOneEmailInMixedCaseLeaveExactlyOneAccount() throws Exception {
        String email = "race_" + TestIds.username().value().substring(2) + "@example.org";
        List<String> spellings = mixedCaseSpellings(email, CONTENDERS);

        Map<String, Integer> outcomes = race(i -> account(TestIds.username(), Email.of(spellings.get(i))));

        assertThat(new HashSet<>(spellings)).hasSize(CONTENDERS);
        assertThat(outcomes).isEqualTo(Map.of("created", 1, "EmailTaken", CONTENDERS - 1));
        assertThat(schema.row("SELECT count(*) AS n FROM users WHERE lower(email) = ?", email).orElseThrow())
                .containsEntry("n", "1");
    }

    @Test
    void hostileInputIsStoredLiterallyAndReturnedIntact() throws Exception {
        UserAccounts accounts = userAccounts();
        String displayName = padded("Bobby'); DROP TABLE users;-- \\ \" :id ? $1 %_", "🦀", DisplayName.MAX_CODE_POINTS);
        String bio = padded("' OR '1'='1\n\\x00 E'\\\\' $$; SELECT pg_sleep(10); $$ :username ?\n"
                        + "漢字 עברית \u202Eevil\u202C \u00e9 👩\u200D👩\u200D👧 ﷽ ", "🙂", Bio.MAX_CODE_POINTS);
        String email = "o'brien\"+%_;--\\ü🙂" + TestIds.username().value().substring(2, 12) + "@example.org";
        UserAccount hostile = new UserAccount(TestIds.userId(), TestIds.username(), Email.of(email),
                DisplayName.of(displayName), Bio.of(bio), NOW);

        accounts.create(hostile, SOME_HASH);

        assertThat(displayName.codePointCount(0, displayName.length())).isEqualTo(DisplayName.MAX_CODE_POINTS);
        assertThat(bio.codePointCount(0, bio.length())).isEqualTo(Bio.MAX_CODE_POINTS);
        UserAccount found = accounts.findById(hostile.id()).orElseThrow();
        assertThat(found).isEqualTo(hostile);
        assertThat(found.displayName().value()).isEqualTo(displayName);
        assertThat(found.bio().value()).isEqualTo(bio);
        assertThat(found.email().value()).isEqualTo(email);
        assertThat(accounts.findByUsername(hostile.username())).contains(hostile);
        assertThat(schema.row("""
                        SELECT display_name, bio, email, char_length(display_name) AS name_length,
                               char_length(bio) AS bio_length
                        FROM users WHERE id = ?""", hostile.id().value()).orElseThrow())
                .containsEntry("display_name", displayName)
                .containsEntry("bio", bio)
                .containsEntry("email", email)
                .containsEntry("name_length", String.valueOf(DisplayName.MAX_CODE_POINTS))
                .containsEntry("bio_length", String.valueOf(Bio.MAX_CODE_POINTS));
    }

    @Test
    void storedHashIsNeverThePasswordAndOnlyCredentialsCarryIt() throws Exception {
        UserAccounts accounts = userAccounts();
        Password password = new Password("correct horse battery staple");
        PasswordHash hash = slowHash(password);
        UserAccount account = account(TestIds.username(), TestIds.email());

        accounts.create(account, hash);

        Map<String, String> row = schema.row(
                "SELECT password_hash, users::text AS whole_row FROM users WHERE id = ?", account.id().value())
                .orElseThrow();
        assertThat(row.get("password_hash")).isEqualTo(hash.value()).doesNotContain(password.value());
        assertThat(row.get("whole_row")).doesNotContain(password.value());
        UserAccount found = accounts.findByUsername(account.username()).orElseThrow();
        assertThat(found).isEqualTo(account);
        assertThat(found.toString()).doesNotContain(hash.value());
        assertThat(UserAccount.class.getRecordComponents())
                .noneMatch(component -> component.getType() == PasswordHash.class);
        assertThat(accounts.findCredentials(account.username())).contains(new Credentials(account.id(), hash));
    }

    @Test
    void replayedRegistrationIsRejectedAsUsernameTaken() {
        UserAccounts accounts = userAccounts();
        UserAccount account = account(TestIds.username(), TestIds.email());
        accounts.create(account, SOME_HASH);

        assertThatThrownBy(() -> accounts.create(account, SOME_HASH))
                .isInstanceOf(FeedlineException.UsernameTaken.class);
        UserAccount bothTaken = new UserAccount(TestIds.userId(), Username.of(account.username().value().toUpperCase(Locale.ROOT)),
                Email.of(account.email().value().toUpperCase(Locale.ROOT)), account.displayName(), Bio.EMPTY, NOW);
        assertThatThrownBy(() -> accounts.create(bothTaken, SOME_HASH))
                .isInstanceOf(FeedlineException.UsernameTaken.class);
    }

    @Test
    void aStoredIdIsNeverOverwrittenByAnotherAccount() {
        UserAccounts accounts = userAccounts();
        UserAccount first = account(TestIds.username(), TestIds.email());
        accounts.create(first, SOME_HASH);
        UserAccount sameId = new UserAccount(first.id(), TestIds.username(), TestIds.email(),
                DisplayName.of("Impostor"), Bio.EMPTY, NOW);

        assertThatThrownBy(() -> accounts.create(sameId, SOME_HASH))
                .isInstanceOf(FeedlineException.WriteConflict.class);
        assertThat(accounts.findById(first.id())).contains(first);
        assertThat(accounts.findByUsername(sameId.username())).isEmpty();
    }

    @Test
    void createdAtKeepsMicrosecondsAndDropsTheRest() {
        UserAccounts accounts = userAccounts();
        Instant precise = Instant.parse("2025-03-04T05:06:07.123456789Z");
        UserAccount account = new UserAccount(TestIds.userId(), TestIds.username(), TestIds.email(),
                DisplayName.of("Precise"), Bio.EMPTY, precise);

        accounts.create(account, SOME_HASH);

        assertThat(accounts.findById(account.id()).orElseThrow().createdAt())
                .isEqualTo(Instant.parse("2025-03-04T05:06:07.123456Z"));
    }

    @Test
    void closingReleasesThePoolAndLaterCallsFailAsStorageUnavailable() {
        PostgresUsers second = PostgresUsers.open(schema.settings());
        UserAccounts accounts = second.userAccounts();
        UserAccount account = account(TestIds.username(), TestIds.email());
        accounts.create(account, SOME_HASH);
        assertThat(second.dataSource().isClosed()).isFalse();

        second.close();

        assertThat(second.dataSource().isClosed()).isTrue();
        assertUnavailable(() -> accounts.findById(account.id()));
        assertUnavailable(() -> accounts.findByUsername(account.username()));
        assertUnavailable(() -> accounts.findAllById(List.of(account.id())));
        assertUnavailable(() -> accounts.findCredentials(account.username()));
        assertUnavailable(() -> accounts.create(account(TestIds.username(), TestIds.email()), SOME_HASH));
        assertUnavailable(() -> second.healthProbe().ping());
        second.close();
        assertThat(userAccounts().findById(account.id())).contains(account);
    }

    @Test
    void aBrokenTableSurfacesAsStorageUnavailableWithoutTheHash() throws Exception {
        try (ThrowawaySchema broken = ThrowawaySchema.open(2)) {
            UserAccounts accounts = broken.users().userAccounts();
            UserAccount account = account(TestIds.username(), TestIds.email());
            broken.execute("DROP TABLE users");

            assertThatThrownBy(() -> accounts.create(account, SOME_HASH))
                    .isExactlyInstanceOf(FeedlineException.StorageUnavailable.class)
                    .hasMessageContaining("42P01")
                    .satisfies(e -> assertThat(chainText(e)).doesNotContain(SOME_HASH.value()));
            assertUnavailable(() -> accounts.findById(account.id()));
            assertUnavailable(() -> accounts.findByUsername(account.username()));
            assertUnavailable(() -> accounts.findAllById(List.of(account.id(), TestIds.userId())));
            assertUnavailable(() -> accounts.findCredentials(account.username()));
        }
    }

    private static void assertUnavailable(Executable call) {
        assertThatThrownBy(call::execute)
                .isExactlyInstanceOf(FeedlineException.StorageUnavailable.class)
                .satisfies(e -> assertThat(((FeedlineException.StorageUnavailable) e).component()).isEqualTo("postgres"));
    }

    /** Runs one registration per contender, all released at once; counts outcomes by kind. */
    private Map<String, Integer> race(IntFunction<UserAccount> contender) throws Exception {
        UserAccounts accounts = userAccounts();
        List<UserAccount> contenders = new ArrayList<>();
        for (int i = 0; i < CONTENDERS; i++) {
            contenders.add(contender.apply(i));
        }
        CountDownLatch ready = new CountDownLatch(CONTENDERS);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(CONTENDERS);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (UserAccount account : contenders) {
                results.add(threads.submit(() -> {
                    ready.countDown();
                    go.await();
                    try {
                        accounts.create(account, SOME_HASH);
                        return "created";
                    } catch (FeedlineException e) {
                        return e.getClass().getSimpleName();
                    }
                }));
            }
            assertThat(ready.await(60, TimeUnit.SECONDS)).isTrue();
            go.countDown();
            Map<String, Integer> counts = new TreeMap<>();
            for (Future<String> result : results) {
                counts.merge(result.get(60, TimeUnit.SECONDS), 1, Integer::sum);
            }
            return counts;
        } finally {
            threads.shutdownNow();
        }
    }

    /** {@code count} different spellings of {@code text}, each letter's case set by the bits of the index. */
    private static List<String> mixedCaseSpellings(String text, int count) {
        List<String> spellings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StringBuilder spelling = new StringBuilder();
            int letter = 0;
            for (char c : text.toCharArray()) {
                boolean upper = Character.isLetter(c) && ((i + 1) >> (letter++ % 31) & 1) == 1;
                spelling.append(upper ? Character.toUpperCase(c) : c);
            }
            spellings.add(spelling.toString());
        }
        return spellings;
    }

    private static UserAccount account(Username username, Email email) {
        return new UserAccount(TestIds.userId(), username, email, DisplayName.of("Racer"), Bio.EMPTY, NOW);
    }

    private static String padded(String text, String filler, int codePoints) {
        StringBuilder out = new StringBuilder(text);
        while (out.codePointCount(0, out.length()) < codePoints) {
            out.append(filler);
        }
        return out.toString();
    }

    /** A salted PBKDF2 hash in PHC form, from the JDK: what the stored column looks like in real life. */
    private static PasswordHash slowHash(Password password) throws Exception {
        byte[] salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        byte[] key = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(new PBEKeySpec(password.value().toCharArray(), salt, 10_000, 256))
                .getEncoded();
        Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
        return new PasswordHash("$pbkdf2-sha256$i=10000$" + b64.encodeToString(salt) + "$" + b64.encodeToString(key));
    }

    private static String chainText(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            text.append(t).append('\n');
        }
        return text.toString();
    }
}
