package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.feedline.app.web.Admission;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.out.PasswordHasher;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * At most N password checks run at once; the next callers wait in turn, a bounded number of them for
 * a bounded time, and any past those is told to come back before any part of its check (the lookup
 * included) has run.
 */
class BoundedPasswordsTest {

    @Test
    void aCallerPastTheBoundIsOverloadedAndTheSlotFreesWhenTheHashEnds() throws Exception {
        HeldHash blocking = new HeldHash();
        BoundedPasswords bounded = new BoundedPasswords(blocking, new Admission.Bounds(1, 0, Duration.ofMillis(5)));
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<PasswordHash> holder = pool.submit(() -> bounded.hash(new Password("correct horse battery")));
            blocking.inside.await();

            assertThatThrownBy(() -> bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x")))
                    .isInstanceOfSatisfying(FeedlineException.Overloaded.class,
                            e -> assertThat(e.retryAfter()).isPositive());
            assertThat(blocking.calls.get()).as("the refused call never reached the hasher").isEqualTo(1);

            blocking.release.countDown();
            holder.get();
            assertThat(bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x"))).isTrue();
        }
    }

    @Test
    void aCheckRefusedForOverloadRunsNoPartOfItselfAndAHashInsideAnAdmittedCheckTakesNoSecondSlot() throws Exception {
        PasswordHasher counting = new PasswordHasher() {
            @Override
            public PasswordHash hash(Password password) {
                return new PasswordHash("$argon2id$h");
            }

            @Override
            public boolean verify(Password password, PasswordHash hash) {
                return true;
            }
        };
        BoundedPasswords bounded = new BoundedPasswords(counting, new Admission.Bounds(1, 0, Duration.ofMillis(5)));
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger lookups = new AtomicInteger();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            // One slot: the check's own verification runs on the slot the check holds.
            Future<Boolean> holder = pool.submit(() -> bounded.admit(() -> {
                lookups.incrementAndGet();
                boolean matched = bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x"));
                inside.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return matched;
            }));
            inside.await();

            assertThatThrownBy(() -> bounded.admit(() -> lookups.incrementAndGet()))
                    .isInstanceOf(FeedlineException.Overloaded.class);
            assertThat(lookups.get()).as("the refused check never ran its lookup").isEqualTo(1);

            release.countDown();
            assertThat(holder.get()).isTrue();
            assertThat(bounded.admit(() -> lookups.incrementAndGet())).as("the slot is free again").isEqualTo(2);
        }
    }

