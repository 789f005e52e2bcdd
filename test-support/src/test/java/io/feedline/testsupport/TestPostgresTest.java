package io.feedline.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class TestPostgresTest {

    @Test
    void theServerIsFoundOnceAndAnswers() {
        PostgresServer server = TestPostgres.server();

        assertThat(TestPostgres.server()).isSameAs(server);
        assertThat(server.problem()).isEmpty();
        assertThat(server.toString()).contains(server.origin());
    }

    @Test
    void dropSchemaDropsThatSchemaOnly() {
        PostgresServer server = TestPostgres.server();
        String run = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String dropped = "feedline_ts_drop_" + run;
        String kept = "feedline_ts_keep_" + run;
        server.execute("CREATE SCHEMA " + dropped);
        server.execute("CREATE TABLE " + dropped + ".t (id int)");
        server.execute("CREATE SCHEMA " + kept);
        try {
            server.dropSchema(dropped);
            server.dropSchema(dropped);

            assertThat(server.schemaExists(dropped)).isFalse();
            assertThat(server.schemaExists(kept)).isTrue();
        } finally {
            server.dropSchema(kept);
        }
    }

    @Test
    void aSchemaNameThatIsNotAPlainIdentifierIsRefused() {
        PostgresServer server = TestPostgres.server();

        assertThatThrownBy(() -> server.dropSchema("public; DROP SCHEMA x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> server.dropSchema("Upper"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aServerThatDoesNotAnswerSaysWhy() {
        PostgresServer nowhere = PostgresServer.at("jdbc:postgresql://127.0.0.1:" + FreePorts.next() + "/test", "postgres", null);

        assertThat(nowhere.problem()).hasValueSatisfying(problem -> assertThat(problem).isNotBlank());
        assertThat(nowhere.origin()).isEqualTo("given");
    }

    @Test
    void printedServersHideThePassword() {
        PostgresServer server = new PostgresServer("jdbc:postgresql://db/test?password=url-secret", "u", "field-secret", "given");

        assertThat(server.toString()).doesNotContain("url-secret").doesNotContain("field-secret");
    }
}
