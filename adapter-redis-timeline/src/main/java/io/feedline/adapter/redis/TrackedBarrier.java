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
 * answers. Under load a page then costs a fraction of a round trip; alone, one. While callers keep
 * coming, the next {@code PING} is sent from the connection's event loop as the last one answers,
 * even if nobody has queued yet ({@value #LINGER} in a row at most), so that a busy server's
 * callers seldom pay for handing a command to the event loop themselves: a profile of {@code GET
 * /feed} at 64 connections put 6% of the server's samples in the request threads' sends of the
 * barrier's {@code PING}.
 */
final class TrackedBarrier {
    /** Round trips sent in a row with nobody waiting yet, before the chain stops. */
    static final int LINGER = 2;

    private final Object lock = new Object();
    /** Guarded by {@link #lock}: the round trip the callers arriving now wait for, not sent yet. */
    private CompletableFuture<Void> next;
    /** Guarded by {@link #lock}: whether a round trip is in flight. */
    private boolean inFlight;
    /** Guarded by {@link #lock}: round trips in a row sent with nobody waiting. */
    private int idleRounds;

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
                    CompletableFuture<Void> after = takeQueued(failure == null);
                    if (after != null) {
                        ping(connection, after);
                    }
                });
                return;
            }
            settle(callers, pong.isCompletedExceptionally() ? pong.handle((answer, failure) -> failure).join() : null);
            batch = takeQueued(false);
        }
    }

    private static void settle(CompletableFuture<Void> batch, Throwable failure) {
        if (failure == null) {
            batch.complete(null);
        } else {
            batch.completeExceptionally(failure);
        }
    }

    /**
     * What the round trip that just ended is followed by, now in flight: the callers queued behind
     * it; else, if {@code mayLinger} and the chain has not idled {@value #LINGER} times, a round trip
     * nobody waits for yet (callers arriving now queue behind it); else null, and none in flight.
     */
    private CompletableFuture<Void> takeQueued(boolean mayLinger) {
        synchronized (lock) {
            CompletableFuture<Void> queued = next;
            next = null;
            if (queued != null) {
                idleRounds = 0;
            } else if (mayLinger && idleRounds < LINGER) {
                idleRounds++;
                queued = new CompletableFuture<>();
            } else {
                idleRounds = 0;
            }
            inFlight = queued != null;
            return queued;
        }
    }
}
