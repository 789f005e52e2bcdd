package io.feedline.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.adapter.postgres.PostgresSettings;
import io.feedline.testsupport.PostgresServer;
import io.feedline.testsupport.TestPostgres;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RegistrationBenchmarkTest {

    @Test
    void everyDuplicateIsRejectedAndTheSchemaIsDroppedAfterwards() {
        PostgresServer server = TestPostgres.server();
        PostgresSettings settings = new PostgresSettings(server.url(), server.user(), server.password(), 2, "public",
                Duration.ofSeconds(5));
        String schema = "feedline_bench_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

        RegistrationBenchmark.Result result = RegistrationBenchmark.run(settings, schema, 40, 2);

        assertThat(result.registrations()).isEqualTo(40);
        assertThat(result.duplicateAttempts()).as("every account is tried again, by username or by email").isEqualTo(40);
        assertThat(result.registrationsPerSecond()).isPositive();
        assertThat(server.schemaExists(schema)).as("schema %s left behind", schema).isFalse();
    }
}
