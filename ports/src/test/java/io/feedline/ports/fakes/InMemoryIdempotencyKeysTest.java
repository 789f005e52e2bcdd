package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.IdempotencyKeysContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.IdempotencyKeys;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class InMemoryIdempotencyKeysTest extends IdempotencyKeysContract {

    @Override
    protected IdempotencyKeys idempotencyKeys(Duration lockTimeout) {
        return new InMemoryIdempotencyKeys(lockTimeout);
    }

    @Test
    void aCompletedKeyIsForgottenAfterTheRetention() {
        InMemoryIdempotencyKeys keys = new InMemoryIdempotencyKeys(Duration.ofSeconds(30), Duration.ofHours(24));
        UserId user = TestIds.userId();
        Instant now = Instant.parse("2024-03-01T12:00:00Z");
        IdempotencyKey key = IdempotencyKey.of("k");
        keys.claim(user, key, "fp", "t1", now);
        keys.complete(new IdempotencyCompletion(user, key, "t1", "done", now));

        assertThat(keys.claim(user, key, "fp", "t2", now.plus(Duration.ofHours(23))))
                .isEqualTo(new IdempotencyClaim.Completed("fp", "done"));
        assertThat(keys.claim(user, key, "fp-new", "t3", now.plus(Duration.ofHours(25))))
                .isEqualTo(new IdempotencyClaim.Acquired());
        assertThat(keys.calls().count("claim")).isEqualTo(3);
    }
}
