package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.SessionStamp;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Bearer tokens, and that a token kept after its first verification is refused as soon as an
 * uncached one would be: at its expiry, once revoked, and when its text differs by one character.
 */
class BearerTokensTest {
    private static final byte[] KEY = "a key of at least thirty-two bytes, for tests".getBytes(StandardCharsets.UTF_8);
    private static final UserAccount ALICE = new UserAccount(UserId.of("01HZZZZZZZZZZZZZZZZZZZZZZZ"), Username.of("alice"),
            new Email("alice@example.org"), new DisplayName("Alice"), Bio.EMPTY, Instant.parse("2026-01-01T00:00:00Z"));

    private final MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");
    private final Set<String> revoked = ConcurrentHashMap.newKeySet();
    private static final SessionStamp STAMP = new SessionStamp("stamp-1");
    /** Alice's current stamp, as the store would answer it. */
    private final AtomicReference<Optional<SessionStamp>> current = new AtomicReference<>(Optional.of(STAMP));
    private final SessionStamps stamps = new SessionStamps(user -> user.equals(ALICE.id()) ? current.get() : Optional.empty(),
            Duration.ZERO, 100, System::nanoTime, word -> {});
    private final BearerTokens tokens = new BearerTokens(KEY, Duration.ofHours(1), clock, revocations(), stamps);

    private TokenRevocations revocations() {
        return new TokenRevocations() {
            @Override
            public void revoke(String tokenId, Instant expiresAt) {
                revoked.add(tokenId);
            }

            @Override
            public boolean isRevoked(String tokenId) {
                return revoked.contains(tokenId);
            }
        };
    }

    @Test
    void aTokenIsRefusedOnceItsUsersStampMovedOrTheAccountIsGone() {
        String token = tokens.issue(ALICE, STAMP).token();
        assertThat(tokens.verify(token).user()).isEqualTo(ALICE.id());

        current.set(Optional.of(new SessionStamp("stamp-2")));
        assertThatThrownBy(() -> tokens.verify(token)).isInstanceOf(HttpProblem.class)
                .hasMessageContaining("password changed");
        assertThat(tokens.verify(tokens.issue(ALICE, new SessionStamp("stamp-2")).token()).user()).isEqualTo(ALICE.id());

        current.set(Optional.empty());
        assertThatThrownBy(() -> tokens.verify(tokens.issue(ALICE, new SessionStamp("stamp-2")).token()))
                .isInstanceOf(HttpProblem.class);
    }

    @Test
    void aTokenSpeaksForItsUserEveryTimeItIsShown() {
        String token = tokens.issue(ALICE, STAMP).token();
        for (int i = 0; i < 3; i++) {
            assertThat(tokens.verify(token).user()).isEqualTo(ALICE.id());
        }
    }

    @Test
    void aTokenVerifiedBeforeIsStillRefusedOnceItExpires() {
        BearerTokens.Issued issued = tokens.issue(ALICE, STAMP);
        tokens.verify(issued.token());

        clock.set(issued.expiresAt().plusSeconds(4));
        assertThat(tokens.verify(issued.token()).user()).as("within the clocks' leeway").isEqualTo(ALICE.id());
        clock.set(issued.expiresAt().plusSeconds(6));
        assertThatThrownBy(() -> tokens.verify(issued.token()))
                .isInstanceOfSatisfying(HttpProblem.class, refused -> {
                    assertThat(refused.problem().status()).isEqualTo(401);
                    assertThat(refused.problem().detail()).contains("expired");
                });
    }

    @Test
    void aTokenVerifiedBeforeIsRefusedOnceRevoked() {
        String token = tokens.issue(ALICE, STAMP).token();
        tokens.revoke(tokens.verify(token));

        assertThatThrownBy(() -> tokens.verify(token))
                .isInstanceOfSatisfying(HttpProblem.class, refused -> assertThat(refused.problem().detail()).contains("revoked"));
    }

    @Test
    void aTokenAlteredByOneCharacterIsRefusedThoughTheGenuineOneWasVerified() {
        String token = tokens.issue(ALICE, STAMP).token();
        tokens.verify(token);
        // The signature's first character: all six of its bits are the signature's (the last one's
        // low bits are base64url padding, so changing it may change nothing).
        int at = token.lastIndexOf('.') + 1;
        String altered = token.substring(0, at) + (token.charAt(at) == 'A' ? 'B' : 'A') + token.substring(at + 1);

        assertThatThrownBy(() -> tokens.verify(altered))
                .isInstanceOfSatisfying(HttpProblem.class, refused -> assertThat(refused.problem().detail()).contains("not valid"));
    }

    /** The same signature bytes spelled otherwise: a set unused bit in the last character, or padding. */
    @Test
    void aTokenSpelledOtherwiseThanCanonicallyIsRefusedThoughTheGenuineOneWasVerified() {
        String token = tokens.issue(ALICE, STAMP).token();
        tokens.verify(token);
        String signature = token.substring(token.lastIndexOf('.') + 1);
        assertThat(Base64.getUrlDecoder().decode(CursorsTest.lowBitSet(signature)))
                .as("the same bytes, spelled otherwise")
                .isEqualTo(Base64.getUrlDecoder().decode(signature));

        for (String respelled : List.of(CursorsTest.lowBitSet(token), token + "=")) {
            assertThatThrownBy(() -> tokens.verify(respelled))
                    .as(respelled)
                    .isInstanceOfSatisfying(HttpProblem.class, refused -> {
                        assertThat(refused.problem().status()).isEqualTo(401);
                        assertThat(refused.problem().detail()).contains("not valid");
                    });
        }
    }

    @Test
    void aTokenSignedWithAnotherKeyIsRefused() {
        BearerTokens other = new BearerTokens("another key, also thirty-two bytes or more".getBytes(StandardCharsets.UTF_8),
                Duration.ofHours(1), clock, revocations(), stamps);
        String foreign = other.issue(ALICE, STAMP).token();
        other.verify(foreign);

        assertThatThrownBy(() -> tokens.verify(foreign)).isInstanceOf(HttpProblem.class);
    }
}
