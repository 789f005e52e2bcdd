package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

class CachedRevocationsTest {

    /** The shared store as every server sees it, counting the reads that reach it. */
    private static final class SharedStore implements TokenRevocations {
        final Set<String> revoked = new HashSet<>();
        final AtomicInteger reads = new AtomicInteger();

        @Override
        public synchronized void revoke(String tokenId, Instant expiresAt) {
            revoked.add(tokenId);
        }

        @Override
        public synchronized boolean isRevoked(String tokenId) {
            reads.incrementAndGet();
            return revoked.contains(tokenId);
        }
    }

    private final SharedStore store = new SharedStore();
    private final AtomicLong nanos = new AtomicLong();
    private final Instant expiry = Instant.parse("2030-01-01T00:00:00Z");

    private CachedRevocations server(Duration recheck) {
        return new CachedRevocations(store, recheck, 1_000, nanos::get);
    }

    @Test
    void aBusyCallerCostsOneStoreReadPerIntervalNotOnePerRequest() {
        CachedRevocations server = server(Duration.ofSeconds(5));

        for (int i = 0; i < 100; i++) {
            assertThat(server.isRevoked("jti-1")).isFalse();
        }
        assertThat(store.reads).hasValue(1);

        nanos.addAndGet(Duration.ofSeconds(6).toNanos());
        assertThat(server.isRevoked("jti-1")).isFalse();
        assertThat(store.reads).hasValue(2);
    }

    @Test
    void aLogoutOnThisServerHoldsAtOnceAndOnAnotherWithinTheInterval() {
        CachedRevocations here = server(Duration.ofSeconds(5));
        CachedRevocations there = server(Duration.ofSeconds(5));
        assertThat(here.isRevoked("jti-2")).isFalse();
        assertThat(there.isRevoked("jti-2")).isFalse();

        here.revoke("jti-2", expiry);

        assertThat(here.isRevoked("jti-2")).isTrue();
        assertThat(store.revoked).contains("jti-2");
        nanos.addAndGet(Duration.ofSeconds(5).plusMillis(1).toNanos());
        assertThat(there.isRevoked("jti-2")).isTrue();
    }

    @Test
    void whileEveryRevocationIsHeardNotRevokedIsKeptLongAndAWordHeardRefusesAtOnce() {
        CachedRevocations here = server(Duration.ofSeconds(5));
        CachedRevocations there = server(Duration.ofSeconds(5));
        there.hearing(true);
        assertThat(there.isRevoked("jti-4")).isFalse();
        nanos.addAndGet(CachedRevocations.HEARD_RECHECK.minusSeconds(1).toNanos());
        assertThat(there.isRevoked("jti-4")).isFalse();
        assertThat(store.reads).as("one read, kept past the short interval").hasValue(1);

        here.revoke("jti-4", expiry);
        there.revokedElsewhere("jti-4");

        assertThat(there.isRevoked("jti-4")).as("refused at once, without asking the store").isTrue();
        assertThat(store.reads).hasValue(1);
    }

    @Test
    void aWordTheChannelLostHoldsNoLongerThanTheLongInterval() {
        CachedRevocations there = server(Duration.ofSeconds(5));
        there.hearing(true);
        assertThat(there.isRevoked("jti-5")).isFalse();

        store.revoke("jti-5", expiry);

        assertThat(there.isRevoked("jti-5")).isFalse();
        nanos.addAndGet(CachedRevocations.HEARD_RECHECK.toNanos());
        assertThat(there.isRevoked("jti-5")).isTrue();
    }

    @Test
    void theChannelDroppingOrComingBackForgetsEveryAnswerAndSetsHowLongTheNextAreKept() {
        CachedRevocations there = server(Duration.ofSeconds(5));
        there.hearing(true);
        assertThat(there.isRevoked("jti-6")).isFalse();
        // Revoked elsewhere while the channel goes down: the word is lost, and so is the answer.
        store.revoke("jti-6", expiry);
        there.hearing(false);
        assertThat(there.isRevoked("jti-6")).isTrue();

        assertThat(there.isRevoked("jti-7")).isFalse();
        nanos.addAndGet(Duration.ofSeconds(5).toNanos());
        int before = store.reads.get();
        assertThat(there.isRevoked("jti-7")).isFalse();
        assertThat(store.reads.get() - before).as("kept only for the short interval while deaf").isEqualTo(1);

        // Revoked elsewhere before the channel is back: coming back forgets the answer too.
        store.revoke("jti-7", expiry);
        there.hearing(true);
        assertThat(there.isRevoked("jti-7")).isTrue();
        assertThat(there.isRevoked("jti-8")).isFalse();
        nanos.addAndGet(Duration.ofSeconds(10).toNanos());
        before = store.reads.get();
        assertThat(there.isRevoked("jti-8")).isFalse();
        assertThat(store.reads.get() - before).as("kept long again once every revocation is heard").isZero();
    }

