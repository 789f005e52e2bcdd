package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.UserId;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedDynamoTest {

    @Test
    void fileBackedDataSurvivesARestartOnALoopbackPort(@TempDir Path data) {
        UserId star = TestIds.userId();
        try (EmbeddedDynamo first = EmbeddedDynamo.fileBacked(data);
                DynamoStorage storage = DynamoStorage.open(first.settings())) {
            assertThat(first.endpoint().getHost()).isEqualTo("127.0.0.1");
            assertThat(first.endpoint().getPort()).isPositive();
            storage.bootstrap();
            storage.celebrityRegistry().mark(star);
        }

        try (EmbeddedDynamo second = EmbeddedDynamo.fileBacked(data);
                DynamoStorage storage = DynamoStorage.open(second.settings())) {
            storage.bootstrap();
            assertThat(storage.celebrityRegistry().all()).containsExactly(star);
        }
    }
}
