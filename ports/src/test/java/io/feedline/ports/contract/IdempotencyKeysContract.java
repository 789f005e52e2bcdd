package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.IdempotencyKeys;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every {@link IdempotencyKeys} store must do. Each test claims fresh keys of fresh users. */
public abstract class IdempotencyKeysContract {

    /** The keys under test, whose in-progress claims may be taken over after {@code lockTimeout}. */
    protected abstract IdempotencyKeys idempotencyKeys(Duration lockTimeout);

    private static final Duration LOCK_TIMEOUT = Duration.ofSeconds(30);

    private static IdempotencyKey freshKey() {
        return IdempotencyKey.of("key-" + TestIds.postId().value());
    }

    /** The claim token of the request with this fingerprint (one request per fingerprint in these tests). */
    private static String token(String fingerprint) {
        return "token-" + fingerprint;
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    @Test
    void firstClaimAcquiresAndASecondSeesItInProgress() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId user = TestIds.userId();
        IdempotencyKey key = freshKey();
        Instant now = now();

        assertThat(keys.claim(user, key, "fp-1", token("fp-1"), now)).isEqualTo(new IdempotencyClaim.Acquired());
        assertThat(keys.claim(user, key, "fp-1", token("fp-1"), now.plusSeconds(1)))
                .isEqualTo(new IdempotencyClaim.InProgress("fp-1", now));
        assertThat(keys.claim(user, key, "fp-other", token("fp-other"), now.plusSeconds(2)))
                .isEqualTo(new IdempotencyClaim.InProgress("fp-1", now));
    }

    @Test
    void completedKeyReplaysItsResult() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId user = TestIds.userId();
        IdempotencyKey key = freshKey();
        Instant now = now();
        String result = "{\"id\":\"01HX\",\"text\":\"it's \\\"quoted\\\" 😀\\n\"}";
        keys.claim(user, key, "fp-1", token("fp-1"), now);

        assertThat(keys.complete(new IdempotencyCompletion(user, key, token("fp-1"), result, now.plusSeconds(1)))).isTrue();

