package io.feedline.adapter.postgres;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.out.HealthProbe;
import java.time.Duration;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;

/** {@code SELECT 1} through the pool: bounded by the pool's connect timeout, then by a query timeout. */
final class PostgresHealthProbe implements HealthProbe {
    private final Jdbi jdbi;
    private final Duration timeout;

    PostgresHealthProbe(Jdbi jdbi, Duration timeout) {
        this.jdbi = jdbi;
        this.timeout = timeout;
    }

    @Override
    public String component() {
        return PostgresErrors.COMPONENT;
    }

    @Override
    public void ping() {
        // JDBC query timeouts are whole seconds; round up so that a short timeout is never zero (= none).
        int seconds = (int) Math.max(1, (timeout.toMillis() + 999) / 1000);
        int answer;
        try {
            answer = jdbi.withHandle(handle -> handle.createQuery("SELECT 1")
                    .setQueryTimeout(seconds)
                    .mapTo(Integer.class)
                    .one());
        } catch (JdbiException e) {
            throw PostgresErrors.unavailable("did not answer SELECT 1 within " + timeout, e);
        }
        if (answer != 1) {
            throw new FeedlineException.StorageUnavailable(
                    PostgresErrors.COMPONENT, "answered SELECT 1 with " + answer, null);
        }
    }
}
