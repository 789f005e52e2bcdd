package io.feedline.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

class ExecutablesTest {

    @Test
    void programsAreFoundOnPathAndMissingOnesAreNot() {
        assertThat(Executables.onPath("sh")).hasValueSatisfying(path -> assertThat(Files.isExecutable(path)).isTrue());
        assertThat(Executables.onPath("feedline-no-such-program")).isEmpty();
    }
}
