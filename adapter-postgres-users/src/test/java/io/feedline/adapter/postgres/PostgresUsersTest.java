package io.feedline.adapter.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.out.HealthProbe;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresUsersTest {

    @RegisterExtension
    static final ThrowawaySchema schema = new ThrowawaySchema(2);

    @Test
    void migrateCreatesTheSchemaOnceAndThenHasNothingToDo() throws Exception {
        assertThat(schema.migrationsRun()).isEqualTo(3);
        assertThat(schema.users().migrate()).isZero();
        assertThat(schema.row("""
                        SELECT string_agg(indexname, ',' ORDER BY indexname) AS indexes
                        FROM pg_indexes WHERE schemaname = ? AND tablename = 'users'""", schema.name())
                .orElseThrow())
                .containsEntry("indexes", Stream.of(UsersTable.USERNAME_INDEX, UsersTable.EMAIL_INDEX, UsersTable.PRIMARY_KEY,
                                "users_username_prefix_idx", "users_display_name_search_idx")
                        .sorted().collect(Collectors.joining(",")));
    }

    @Test
    void migrationsRecordTheirHistoryInATableOfTheirOwn() throws Exception {
        assertThat(schema.row("SELECT script, success FROM " + UsersTable.HISTORY_TABLE + " WHERE version = '1'")
                .orElseThrow())
                .containsEntry("script", "V1__users.sql")
                .containsEntry("success", "t");
    }

    @Test
    void healthProbeAnswersWhenTheServerDoes() {
        HealthProbe probe = schema.users().healthProbe();

        probe.ping();

        assertThat(probe.component()).isEqualTo("postgres");
    }

    @Test
    void anUnreachableServerIsReportedAsStorageUnavailableEverywhere() {
        // Port 1 refuses at once; the pool still gives up only after its connect timeout.
        PostgresSettings nowhere = new PostgresSettings(
                "jdbc:postgresql://127.0.0.1:1/test", "postgres", null, 1, "public", Duration.ofMillis(500));

        try (PostgresUsers users = PostgresUsers.open(nowhere)) {
            assertThatThrownBy(() -> users.healthProbe().ping())
                    .isExactlyInstanceOf(FeedlineException.StorageUnavailable.class);
            assertThatThrownBy(users::migrate)
                    .isExactlyInstanceOf(FeedlineException.StorageUnavailable.class);
            assertThatThrownBy(() -> users.userAccounts().findAllById(List.of(TestIds.userId())))
                    .isExactlyInstanceOf(FeedlineException.StorageUnavailable.class);
        }
    }

    @Test
    void settingsNeverPrintAPassword() {
        PostgresSettings settings = PostgresSettings.of(
                "jdbc:postgresql://db:5432/feedline?user=app&password=url-secret&ssl=true", "app", "field-secret");

        assertThat(settings.toString())
                .doesNotContain("url-secret")
                .doesNotContain("field-secret")
                .contains("ssl=true");
    }

    @Test
    void settingsRefuseASchemaNameThatIsNotAPlainIdentifier() {
        PostgresSettings settings = PostgresSettings.of("jdbc:postgresql://db/feedline", null, null);

        assertThatThrownBy(() -> settings.withSchema("users; DROP SCHEMA public"))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class,
                        e -> assertThat(e.field()).isEqualTo("postgres.schema"));
        assertThatThrownBy(() -> PostgresSettings.of("jdbc:mysql://db/feedline", null, null))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class,
                        e -> assertThat(e.field()).isEqualTo("postgres.url"));
        assertThat(settings.schema()).isEqualTo("public");
    }
}
