package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.out.PasswordHasher;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** At most N hashes or verifications run at once; the next caller is told to come back, not queued forever. */
class BoundedPasswordsTest {

    @Test
    void aCallerPastTheBoundIsOverloadedAndTheSlotFreesWhenTheHashEnds() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        PasswordHasher blocking = new PasswordHasher() {
            @Override
            public PasswordHash hash(Password password) {
                running.incrementAndGet();
                inside.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new PasswordHash("$argon2id$held");
            }

            @Override
            public boolean verify(Password password, PasswordHash hash) {
                running.incrementAndGet();
                return true;
            }
        };
        BoundedPasswords bounded = new BoundedPasswords(blocking, 1, Duration.ofMillis(5));
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<PasswordHash> holder = pool.submit(() -> bounded.hash(new Password("correct horse battery")));
            inside.await();

            assertThatThrownBy(() -> bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x")))
                    .isInstanceOfSatisfying(FeedlineException.Overloaded.class,
                            e -> assertThat(e.retryAfter()).isPositive());
            assertThat(running.get()).as("the refused call never reached the hasher").isEqualTo(1);

            release.countDown();
            holder.get();
            assertThat(bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x"))).isTrue();
        }
    }
}
