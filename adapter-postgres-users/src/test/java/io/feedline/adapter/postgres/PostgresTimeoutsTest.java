package io.feedline.adapter.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FeedlineException;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A statement that runs too long is cancelled by the server; bad timeouts fail at start, naming the key. */
class PostgresTimeoutsTest {

    @RegisterExtension
    static final ThrowawaySchema schema = new ThrowawaySchema(2);

    @Test
    void aStatementPastTheStatementTimeoutIsCancelledByTheServer() {
        PostgresSettings settings = schema.settings().withTimeouts(Duration.ofSeconds(5), Duration.ofMillis(200));
        try (PostgresUsers users = PostgresUsers.open(settings)) {
            assertThatThrownBy(() -> users.jdbi().withHandle(h -> h.createQuery("SELECT pg_sleep(3)::text").mapTo(String.class).one()))
                    .hasRootCauseInstanceOf(SQLException.class)
                    .rootCause().satisfies(cause -> assertThat(((SQLException) cause).getSQLState()).isEqualTo("57014"));
            String shown = users.jdbi().withHandle(h -> h.createQuery("SHOW statement_timeout").mapTo(String.class).one());
            assertThat(shown).isEqualTo("200ms");
        }
    }

    @Test
    void theDefaultsBoundEveryStatementAndEverySocketRead() {
        PostgresSettings defaults = PostgresSettings.of("jdbc:postgresql://127.0.0.1/x", null, null);

        assertThat(defaults.statementTimeout()).isEqualTo(PostgresSettings.DEFAULT_STATEMENT_TIMEOUT);
        assertThat(defaults.socketTimeout()).isGreaterThan(defaults.statementTimeout());
        assertThatThrownBy(() -> defaults.withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(3)))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class,
                        e -> assertThat(e.field()).isEqualTo("postgres.statement-timeout"));
    }
}
