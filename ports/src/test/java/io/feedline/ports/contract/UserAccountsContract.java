package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.Bio;
import io.feedline.ports.model.Credentials;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.ProfileDetails;
import io.feedline.ports.model.ProfileEdit;
import io.feedline.ports.model.ProfileField;
import io.feedline.ports.model.ProfileImage;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.UserAccounts;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link UserAccounts} adapter must do. Each test registers fresh usernames and emails,
 * so the suite may share one database with every other test.
 */
public abstract class UserAccountsContract {

    /** The accounts under test; called at most once per test. */
    protected abstract UserAccounts userAccounts();

    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MILLIS);

    private static UserAccount account(Username username, Email email) {
        return new UserAccount(TestIds.userId(), username, email, DisplayName.of("Test User"), Bio.EMPTY, NOW);
    }

    private static UserAccount freshAccount() {
        return account(TestIds.username(), TestIds.email());
    }

    private static PasswordHash hash(String tag) {
        return new PasswordHash("$test$" + tag + "$" + TestIds.postId().value());
    }

    @Test
    void createdAccountIsFoundByIdAndByUsername() {
        UserAccounts users = userAccounts();
        UserAccount alice = freshAccount();

        users.create(alice, hash("alice"));

        assertThat(users.findById(alice.id())).contains(alice);
        assertThat(users.findByUsername(alice.username())).contains(alice);
    }

    @Test
    void unknownUserIsNotFound() {
        UserAccounts users = userAccounts();

        assertThat(users.findById(TestIds.userId())).isEmpty();
        assertThat(users.findByUsername(TestIds.username())).isEmpty();
        assertThat(users.findCredentials(TestIds.username())).isEmpty();
    }

    @Test
    void usernameIsMatchedWhateverItsCase() {
        UserAccounts users = userAccounts();
        String name = TestIds.username().value();
        UserAccount shouty = account(Username.of(name.toUpperCase(Locale.ROOT)), TestIds.email());

        users.create(shouty, hash("shouty"));

        assertThat(users.findByUsername(Username.of(name))).contains(shouty);
        assertThatThrownBy(() -> users.create(account(Username.of(name), TestIds.email()), hash("quiet")))
                .isInstanceOf(FeedlineException.UsernameTaken.class);
    }

    @Test
    void findAllByIdLeavesUnknownIdsOut() {
        UserAccounts users = userAccounts();
        UserAccount a = freshAccount();
        UserAccount b = freshAccount();
        UserAccount c = freshAccount();
        users.create(a, hash("a"));
        users.create(b, hash("b"));
        users.create(c, hash("c"));

        Map<UserId, UserAccount> found =
                users.findAllById(List.of(TestIds.userId(), c.id(), a.id(), TestIds.userId(), b.id()));

        assertThat(found).isEqualTo(Map.of(a.id(), a, b.id(), b, c.id(), c));
        assertThat(users.findAllById(List.of())).isEmpty();
        assertThat(users.findAllById(List.of(TestIds.userId()))).isEmpty();
    }

    @Test
    void findIdsByUsernameResolvesKnownNamesInOneBatchAndLeavesUnknownOnesOut() {
        UserAccounts users = userAccounts();
        UserAccount a = freshAccount();
        UserAccount b = freshAccount();
        users.create(a, hash("a"));
        users.create(b, hash("b"));
        Username unknown = TestIds.username();

        Map<Username, UserId> found = users.findIdsByUsername(
                List.of(Username.of(a.username().value().toUpperCase(java.util.Locale.ROOT)), unknown, b.username()));

        assertThat(found).isEqualTo(Map.of(a.username(), a.id(), b.username(), b.id()));
        assertThat(users.findIdsByUsername(List.of())).isEmpty();
        assertThat(users.findIdsByUsername(List.of(unknown))).isEmpty();
    }

    @Test
    void findCredentialsReturnsEachUsersOwnStoredHash() {
        UserAccounts users = userAccounts();
        UserAccount alice = freshAccount();
        UserAccount bob = freshAccount();
        PasswordHash aliceHash = hash("alice");
        PasswordHash bobHash = hash("bob");
        users.create(alice, aliceHash);
        users.create(bob, bobHash);

        Optional<Credentials> aliceCredentials = users.findCredentials(alice.username());
        Optional<Credentials> bobCredentials = users.findCredentials(bob.username());

        assertThat(aliceCredentials).contains(new Credentials(alice.id(), aliceHash));
        assertThat(bobCredentials).contains(new Credentials(bob.id(), bobHash));
        assertThat(aliceCredentials.orElseThrow().passwordHash().value()).isEqualTo(aliceHash.value());
    }

    @Test
    void findCredentialsByEmailMatchesWhateverItsCaseAndNothingElse() {
        UserAccounts users = userAccounts();
        UserAccount alice = freshAccount();
        UserAccount bob = freshAccount();
        PasswordHash aliceHash = hash("alice");
        users.create(alice, aliceHash);
        users.create(bob, hash("bob"));

        assertThat(users.findCredentials(Email.of(alice.email().value().toUpperCase(Locale.ROOT))))
                .contains(new Credentials(alice.id(), aliceHash));
        assertThat(users.findCredentials(bob.email()).orElseThrow().userId()).isEqualTo(bob.id());
        assertThat(users.findCredentials(TestIds.email())).isEmpty();
    }

    @Test
    void secondRegistrationOfSameUsernameIsRejected() {
        UserAccounts users = userAccounts();
        UserAccount first = freshAccount();
        users.create(first, hash("first"));
        UserAccount copycat = account(first.username(), TestIds.email());

        assertThatThrownBy(() -> users.create(copycat, hash("copycat")))
                .isInstanceOf(FeedlineException.UsernameTaken.class);

        assertThat(users.findByUsername(first.username())).contains(first);
        assertThat(users.findById(copycat.id())).isEmpty();
        // Nothing of the refused account stuck: its email is still free.
        UserAccount later = account(TestIds.username(), copycat.email());
        users.create(later, hash("later"));
        assertThat(users.findById(later.id())).contains(later);
    }

    @Test
    void secondRegistrationOfSameEmailIsRejectedWhateverItsCase() {
        UserAccounts users = userAccounts();
        UserAccount first = freshAccount();
        users.create(first, hash("first"));
        UserAccount copycat = account(TestIds.username(), Email.of(first.email().value().toUpperCase(Locale.ROOT)));

        assertThatThrownBy(() -> users.create(copycat, hash("copycat")))
                .isInstanceOf(FeedlineException.EmailTaken.class);

        assertThat(users.findById(copycat.id())).isEmpty();
        assertThat(users.findByUsername(copycat.username())).isEmpty();
    }

    @Test
    void createThatFailedOnTheEmailLeavesTheUsernameFree() {
        UserAccounts users = userAccounts();
        UserAccount first = freshAccount();
        users.create(first, hash("first"));
        Username wanted = TestIds.username();

        assertThatThrownBy(() -> users.create(account(wanted, first.email()), hash("refused")))
                .isInstanceOf(FeedlineException.EmailTaken.class);

        assertThat(users.findByUsername(wanted)).isEmpty();
        assertThat(users.findCredentials(wanted)).isEmpty();
        UserAccount second = account(wanted, TestIds.email());
        users.create(second, hash("second"));
        assertThat(users.findByUsername(wanted)).contains(second);
    }

    @Test
    void hostileTextRoundTripsIntact() {
        UserAccounts users = userAccounts();
        UserAccount hostile = new UserAccount(
                TestIds.userId(),
                TestIds.username(),
                Email.of("o'brien\\\"x+" + TestIds.username().value() + "@example.org"),
                DisplayName.of("Robert'); DROP TABLE users; -- \\ \"quoted\" 😀"),
                Bio.of("'; DROP TABLE users; --\nback\\slash \\\\ %s %n ${x} {{y}} <b>&amp;</b> 🚀👩‍💻 ünïcødé"),
                NOW);
        UserAccount longest = new UserAccount(
                TestIds.userId(),
                Username.of(TestIds.username().value() + "_x"),
                TestIds.email(),
                DisplayName.of("😀".repeat(DisplayName.MAX_CODE_POINTS)),
                Bio.of("é🚀".repeat(Bio.MAX_CODE_POINTS / 2)),
                NOW);
        PasswordHash hostileHash = new PasswordHash("$argon2id$v=19$m=65536,t=3,p=1$'\\\"$;--");

        users.create(hostile, hostileHash);
        users.create(longest, hash("longest"));

        assertThat(longest.username().value()).hasSize(30);
        assertThat(users.findById(hostile.id())).contains(hostile);
        assertThat(users.findByUsername(hostile.username())).contains(hostile);
        assertThat(users.findCredentials(hostile.username())).contains(new Credentials(hostile.id(), hostileHash));
        assertThat(users.findById(longest.id())).contains(longest);
        assertThat(users.findAllById(List.of(hostile.id(), longest.id())))
                .isEqualTo(Map.of(hostile.id(), hostile, longest.id(), longest));
    }

    @Test
    void concurrentRegistrationsOfOneUsernameLetExactlyOneWin() {
        UserAccounts users = userAccounts();
        Username contested = TestIds.username();
        List<UserAccount> contenders = IntStream.range(0, 20)
                .mapToObj(i -> account(contested, TestIds.email()))
                .toList();

        List<Concurrently.Outcome<UserAccount>> outcomes = Concurrently.run(20, i -> {
            users.create(contenders.get(i), hash("contender" + i));
            return contenders.get(i);
        });

        List<UserAccount> winners = outcomes.stream().filter(Concurrently.Outcome::succeeded)
                .map(Concurrently.Outcome::value).toList();
        assertThat(winners).hasSize(1);
        assertThat(outcomes.stream().filter(o -> !o.succeeded()).map(Concurrently.Outcome::error))
                .hasSize(19)
                .allSatisfy(e -> assertThat(e).isInstanceOf(FeedlineException.UsernameTaken.class));
        assertThat(users.findByUsername(contested)).contains(winners.get(0));
        assertThat(users.findAllById(contenders.stream().map(UserAccount::id).toList())).containsOnlyKeys(winners.get(0).id());
    }

    @Test
    void credentialsAreFoundByIdAndAChangedPasswordReplacesTheHash() {
        UserAccounts users = userAccounts();
        UserAccount alice = freshAccount();
        users.create(alice, hash("old"));
        PasswordHash fresh = hash("new");

        assertThat(users.findCredentials(alice.id()).map(Credentials::passwordHash)).isNotEqualTo(Optional.of(fresh));
        assertThat(users.changePassword(alice.id(), fresh)).isTrue();

        assertThat(users.findCredentials(alice.id())).contains(new Credentials(alice.id(), fresh));
        assertThat(users.findCredentials(alice.username())).contains(new Credentials(alice.id(), fresh));
        assertThat(users.findCredentials(alice.email())).contains(new Credentials(alice.id(), fresh));
        assertThat(users.findById(alice.id())).contains(alice);
    }

    @Test
    void aPasswordChangeOfNobodyCreatesNothing() {
        UserAccounts users = userAccounts();
        UserId nobody = TestIds.userId();

        assertThat(users.changePassword(nobody, hash("ghost"))).isFalse();
        assertThat(users.findCredentials(nobody)).isEmpty();
        assertThat(users.findById(nobody)).isEmpty();
    }

    @Test
    void anEditSetsOnlyWhatItNamesAndIsReadBackEverywhere() {
        UserAccounts users = userAccounts();
        UserAccount alice = freshAccount();
        users.create(alice, hash("alice"));
        ProfileImage avatar = new ProfileImage(MediaKey.of("profiles/a-1/original.png"), MediaKey.of("profiles/a-1/small.png"));
        List<ProfileField> fields = List.of(new ProfileField("Pronouns", "she/her"), new ProfileField("Site", ""));

        Optional<UserAccount> edited = users.edit(alice.id(), new ProfileEdit(Optional.of(DisplayName.of("Alice \u00c9")),
                Optional.empty(), Optional.of(avatar), Optional.empty(), Optional.of(fields)));

        UserAccount expected = new UserAccount(alice.id(), alice.username(), alice.email(), DisplayName.of("Alice \u00c9"),
                alice.bio(), alice.createdAt(), new ProfileDetails(Optional.of(avatar), Optional.empty(), fields));
        assertThat(edited).contains(expected);
        assertThat(users.findById(alice.id())).contains(expected);
        assertThat(users.findByUsername(alice.username())).contains(expected);
        assertThat(users.findAllById(List.of(alice.id()))).containsEntry(alice.id(), expected);

        // Fields can be emptied again; what the edit does not name stays.
        UserAccount cleared = users.edit(alice.id(), new ProfileEdit(Optional.empty(), Optional.of(Bio.of("line one\nline two")),
                Optional.empty(), Optional.empty(), Optional.of(List.of()))).orElseThrow();
        assertThat(cleared.details().fields()).isEmpty();
        assertThat(cleared.details().avatar()).contains(avatar);
        assertThat(cleared.displayName()).isEqualTo(DisplayName.of("Alice \u00c9"));
        assertThat(cleared.bio()).isEqualTo(Bio.of("line one\nline two"));
        assertThat(users.findById(alice.id())).contains(cleared);
    }

    @Test
    void anEditOfNobodyCreatesNothing() {
        UserAccounts users = userAccounts();
        UserId nobody = TestIds.userId();

        assertThat(users.edit(nobody, new ProfileEdit(Optional.of(DisplayName.of("Ghost")), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty()))).isEmpty();
        assertThat(users.findById(nobody)).isEmpty();
    }

    @Test
    void editsOfDifferentPartsMadeAtOnceBothHold() {
        UserAccounts users = userAccounts();
        UserAccount alice = freshAccount();
        users.create(alice, hash("alice"));

        for (int round = 0; round < 10; round++) {
            DisplayName name = DisplayName.of("Name " + round);
            Bio bio = Bio.of("Bio " + round);
            CompletableFuture<?> names = CompletableFuture.runAsync(() -> users.edit(alice.id(),
                    new ProfileEdit(Optional.of(name), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty())));
            CompletableFuture<?> bios = CompletableFuture.runAsync(() -> users.edit(alice.id(),
                    new ProfileEdit(Optional.empty(), Optional.of(bio), Optional.empty(), Optional.empty(), Optional.empty())));
            CompletableFuture.allOf(names, bios).join();

            UserAccount now = users.findById(alice.id()).orElseThrow();
            assertThat(now.displayName()).isEqualTo(name);
            assertThat(now.bio()).isEqualTo(bio);
        }
    }
}