    @Test
    void aReadThatOverlapsAWordDoesNotKeepWhatItRead() {
        assertThat(answersAfterARace("jti-9", (there, tokenId) -> there.revokedElsewhere(tokenId))).containsExactly(false, true);
    }

    @Test
    void aReadThatOverlapsTheChannelComingBackDoesNotKeepWhatItRead() {
        // Revoked while the channel was down, so no word comes; coming back must not keep the answer read before.
        assertThat(answersAfterARace("jti-11", (there, tokenId) -> there.hearing(true))).containsExactly(false, true);
    }

    /**
     * Two requests for {@code tokenId} on a server that hears every revocation, the first racing a
     * revocation elsewhere: the store answers "not revoked", then the token is revoked and
     * {@code meanwhile} happens before the answer is kept. What the two requests were told.
     */
    private List<Boolean> answersAfterARace(String tokenId, BiConsumer<CachedRevocations, String> meanwhile) {
        AtomicReference<CachedRevocations> there = new AtomicReference<>();
        AtomicInteger raced = new AtomicInteger();
        TokenRevocations racing = new TokenRevocations() {
            @Override
            public void revoke(String id, Instant expiresAt) {
                store.revoke(id, expiresAt);
            }

            @Override
            public boolean isRevoked(String id) {
                boolean answer = store.isRevoked(id);
                if (raced.getAndIncrement() == 0) {
                    store.revoke(id, expiry);
                    meanwhile.accept(there.get(), id);
                }
                return answer;
            }
        };
        there.set(new CachedRevocations(racing, Duration.ofSeconds(5), 1_000, nanos::get));
        there.get().hearing(true);
        return List.of(there.get().isRevoked(tokenId), there.get().isRevoked(tokenId));
    }

    /** A store whose reads wait until released, then answer "not revoked" or throw {@code failure}. */
    private static final class HeldStore implements TokenRevocations {
        final CountDownLatch reading = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger reads = new AtomicInteger();
        private final RuntimeException failure;

        HeldStore(RuntimeException failure) {
            this.failure = failure;
        }

        @Override
        public void revoke(String tokenId, Instant expiresAt) {}

        @Override
        public boolean isRevoked(String tokenId) {
            reads.incrementAndGet();
            reading.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            if (failure != null) {
                throw failure;
            }
            return false;
        }
    }

    /**
     * Nine requests for one token not yet known, the first one's read held until the others have
     * asked: what each was told (its answer, or the exception it got).
     */
    private List<Object> nineRequestsDuringOneRead(HeldStore store) throws Exception {
        CachedRevocations server = new CachedRevocations(store, Duration.ofSeconds(5), 1_000, nanos::get);
        ExecutorService requests = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<Future<Boolean>> asked = new ArrayList<>();
            asked.add(requests.submit(() -> server.isRevoked("jti-12")));
            store.reading.await();
            for (int i = 0; i < 8; i++) {
                asked.add(requests.submit(() -> server.isRevoked("jti-12")));
            }
            Thread.sleep(50);
            store.release.countDown();
            List<Object> told = new ArrayList<>();
            for (Future<Boolean> request : asked) {
                try {
                    told.add(request.get());
                } catch (ExecutionException e) {
                    told.add(e.getCause());
                }
            }
            return told;
        } finally {
            requests.shutdownNow();
        }
    }

    @Test
    void requestsForATokenBeingReadWaitForThatReadAndShareItsAnswer() throws Exception {
        HeldStore store = new HeldStore(null);

        assertThat(nineRequestsDuringOneRead(store)).hasSize(9).containsOnly(false);
        assertThat(store.reads).as("one read for nine requests").hasValue(1);
    }

    @Test
    void aReadThatFailsFailsTheRequestsThatWaitedForItWithItsOwnException() throws Exception {
        IllegalStateException down = new IllegalStateException("store down");
        HeldStore store = new HeldStore(down);

        List<Object> told = nineRequestsDuringOneRead(store);

        assertThat(told).hasSize(9).allSatisfy(answer -> assertThat(answer).isSameAs(down));
        assertThat(store.reads).hasValue(1);
    }

    @Test
    void aZeroIntervalAsksTheStoreOnEveryRequestEvenWhileHearing() {
        CachedRevocations there = server(Duration.ZERO);
        there.hearing(true);
        assertThat(there.isRevoked("jti-10")).isFalse();
        assertThat(there.isRevoked("jti-10")).isFalse();
        assertThat(store.reads).hasValue(2);
    }

    @Test
    void aZeroIntervalAsksTheStoreOnEveryRequest() {
        CachedRevocations here = server(Duration.ZERO);
        CachedRevocations there = server(Duration.ZERO);
        assertThat(there.isRevoked("jti-3")).isFalse();

        here.revoke("jti-3", expiry);

        assertThat(there.isRevoked("jti-3")).isTrue();
        assertThat(store.reads).hasValue(2);
    }
}
