package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MastodonTokensTest {
    private static final byte[] KEY = "a key of at least thirty-two bytes, for tests".getBytes(StandardCharsets.UTF_8);
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final UserAccount ALICE = new UserAccount(UserId.of("01HZZZZZZZZZZZZZZZZZZZZZZZ"), Username.of("alice"),
            new Email("alice@example.org"), new DisplayName("Alice"), Bio.EMPTY, NOW);

    private static final io.feedline.ports.model.SessionStamp STAMP = TestStamps.STAMP;
    private final MastodonTokens tokens = new MastodonTokens(KEY, Duration.ofDays(7), Clock.fixed(NOW, ZoneOffset.UTC), TestStamps.SESSIONS);

    private MastodonTokens.Registered app() {
        return tokens.register("client", List.of("urn:ietf:wg:oauth:2.0:oob"), Set.of("read", "write"), Optional.empty());
    }

    @Test
    void aRegisteredAppIsRecognisedByItsIdAndSecretAlone() {
        MastodonTokens.Registered registered = app();
        MastodonTokens.App app = tokens.authenticateClient(registered.clientId(), registered.clientSecret());
        assertThat(app.name()).isEqualTo("client");
        assertThat(app.scopes()).containsExactlyInAnyOrder("read", "write");
        assertThat(app.redirectUris()).containsExactly("urn:ietf:wg:oauth:2.0:oob");
    }

    @Test
    void aForgedSecretOrAForeignClientIsInvalidClient() {
        MastodonTokens.Registered registered = app();
        assertThatThrownBy(() -> tokens.authenticateClient(registered.clientId(), registered.clientSecret() + "x"))
                .isInstanceOfSatisfying(MastodonError.class, e -> {
                    assertThat(e.status()).isEqualTo(401);
                    assertThat(e.body().error()).isEqualTo("invalid_client");
                });
        MastodonTokens other = new MastodonTokens("another key, also thirty-two bytes or more".getBytes(StandardCharsets.UTF_8),
                Duration.ofDays(7), Clock.fixed(NOW, ZoneOffset.UTC), TestStamps.SESSIONS);
        MastodonTokens.Registered foreign = other.register("x", List.of("urn:ietf:wg:oauth:2.0:oob"), Set.of("read"), Optional.empty());
        assertThatThrownBy(() -> tokens.authenticateClient(foreign.clientId(), foreign.clientSecret()))
                .isInstanceOf(MastodonError.class);
    }

    @Test
    void aTokenCarriesItsUserScopesAndAppUntilRevokedByThatApp() {
        MastodonTokens.App app = app().app();
        MastodonTokens.Issued issued = tokens.issue(app, Optional.of(new SignedIn(ALICE, STAMP)), Set.of("read"));
        MastodonTokens.Grant grant = tokens.verify(issued.accessToken());
        assertThat(grant.user()).contains(ALICE.id());
        assertThat(grant.username()).contains(ALICE.username());
        assertThat(grant.scopes()).containsExactly("read");
        assertThat(grant.appName()).isEqualTo("client");

        tokens.revoke(app().app(), issued.accessToken());
        assertThat(tokens.verify(issued.accessToken()).user()).contains(ALICE.id());

        tokens.revoke(app, issued.accessToken());
        assertThatThrownBy(() -> tokens.verify(issued.accessToken()))
                .isInstanceOfSatisfying(MastodonError.class, e -> assertThat(e.status()).isEqualTo(401));
    }

    /** Two server processes over one revocation store: a token revoked through one is refused by the other. */
    @Test
    void aRevocationThroughOneProcessHoldsOnAnotherSharingTheStore() {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        MastodonTokens.Revocations shared = MastodonTokens.Revocations.inProcess(clock);
        MastodonTokens one = new MastodonTokens(KEY, Duration.ofDays(7), clock, shared, TestStamps.SESSIONS);
        MastodonTokens two = new MastodonTokens(KEY, Duration.ofDays(7), clock, shared, TestStamps.SESSIONS);
        MastodonTokens.App app = app().app();
        MastodonTokens.Issued issued = one.issue(app, Optional.of(new SignedIn(ALICE, STAMP)), Set.of("read"));
        assertThat(two.verify(issued.accessToken()).user()).contains(ALICE.id());

        one.revoke(app, issued.accessToken());

        assertThatThrownBy(() -> two.verify(issued.accessToken()))
                .isInstanceOfSatisfying(MastodonError.class, e -> assertThat(e.status()).isEqualTo(401));
    }

    /** A verified token is kept for a while, but not past its expiry. */
    @Test
    void aTokenVerifiedBeforeIsRefusedOnceItExpires() {
        MutableClock clock = new MutableClock(NOW);
        MastodonTokens kept = new MastodonTokens(KEY, Duration.ofHours(1), clock, TestStamps.SESSIONS);
        MastodonTokens.Registered registered = kept.register("client", List.of("urn:ietf:wg:oauth:2.0:oob"), Set.of("read"),
                Optional.empty());
        MastodonTokens.Issued issued = kept.issue(registered.app(), Optional.of(new SignedIn(ALICE, STAMP)), Set.of("read"));
        assertThat(kept.verify(issued.accessToken()).user()).contains(ALICE.id());

        clock.advance(Duration.ofHours(1).plusSeconds(4));
        assertThat(kept.verify(issued.accessToken()).user()).as("within the clocks' leeway").contains(ALICE.id());
        clock.advance(Duration.ofSeconds(2));
        assertThatThrownBy(() -> kept.verify(issued.accessToken()))
                .isInstanceOfSatisfying(MastodonError.class, e -> assertThat(e.status()).isEqualTo(401));
    }

    /**
     * An access token or a client id spelled otherwise than this server wrote it (a set unused bit in
     * the signature's last character, or padding: the same bytes) is refused.
     */
    @Test
    void aTokenOrClientIdSpelledOtherwiseThanCanonicallyIsRefused() {
        MastodonTokens.Registered registered = app();
        String token = tokens.issue(registered.app(), Optional.of(new SignedIn(ALICE, STAMP)), Set.of("read")).accessToken();
        tokens.verify(token);
        String signature = token.substring(token.lastIndexOf('.') + 1);
        assertThat(Base64.getUrlDecoder().decode(lowBitSet(signature))).isEqualTo(Base64.getUrlDecoder().decode(signature));

        for (String respelled : List.of(lowBitSet(token), token + "=")) {
            assertThatThrownBy(() -> tokens.verify(respelled))
                    .as(respelled)
                    .isInstanceOfSatisfying(MastodonError.class, e -> assertThat(e.status()).isEqualTo(401));
        }
        for (String respelled : List.of(lowBitSet(registered.clientId()), registered.clientId() + "=")) {
            assertThat(tokens.app(respelled)).as(respelled).isEmpty();
        }
    }

    private static String lowBitSet(String text) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int last = text.length() - 1;
        return text.substring(0, last) + alphabet.charAt(alphabet.indexOf(text.charAt(last)) ^ 1);
    }

    @Test
    void anExpiredTokenIsRefused() {
        MastodonTokens.Issued issued = tokens.issue(app().app(), Optional.of(new SignedIn(ALICE, STAMP)), Set.of("read"));
        MastodonTokens later = new MastodonTokens(KEY, Duration.ofDays(7), Clock.fixed(NOW.plus(Duration.ofDays(8)), ZoneOffset.UTC), TestStamps.SESSIONS);
        assertThatThrownBy(() -> later.verify(issued.accessToken())).isInstanceOf(MastodonError.class);
    }

    @Test
    void topLevelScopesCoverTheirGranularOnesAndFollowCoversTheGraph() {
        assertThat(Scope.READ_ACCOUNTS.grantedBy(Set.of("read"))).isTrue();
        assertThat(Scope.READ_STATUSES.grantedBy(Set.of("write"))).isFalse();
        assertThat(Scope.WRITE_FOLLOWS.grantedBy(Set.of("follow"))).isTrue();
        assertThat(Scope.WRITE_STATUSES.grantedBy(Set.of("follow", "read"))).isFalse();
        assertThat(Scope.WRITE_FAVOURITES.grantedBy(Set.of("write:favourites"))).isTrue();
        assertThat(Scope.WRITE_BLOCKS.grantedBy(Set.of("follow"))).as("the legacy follow scope covers blocks").isTrue();
        assertThat(Scope.READ_MUTES.grantedBy(Set.of("follow"))).isTrue();
        assertThat(Scope.READ_SEARCH.grantedBy(Set.of("follow"))).isFalse();
        assertThatThrownBy(() -> Scope.parse("read admin:write", "read"))
                .isInstanceOfSatisfying(MastodonError.class, e -> assertThat(e.body().error()).isEqualTo("invalid_scope"));
    }

    @Test
    void textBecomesEscapedHtml() {
        assertThat(Render.html("a <b> & \"c\"\nd")).isEqualTo("<p>a &lt;b&gt; &amp; &quot;c&quot;<br>d</p>");
    }
}
