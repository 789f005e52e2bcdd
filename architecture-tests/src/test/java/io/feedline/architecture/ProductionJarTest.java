package io.feedline.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What ships: the production jar ({@code app/target/feedline-all.jar}, built by app's package phase
 * before this module's tests run) holds the application and no benchmark, bench command or test
 * fixture. The entries are read from the jar itself, not from the build's description of it.
 */
class ProductionJarTest {
    private static List<String> entries;

    @BeforeAll
    static void readTheJar() throws IOException {
        String configured = System.getProperty("feedline.production-jar");
        assertThat(configured).as("system property feedline.production-jar (set by this module's pom)").isNotBlank();
        Path jar = Path.of(configured).normalize();
        assertThat(Files.isRegularFile(jar))
                .as("%s is missing: it is built by app's package phase. Run `mvn verify` from the root "
                        + "(or `mvn -pl architecture-tests -am verify`), not `mvn test`", jar)
                .isTrue();
        try (JarFile file = new JarFile(jar.toFile())) {
            entries = Collections.list(file.entries()).stream().map(ZipEntry::getName).toList();
        }
    }

    @Test
    void theJarIsTheApplication() {
        assertThat(entries).contains(
                "io/feedline/app/cli/FeedlineCli.class",
                "io/feedline/app/bootstrap/App.class",
                "io/feedline/domain/FeedlineCore.class",
                "io/feedline/adapter/dynamodb/DynamoStorage.class");
    }

    @Test
    void noBenchmarkClassShips() {
        assertThat(entries).as("bench classes").noneMatch(name -> name.startsWith("io/feedline/bench/"));
        assertThat(entries).as("benchmark classes anywhere in Feedline's packages")
                .noneMatch(name -> name.startsWith("io/feedline/") && name.contains("Benchmark"));
        assertThat(entries).as("a registration of an extra command (the bench adds `bench` that way)")
                .doesNotContain("META-INF/services/io.feedline.app.cli.ExtraCommand");
    }

    @Test
    void noTestFixtureShips() {
        assertThat(entries).as("test-support classes").noneMatch(name -> name.startsWith("io/feedline/testsupport/"));
        assertThat(entries).as("the DynamoDB adapter's test-jar fixture")
                .doesNotContain("io/feedline/adapter/dynamodb/PutItemPerDelivery.class");
        assertThat(entries).as("Testcontainers, which only the test fixtures use")
                .noneMatch(name -> name.startsWith("org/testcontainers/"));
    }
}
