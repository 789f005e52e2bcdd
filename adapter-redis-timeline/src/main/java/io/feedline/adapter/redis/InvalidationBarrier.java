package io.feedline.adapter.redis;

import io.lettuce.core.RedisException;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits until every invalidation that Redis pushed to the tracked-reads connection before the
 * caller arrived has been applied, so that a read answered from the near caches afterwards is as
 * fresh as one that asked Redis: a {@code PING} on that connection, sent after the caller arrived,
 * has answered (Redis sends a change's invalidation as it makes the change, before the writer hears
 * back, and the push comes ahead of any later reply on the connection).
 *
 * <p>One round trip serves every caller that arrives while it is being made ready: at most one
 * {@code PING} is in flight, and the callers who arrive meanwhile share the next one, sent when it
 * answers. Under load a page then costs a fraction of a round trip; alone, one.
 */
final class InvalidationBarrier {
    private final Object lock = new Object();
    /** Guarded by {@link #lock}: the round trip the callers arriving now wait for, not sent yet. */
    private CompletableFuture<Void> next;
    /** Guarded by {@link #lock}: whether a round trip is in flight. */
    private boolean inFlight;

    /**
     * Returns once a round trip on {@code connection} that started after this call did has answered.
     *
     * @throws RedisException if it failed, or did not answer within {@code timeout}
     */
    void await(StatefulRedisConnection<String, String> connection, Duration timeout) {
        CompletableFuture<Void> mine;
        boolean send;
        synchronized (lock) {
            if (next == null) {
                next = new CompletableFuture<>();
            }
            mine = next;
            send = !inFlight;
            if (send) {
                inFlight = true;
                next = null;
            }
        }
        if (send) {
            ping(connection, mine);
        }
        try {
            mine.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RedisException redis ? redis : new RedisException(e.getCause());
        } catch (TimeoutException e) {
            throw new RedisException("no answer to the barrier's PING within " + timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RedisException("interrupted while waiting for the barrier's PING");
        }
    }

    /**
     * Sends one round trip for {@code waiting}, and when it answers, the next one if callers queued
     * meanwhile. A round trip refused or answered at once (the connection is down) settles its
     * callers here and moves on to the queued ones in a loop, not by recursion.
     */
    private void ping(StatefulRedisConnection<String, String> connection, CompletableFuture<Void> waiting) {
        CompletableFuture<Void> batch = waiting;
        while (batch != null) {
            CompletableFuture<Void> callers = batch;
            CompletableFuture<String> pong;
            try {
                pong = connection.async().ping().toCompletableFuture();
            } catch (RuntimeException e) {
                pong = CompletableFuture.failedFuture(e);
            }
            if (!pong.isDone()) {
                pong.whenComplete((answer, failure) -> {
                    settle(callers, failure);
                    CompletableFuture<Void> after = takeQueued();
                    if (after != null) {
                        ping(connection, after);
                    }
                });
                return;
            }
            settle(callers, pong.isCompletedExceptionally() ? pong.handle((answer, failure) -> failure).join() : null);
            batch = takeQueued();
        }
    }

    private static void settle(CompletableFuture<Void> batch, Throwable failure) {
        if (failure == null) {
            batch.complete(null);
        } else {
            batch.completeExceptionally(failure);
        }
    }

    /** The callers queued behind the round trip that just ended, now in flight; null (and none in flight) if none. */
    private CompletableFuture<Void> takeQueued() {
        synchronized (lock) {
            CompletableFuture<Void> queued = next;
            next = null;
            inFlight = queued != null;
            return queued;
        }
    }
}