        assertThat(keys.claim(user, key, "fp-1", token("fp-1"), now.plusSeconds(2)))
                .isEqualTo(new IdempotencyClaim.Completed("fp-1", result));
        assertThat(keys.claim(user, key, "fp-2", token("fp-2"), now.plusSeconds(3)))
                .isEqualTo(new IdempotencyClaim.Completed("fp-1", result));
    }

    @Test
    void keysArePerUser() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        IdempotencyKey key = freshKey();
        Instant now = now();
        keys.claim(ann, key, "fp-ann", token("fp-ann"), now);

        assertThat(keys.claim(ben, key, "fp-ben", token("fp-ben"), now)).isEqualTo(new IdempotencyClaim.Acquired());
        keys.complete(new IdempotencyCompletion(ben, key, token("fp-ben"), "ben's result", now));
        assertThat(keys.claim(ann, key, "fp-ann", token("fp-ann"), now.plusSeconds(1)))
                .isEqualTo(new IdempotencyClaim.InProgress("fp-ann", now));
        assertThat(keys.claim(ben, key, "fp-ben", token("fp-ben"), now.plusSeconds(1)))
                .isEqualTo(new IdempotencyClaim.Completed("fp-ben", "ben's result"));
    }

    @Test
    void abandonedKeyCanBeClaimedAgain() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId user = TestIds.userId();
        IdempotencyKey key = freshKey();
        Instant now = now();
        keys.claim(user, key, "fp-1", token("fp-1"), now);

        keys.abandon(user, key, token("fp-1"));

        assertThat(keys.claim(user, key, "fp-2", token("fp-2"), now.plusSeconds(1))).isEqualTo(new IdempotencyClaim.Acquired());
        assertThat(keys.claim(user, key, "fp-3", token("fp-3"), now.plusSeconds(2)))
                .isEqualTo(new IdempotencyClaim.InProgress("fp-2", now.plusSeconds(1)));
    }

    @Test
    void abandoningAnUnknownKeyIsHarmless() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId user = TestIds.userId();
        IdempotencyKey key = freshKey();

        keys.abandon(user, key, token("fp"));

        assertThat(keys.claim(user, key, "fp", token("fp"), now())).isEqualTo(new IdempotencyClaim.Acquired());
    }

    @Test
    void staleInProgressClaimCanBeTakenOver() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId user = TestIds.userId();
        IdempotencyKey key = freshKey();
        Instant now = now();
        keys.claim(user, key, "fp-crashed", token("fp-crashed"), now);

        assertThat(keys.claim(user, key, "fp-early", token("fp-early"), now.plus(LOCK_TIMEOUT).minusSeconds(1)))
                .isEqualTo(new IdempotencyClaim.InProgress("fp-crashed", now));
        Instant late = now.plus(LOCK_TIMEOUT).plusSeconds(1);
        assertThat(keys.claim(user, key, "fp-late", token("fp-late"), late)).isEqualTo(new IdempotencyClaim.Acquired());
        assertThat(keys.claim(user, key, "fp-after", token("fp-after"), late.plusSeconds(1)))
                .isEqualTo(new IdempotencyClaim.InProgress("fp-late", late));
    }

    @Test
    void aHolderWhoseClaimWasTakenOverCanNeitherAbandonNorCompleteIt() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId user = TestIds.userId();
        IdempotencyKey key = freshKey();
        Instant now = now();
        keys.claim(user, key, "fp", "slow-first", now);
        Instant late = now.plus(LOCK_TIMEOUT).plusSeconds(1);
        assertThat(keys.claim(user, key, "fp", "retry", late)).isEqualTo(new IdempotencyClaim.Acquired());

        keys.abandon(user, key, "slow-first");
        boolean completed = keys.complete(
                new IdempotencyCompletion(user, key, "slow-first", "the slow first request's result", late.plusSeconds(1)));

        assertThat(completed).isFalse();
        assertThat(keys.claim(user, key, "fp", "third", late.plusSeconds(2)))
                .as("the retry still holds the key")
                .isEqualTo(new IdempotencyClaim.InProgress("fp", late));
        assertThat(keys.complete(new IdempotencyCompletion(user, key, "retry", "the retry's result", late.plusSeconds(3))))
                .isTrue();
        assertThat(keys.claim(user, key, "fp", "fourth", late.plusSeconds(4)))
                .isEqualTo(new IdempotencyClaim.Completed("fp", "the retry's result"));
    }

    @Test
    void aCompletedKeyCannotBeCompletedAgainNorAbandoned() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId user = TestIds.userId();
        IdempotencyKey key = freshKey();
        Instant now = now();
        keys.claim(user, key, "fp", "only", now);
        keys.complete(new IdempotencyCompletion(user, key, "only", "first", now));

        assertThat(keys.complete(new IdempotencyCompletion(user, key, "only", "second", now.plusSeconds(1)))).isFalse();
        keys.abandon(user, key, "only");

        assertThat(keys.claim(user, key, "fp", "later", now.plusSeconds(2)))
                .isEqualTo(new IdempotencyClaim.Completed("fp", "first"));
    }

    @Test
    void completedKeyIsNeverTakenOverByALateClaim() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId user = TestIds.userId();
        IdempotencyKey key = freshKey();
        Instant now = now();
        keys.claim(user, key, "fp-1", token("fp-1"), now);
        keys.complete(new IdempotencyCompletion(user, key, token("fp-1"), "done", now.plusSeconds(1)));

        assertThat(keys.claim(user, key, "fp-1", token("fp-1"), now.plus(Duration.ofHours(1))))
                .isEqualTo(new IdempotencyClaim.Completed("fp-1", "done"));
    }

    @Test
    void concurrentClaimsOfOneKeyLetExactlyOneAcquire() {
        IdempotencyKeys keys = idempotencyKeys(LOCK_TIMEOUT);
        UserId user = TestIds.userId();
        IdempotencyKey key = freshKey();
        Instant now = now();

        List<Concurrently.Outcome<IdempotencyClaim>> outcomes =
                Concurrently.run(10, i -> keys.claim(user, key, "fp-" + i, token("fp-" + i), now));

        assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
        List<IdempotencyClaim> claims = outcomes.stream().map(Concurrently.Outcome::value).toList();
        assertThat(claims).filteredOn(IdempotencyClaim.Acquired.class::isInstance).hasSize(1);
        assertThat(claims).filteredOn(IdempotencyClaim.InProgress.class::isInstance).hasSize(9);
        int winner = claims.indexOf(new IdempotencyClaim.Acquired());
        assertThat(claims).filteredOn(IdempotencyClaim.InProgress.class::isInstance)
                .containsOnly(new IdempotencyClaim.InProgress("fp-" + winner, now));
    }
}