    @Test
    void hashesRunOnPlatformThreadsOfTheirOwnAndAnInterruptedCallerHoldsItsSlotUntilTheHashEnds() throws Exception {
        HeldHash blocking = new HeldHash();
        BoundedPasswords bounded = new BoundedPasswords(blocking, new Admission.Bounds(1, 0, Duration.ofMillis(5)));
        AtomicBoolean interruptedAfter = new AtomicBoolean();
        Thread caller = Thread.ofVirtual().start(() -> {
            bounded.hash(new Password("correct horse battery"));
            interruptedAfter.set(Thread.currentThread().isInterrupted());
        });
        blocking.inside.await();
        assertThat(blocking.ranOn.get().isVirtual()).as("the hash's thread is a platform thread").isFalse();
        assertThat(blocking.ranOn.get().getName()).startsWith("password-hash-");

        caller.interrupt();
        Thread.sleep(50);
        assertThat(caller.isAlive()).as("the caller waits for its hash through the interrupt").isTrue();
        assertThatThrownBy(() -> bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x")))
                .as("the slot is still held while the hash runs")
                .isInstanceOf(FeedlineException.Overloaded.class);

        blocking.release.countDown();
        caller.join(Duration.ofSeconds(5));
        assertThat(caller.isAlive()).isFalse();
        assertThat(interruptedAfter.get()).as("the interrupt is kept for the caller").isTrue();
        assertThat(bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x"))).isTrue();
    }

    @Test
    void aCheckWaitsInTurnAndIsServedWhenTheSlotFreesWithinTheBound() throws Exception {
        HeldHash blocking = new HeldHash();
        BoundedPasswords bounded = new BoundedPasswords(blocking, new Admission.Bounds(1, 4, Duration.ofHours(1)));
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<PasswordHash> holder = pool.submit(() -> bounded.hash(new Password("correct horse battery")));
            blocking.inside.await();
            Future<Boolean> waiter = pool.submit(() -> bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x")));
            await("the second check waiting for the slot").until(() -> bounded.waiting() == 1);
            assertThat(blocking.calls.get()).as("the waiting check has not reached the hasher").isEqualTo(1);

            blocking.release.countDown();

            assertThat(holder.get().value()).isEqualTo("$argon2id$held");
            assertThat(waiter.get()).as("served once the slot freed").isTrue();
            assertThat(blocking.calls.get()).isEqualTo(2);
        }
    }

    @Test
    void pastTheQueueACheckIsShedAtOnceWhileTheQueuedOnesAreServedLater() throws Exception {
        HeldHash blocking = new HeldHash();
        BoundedPasswords bounded = new BoundedPasswords(blocking, new Admission.Bounds(1, 2, Duration.ofHours(1)));
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<PasswordHash> holder = pool.submit(() -> bounded.hash(new Password("correct horse battery")));
            blocking.inside.await();
            Future<Boolean> first = pool.submit(() -> bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x")));
            Future<Boolean> second = pool.submit(() -> bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x")));
            await("two checks queued").until(() -> bounded.waiting() == 2);

            // The hour's wait is never spent: a caller past the queue is refused on the spot.
            assertThatThrownBy(() -> bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x")))
                    .isInstanceOfSatisfying(FeedlineException.Overloaded.class,
                            e -> assertThat(e.retryAfter()).isPositive());
            assertThat(blocking.calls.get()).as("the shed check never reached the hasher").isEqualTo(1);

            blocking.release.countDown();
            holder.get();
            assertThat(first.get()).isTrue();
            assertThat(second.get()).isTrue();
        }
    }

    @Test
    void aCheckShedAtOnceIsAnsweredOnlyAfterTheShedDelaySoAFloodCannotSpin() throws Exception {
        HeldHash blocking = new HeldHash();
        java.util.List<Duration> pauses = new java.util.concurrent.CopyOnWriteArrayList<>();
        BoundedPasswords bounded = new BoundedPasswords(blocking, new Admission.Bounds(1, 0, Duration.ofHours(1)),
                Duration.ofMillis(250), pauses::add);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<PasswordHash> holder = pool.submit(() -> bounded.hash(new Password("correct horse battery")));
            blocking.inside.await();
            assertThat(pauses).as("an admitted check is not delayed").isEmpty();

            assertThatThrownBy(() -> bounded.verify(new Password("correct horse battery"), new PasswordHash("$argon2id$x")))
                    .isInstanceOf(FeedlineException.Overloaded.class);
            assertThat(pauses).as("the refused check waited out what was left of the delay before its 503")
                    .singleElement()
                    .satisfies(d -> assertThat(d).isPositive().isLessThanOrEqualTo(Duration.ofMillis(250)));
            assertThat(blocking.calls.get()).as("the shed check never reached the hasher").isEqualTo(1);

            blocking.release.countDown();
            holder.get();
        }
    }

    @Test
    void theShippedDefaultsLetAnHonestBurstOfSignUpsWaitRatherThanBeShed() {
        FeedlineConfig.Passwords defaults = FeedlineConfig.of(java.util.Map.of()).passwords();

        assertThat(defaults.maxWait()).as("password.max-wait").isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(defaults.shedDelay()).as("password.shed-delay: a flood waits for its 503").isPositive();
        assertThat(defaults.bounds().queue()).as("password.max-queued: a burst of 64 sign-ups").isGreaterThanOrEqualTo(64);
    }

    /** A hasher whose hash holds its thread until released; its verify answers at once. Both count. */
    private static final class HeldHash implements PasswordHasher {
        final CountDownLatch inside = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger calls = new AtomicInteger();
        final AtomicReference<Thread> ranOn = new AtomicReference<>();

        @Override
        public PasswordHash hash(Password password) {
            calls.incrementAndGet();
            ranOn.set(Thread.currentThread());
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
            calls.incrementAndGet();
            return true;
        }
    }
}
