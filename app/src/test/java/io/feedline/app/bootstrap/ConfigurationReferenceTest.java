package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigurationReferenceTest {

    @Test
    void everyKeyOfReferenceConfSaysWhatItMeans() {
        List<String> unexplained = ConfigurationReference.entries().stream()
                .filter(entry -> entry.meaning().isBlank())
                .map(ConfigurationReference.Entry::key)
                .toList();

        assertThat(unexplained).as("keys of reference.conf without a comment").isEmpty();
    }

    @Test
    void theEntriesFollowTheFileAndCoverEveryKey() {
        List<String> keys = ConfigurationReference.entries().stream().map(ConfigurationReference.Entry::key).toList();

        assertThat(keys).first().isEqualTo("profile");
        assertThat(keys).containsExactlyInAnyOrderElementsOf(FeedlineConfig.keys().stream().map(FeedlineConfig.Key::name).toList());
        assertThat(keys.indexOf("http.host")).isLessThan(keys.indexOf("redis.uri"));
    }

    @Test
    void aDefaultTakenFromAnotherKeyKeepsItsOwnMeaning() {
        ConfigurationReference.Entry retention = ConfigurationReference.entries().stream()
                .filter(entry -> entry.key().equals("notifications.retention"))
                .findFirst().orElseThrow();

        assertThat(retention.defaultValue()).isEqualTo("90d");
        assertThat(retention.meaning()).contains("notification row").doesNotContain("durable feed items");
    }
}
